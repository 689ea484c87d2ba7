import { MOTIFS, PALETTES } from '../../database/editorial-schema';
import { editorialSvg, MOTIF_DRAWINGS, PALETTE_COLOURS } from './editorial.svg';
import { EDITORIAL_IMAGE_SIZES, editorialPicture } from './media-urls';

describe('editorial pictures', () => {
  it('draws every motif and colours every palette the content schema allows, and nothing else', () => {
    expect(Object.keys(MOTIF_DRAWINGS).sort()).toEqual([...MOTIFS].sort());
    expect(Object.keys(PALETTE_COLOURS).sort()).toEqual([...PALETTES].sort());
  });

  it('renders well-formed SVG at every size, the same bytes each time', () => {
    for (const motif of MOTIFS)
      for (const [width, height] of Object.values(EDITORIAL_IMAGE_SIZES)) {
        const svg = editorialSvg(motif, 'teal', width, height);
        expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${width}" height="${height}"`));
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|<text/);
        expect(editorialSvg(motif, 'teal', width, height)).toBe(svg);
      }
    expect(editorialSvg('sun', 'teal', 360, 203)).not.toBe(editorialSvg('sun', 'orange', 360, 203));
  });

  it('builds immutable URLs with 2x twins for cards, paragraphs, slides and icons', () => {
    const card = editorialPicture({ motif: 'moon', palette: 'navy' }, 'card', '');
    expect(card).toMatchObject({ width: 360, height: 203, alt: '' });
    expect(card.fallback).toMatch(/^\/media\/editorial\/moon\/navy\/[0-9a-f]{10}\/card\.png$/);
    expect(card.webp2x).toMatch(/\/card2x\.webp$/);
    expect(card.avif).toBe(card.webp.replace(/\.webp$/, '.avif'));
    expect(card.avif2x).toMatch(/\/card2x\.avif$/);
    expect(editorialPicture({ motif: 'moon', palette: 'navy' }, 'cover', '').webp2x).toBeUndefined();
  });
});
