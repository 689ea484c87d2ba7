import {
  CATEGORY_EXTRACT_MAX,
  CATEGORY_META_MAX,
  cutText,
  expertiseSlug,
  isNew,
  PRODUCT_META_MAX,
  productTabs,
  PROMO_TEXT_MAX,
} from './catalogue.rules';

describe('catalogue rules', () => {
  describe(isNew.name, () => {
    const now = new Date('2026-11-22T12:00:00Z');
    it('is new while now lies between is_new_from and is_new_to', () => {
      expect(isNew('2026-09-01', '2027-03-01', now)).toBe(true);
      expect(isNew('2026-11-22T12:00:00Z', '2026-11-22T12:00:00Z', now)).toBe(true);
    });
    it('is not new before, after, or without dates', () => {
      expect(isNew('2026-12-01', '2027-03-01', now)).toBe(false);
      expect(isNew('2025-01-01', '2025-12-31', now)).toBe(false);
      expect(isNew(null, '2027-01-01', now)).toBe(false);
      expect(isNew('2026-01-01', null, now)).toBe(false);
    });
  });

  describe(cutText.name, () => {
    const long = 'a'.repeat(400);

    it('keeps short texts whole, without markup', () => {
      expect(cutText('<p>Court  texte</p>', PRODUCT_META_MAX)).toBe('Court texte');
      expect(cutText('a'.repeat(100), CATEGORY_EXTRACT_MAX)).toBe('a'.repeat(100));
    });

    it('cuts the product meta description at 249 characters plus the ellipsis (SPEC §5)', () => {
      expect(cutText(long, PRODUCT_META_MAX)).toBe(`${'a'.repeat(249)}…`);
    });

    it('cuts the category meta description at 247 characters plus the ellipsis (SPEC §5)', () => {
      expect(cutText(long, CATEGORY_META_MAX)).toBe(`${'a'.repeat(247)}…`);
    });

    it('cuts the category extract and the promo text at 100 and 300 characters, ellipsis included (SPEC §9)', () => {
      expect(Array.from(cutText(`<p>${long}</p>`, CATEGORY_EXTRACT_MAX))).toHaveLength(100);
      expect(cutText(long, CATEGORY_EXTRACT_MAX).endsWith('…')).toBe(true);
      expect(Array.from(cutText(long, PROMO_TEXT_MAX))).toHaveLength(300);
    });
  });

  describe(expertiseSlug.name, () => {
    it('is letters only, lower-cased and accent-stripped', () => {
      expect(expertiseSlug('Immunité')).toBe('immunite');
      expect(expertiseSlug('Stress & Fatigue 2')).toBe('stressfatigue');
      expect(expertiseSlug('Schönheit')).toBe('schonheit');
    });
  });

  describe(productTabs.name, () => {
    const base = {
      productType: 'standard',
      hasUsage: true,
      hasIngredientsOrNutrition: true,
      notSoldInStore: false,
      hasDocuments: true,
      hasAdvices: true,
      hasRelated: true,
    };
    it('shows every tab when every condition holds', () => {
      expect(productTabs(base).map((t) => t.id)).toEqual([
        'description',
        'usage',
        'composition',
        'store-locator',
        'documents',
        'advices',
        'related',
      ]);
    });
    it('titles the descriptive tab "advice tips" for insudiet', () => {
      expect(productTabs({ ...base, productType: 'insudiet' })[0].titleKey).toBe('product.tabs.advice_tips');
      expect(productTabs(base)[0].titleKey).toBe('product.tabs.description');
    });
    it('drops each conditional tab when its condition fails', () => {
      const ids = productTabs({
        ...base,
        hasUsage: false,
        hasIngredientsOrNutrition: false,
        notSoldInStore: true,
        hasDocuments: false,
        hasAdvices: false,
        hasRelated: false,
      }).map((t) => t.id);
      expect(ids).toEqual(['description']);
    });
  });
});
