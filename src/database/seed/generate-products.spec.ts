import { generateProducts, generatedReference, generatorReference, slugify } from './generate-products';

describe('generateProducts', () => {
  const reference = generatorReference();
  const sut = generateProducts(500, reference);
  const vocabulary = (kind: string) => Object.keys(reference.vocabularies[kind] ?? {});

  it('is deterministic and numbers references GEN-000001…', () => {
    expect(generateProducts(500, reference)).toEqual(sut);
    expect(sut.map((p) => p.reference).slice(0, 2)).toEqual(['GEN-000001', 'GEN-000002']);
    expect(generatedReference(10000)).toBe('GEN-010000');
    expect(generateProducts(500, reference, 2)).not.toEqual(sut);
  });

  it('gives unique, well-formed slugs per locale, avoiding slugs already taken', () => {
    for (const locale of ['fr', 'de']) {
      const slugs = sut.map((p) => p.texts[locale].slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const first = sut[0].texts.fr.slug;
    const again = generateProducts(1, { ...reference, takenSlugs: { fr: new Set([first]) } });
    expect(again[0].texts.fr.slug).toBe(`${first}-2`);
  });

  it('uses the keys of the content pack and valid EAN-13 codes', () => {
    const brands = reference.brands.map((b) => b.key);
    for (const p of sut) {
      expect(brands).toContain(p.brand);
      for (const key of p.expertises) expect(reference.expertises).toContain(key);
      for (const key of p.needs) expect(reference.needs).toContain(key);
      expect(vocabulary('galenic_format')).toContain(p.caracteristics.galenic_format);
      for (const key of p.caracteristics.active_ingredient ?? [])
        expect(vocabulary('active_ingredient')).toContain(key);
      for (const key of p.caracteristics.labels ?? []) expect(vocabulary('labels')).toContain(key);
      if (p.caracteristics.flavour) expect(vocabulary('flavour')).toContain(p.caracteristics.flavour);
      const digits = [...p.ean].map(Number);
      expect(digits).toHaveLength(13);
      expect(digits.reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0) % 10).toBe(0);
      expect(p.texts.fr.name).not.toBe('');
      expect(p.texts.de.name).not.toBe('');
      expect(p.faqs.length).toBeLessThanOrEqual(3);
    }
  });

  it('mixes the optional parts: discounts, novelties, promotions, nutrition, FAQs', () => {
    const share = (test: (p: (typeof sut)[number]) => boolean) => sut.filter(test).length / sut.length;
    expect(share((p) => p.volume_discounts.length > 0)).toBeGreaterThan(0.05);
    expect(share((p) => p.is_new_from !== null)).toBeGreaterThan(0.03);
    expect(share((p) => p.promoted)).toBeGreaterThan(0.02);
    expect(share((p) => p.nutrition !== null)).toBeGreaterThan(0.2);
    expect(share((p) => p.faqs.length > 0)).toBeGreaterThan(0.3);
    expect(share((p) => p.packaging_group !== null)).toBeGreaterThan(0.1);
  });

  it('only links a product to earlier ones, and groups packs of the same product', () => {
    sut.forEach((p, i) => {
      for (const ref of p.associates) expect(ref < p.reference).toBe(true);
      if (p.packaging_group && i > 0 && sut[i - 1].packaging_group === p.packaging_group) {
        expect(p.texts.fr.name).toBe(sut[i - 1].texts.fr.name);
        expect(p.texts.fr.slug).not.toBe(sut[i - 1].texts.fr.slug);
      }
    });
  });
});

describe('slugify', () => {
  it('folds accents and ligatures', () => {
    expect(slugify('Cœur Oméga-3 (60 capsules)')).toBe('coeur-omega-3-60-capsules');
    expect(slugify('Süßstoff  Grün')).toBe('sussstoff-grun');
  });
});
