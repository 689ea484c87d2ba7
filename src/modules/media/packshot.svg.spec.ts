import sharp from 'sharp';
import { brandLogoSvg } from './brand-logo.svg';
import { labelName, PRODUCT_SHAPES, productSvg } from './packshot.svg';

const input = { brandName: 'Lactibiane', name: 'Lactibiane Référence', shape: 'box', color: '#0b7a75' };
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('productSvg', () => {
  it('draws a square image of the asked size with the brand and the name as text', () => {
    const sut = productSvg(input, 140);
    expect(sut).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="140" height="140" viewBox="[\d ]+">/);
    expect(texts(sut)).toEqual(['LACTIBIANE', 'Référence']);
    expect(sut).toContain(
      'font-family="&apos;Helvetica Neue&apos;, Helvetica, Arial, &apos;Liberation Sans&apos;, &apos;DejaVu Sans&apos;, sans-serif"',
    );
  });

  it('escapes markup in names so the SVG stays well-formed', async () => {
    const sut = productSvg({ ...input, brandName: 'A&B "Labs"', name: `Crème <script>alert('x')</script> & co` }, 300);
    expect(sut).not.toContain('<script>');
    expect(sut).toContain('A&amp;B &quot;LABS&quot;');
    expect(sut).toContain('&lt;script&gt;');
    expect(sut).toContain('&amp; co');
    const meta = await sharp(Buffer.from(sut)).metadata();
    expect(meta).toMatchObject({ format: 'svg', width: 300, height: 300 });
  });

  it('drops characters that XML forbids', () => {
    expect(productSvg({ ...input, name: 'Bad\u0001Name' }, 140)).toContain('BadName');
  });

  it.each(PRODUCT_SHAPES)('draws the %s shape as valid SVG', async (shape) => {
    const sut = productSvg({ ...input, shape }, 140);
    const { data, info } = await sharp(Buffer.from(sut)).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 140, height: 140 });
    // A very light background around a coloured drawing.
    expect(Math.min(data[0], data[1], data[2])).toBeGreaterThan(225);
    const { channels } = await sharp(Buffer.from(sut)).stats();
    expect(channels[0].stdev).toBeGreaterThan(20);
  });

  it('gives each shape its own drawing and falls back to a box for an unknown shape', () => {
    const drawings = new Set(PRODUCT_SHAPES.map((shape) => productSvg({ ...input, shape }, 140)));
    expect(drawings.size).toBe(PRODUCT_SHAPES.length);
    expect(productSvg({ ...input, shape: 'amphora' }, 140)).toBe(productSvg({ ...input, shape: 'box' }, 140));
  });

  it('accepts a colour name of the vocabulary and ignores anything that is not a colour', () => {
    expect(productSvg({ ...input, color: 'teal' }, 140)).toBe(productSvg({ ...input, color: '#0b7a75' }, 140));
    const hostile = productSvg({ ...input, color: 'red"/><script>' }, 140);
    expect(hostile).not.toContain('script');
  });

  it('wraps a long name over several lines and never loses the band', () => {
    const sut = productSvg(
      { ...input, shape: 'bottle', name: 'Noctalyne Sommeil & Mélatonine 1,9 mg en gélules végétales' },
      300,
    );
    const lines = texts(sut).slice(1);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(4);
    // A quantity stays with its unit.
    expect(lines.some((l) => l.endsWith('1,9'))).toBe(false);
  });

  it('is deterministic', () => {
    expect(productSvg(input, 600)).toBe(productSvg(input, 600));
  });
});

describe('labelName', () => {
  it('does not repeat the brand in front of the name', () => {
    expect(labelName('Lactibiane Référence', 'Lactibiane')).toBe('Référence');
    expect(labelName('LACTIBIANE – Voyage', 'Lactibiane')).toBe('Voyage');
    expect(labelName('Lactibiane', 'Lactibiane')).toBe('Lactibiane');
    expect(labelName('Formag', 'Lactibiane')).toBe('Formag');
  });
});

describe('brandLogoSvg', () => {
  it('draws the wordmark and the initial, escaped, at the asked size', async () => {
    const sut = brandLogoSvg({ name: 'Eclatia & <Co>', color: '#c2185b' }, 80, 60, 'wide');
    expect(texts(sut)).toEqual(['E', 'Eclatia &amp; &lt;Co&gt;']);
    const meta = await sharp(Buffer.from(sut)).metadata();
    expect(meta).toMatchObject({ width: 80, height: 60 });
  });

  it('draws the emblem alone as an icon', () => {
    expect(texts(brandLogoSvg({ name: 'Formag', color: '#6a3d9a' }, 40, 40, 'icon'))).toEqual(['F']);
  });
});
