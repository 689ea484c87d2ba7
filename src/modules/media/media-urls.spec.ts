import {
  brandLogo,
  galleryVisuals,
  imageVersion,
  MEDIA_STYLE,
  productImageVersion,
  productPicture,
  slidePicture,
  slideVersion,
} from './media-urls';

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

  describe('galleryVisuals', () => {
    it('lists the slide_product visuals in order, then the active_ingredient_N slides by N', () => {
      const sut = galleryVisuals({
        active_ingredient: ['zinc', 'magnesium'],
        active_ingredient_10: { ingredient: 'zinc', amount: '10 mg' },
        active_ingredient_2: { ingredient: 'magnesium', amount: ' 300 mg ' },
        slide_product: ['content', 'packshot'],
        active_ingredient_1: { ingredient: 'vitamine_b6' },
      });
      expect(sut).toEqual([
        { visual: 'content' },
        { visual: 'packshot' },
        { visual: 'ingredient-1', ingredientKey: 'vitamine_b6', amount: null },
        { visual: 'ingredient-2', ingredientKey: 'magnesium', amount: '300 mg' },
        { visual: 'ingredient-10', ingredientKey: 'zinc', amount: '10 mg' },
      ]);
    });

    it('shows the packshot alone without slide_product, and leaves malformed entries out', () => {
      expect(galleryVisuals(null)).toEqual([{ visual: 'packshot' }]);
      expect(
        galleryVisuals({
          slide_product: ['video', 'content', 'content'],
          active_ingredient_0: { ingredient: 'zinc' },
          active_ingredient_x: { ingredient: 'zinc' },
          active_ingredient_3: { ingredient: '<script>' },
          active_ingredient_4: 'zinc',
        }),
      ).toEqual([{ visual: 'content' }]);
    });
  });

  it('builds gallery visual sources whose version follows what they draw', () => {
    const subject = {
      reference: 'ART-001',
      visual: 'ingredient-1',
      color: '#c0392b',
      galenicFormat: 'comprime',
      ingredient: { name: 'Glucosamine', amount: '1000 mg' },
    };
    const sut = slidePicture(subject, 'zoom');
    expect(sut.webp).toBe(`/media/slide/art-001/ingredient-1/${slideVersion(subject)}/zoom.webp`);
    expect(sut.fallback).toMatch(/\/zoom\.png$/);
    expect(slideVersion({ ...subject, ingredient: { name: 'Glucosamine', amount: '1500 mg' } })).not.toBe(
      slideVersion(subject),
    );
  });
});
