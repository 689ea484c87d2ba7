import { brandLogo, imageVersion, MEDIA_STYLE, productImageVersion, productPicture } from './media-urls';

describe('media urls', () => {
  const image = { shape: 'box', color: '#0b7a75' };

  it('builds WebP and PNG sources with a 2x twin for the card', () => {
    const sut = productPicture('LAC-REF-30', 'Lactibiane Référence', 'Lactibiane', image, 'card');
    const version = imageVersion(
      MEDIA_STYLE,
      'product',
      'LAC-REF-30',
      'Lactibiane Référence',
      'Lactibiane',
      'box',
      '#0b7a75',
    );
    expect(sut).toEqual({
      webp: `/media/product/lac-ref-30/${version}/card.webp`,
      fallback: `/media/product/lac-ref-30/${version}/card.png`,
      webp2x: `/media/product/lac-ref-30/${version}/card2x.webp`,
      fallback2x: `/media/product/lac-ref-30/${version}/card2x.png`,
    });
    expect(productPicture('LAC-REF-30', 'x', 'y', image, 'zoom').webp2x).toBeUndefined();
  });

  it('changes the version with anything the picture shows', () => {
    const subject = { reference: 'A', name: 'N', brandName: 'B', image };
    const base = productImageVersion(subject);
    expect(productImageVersion({ ...subject, name: 'N2' })).not.toBe(base);
    expect(productImageVersion({ ...subject, image: { ...image, shape: 'jar' } })).not.toBe(base);
    expect(productImageVersion({ ...subject, image: { ...image, color: '#000000' } })).not.toBe(base);
    expect(productImageVersion({ ...subject })).toBe(base);
  });

  it('builds brand logo sources', () => {
    const sut = brandLogo('formag', 'Formag', '#6a3d9a', 'logo');
    expect(sut.webp).toMatch(/^\/media\/brand\/formag\/[0-9a-f]{10}\/logo\.webp$/);
    expect(sut.fallback2x).toMatch(/\/logo2x\.png$/);
  });
});
