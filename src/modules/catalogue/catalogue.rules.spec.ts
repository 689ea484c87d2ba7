import { cutText, expertiseSlug, formatPrice, isNew, productTabs, unitPriceFor } from './catalogue.rules';

describe('catalogue rules', () => {
  describe(formatPrice.name, () => {
    it('uses a comma decimal, two decimals only when fractional or forced (SPEC §9)', () => {
      expect(formatPrice(32.9)).toBe('32,90');
      expect(formatPrice(25)).toBe('25');
      expect(formatPrice(25, { forceDecimals: true })).toBe('25,00');
      expect(formatPrice('18.45', { currency: 'CHF' })).toBe('CHF 18,45');
      expect(formatPrice(1234.5)).toBe('1\u202f234,50');
      expect(formatPrice(0.1 + 0.2)).toBe('0,30');
    });
  });

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

  describe(unitPriceFor.name, () => {
    const tiers = [
      { quantity_min: 2, quantity_max: 4, price: 29.9 },
      { quantity_min: 4, quantity_max: 99, price: 27.5 },
    ];
    it('follows the tier where quantity >= quantity_min and < quantity_max', () => {
      expect(unitPriceFor(32.9, tiers, 1)).toBe(32.9);
      expect(unitPriceFor(32.9, tiers, 2)).toBe(29.9);
      expect(unitPriceFor(32.9, tiers, 3)).toBe(29.9);
      expect(unitPriceFor(32.9, tiers, 4)).toBe(27.5);
      expect(unitPriceFor(32.9, tiers, 99)).toBe(32.9);
      expect(unitPriceFor(32.9, [], 5)).toBe(32.9);
    });
  });

  describe(cutText.name, () => {
    it('keeps short texts and cuts long ones at max characters plus an ellipsis, without markup', () => {
      expect(cutText('<p>Court  texte</p>', 249)).toBe('Court texte');
      const long = 'a'.repeat(300);
      expect(cutText(long, 249)).toBe(`${'a'.repeat(249)}…`);
      expect(cutText(long, 247)).toHaveLength(248);
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
