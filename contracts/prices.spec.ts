import { contentProducts } from '../test/support/content';
import { formatPrice, QUANTITY_BOX_MAX, rowCovers, tierRows, unitPriceFor } from './prices';

describe('price rules', () => {
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

  describe(tierRows.name, () => {
    const base = 32.9;
    const tierSets: Array<[string, Array<{ quantity_min: number; quantity_max: number; price: number }>]> = [
      ['open-ended up to the box', [{ quantity_min: 4, quantity_max: 100, price: 27.5 }]],
      [
        'last tier ending at quantity_max 99',
        [
          { quantity_min: 2, quantity_max: 4, price: 29.9 },
          { quantity_min: 4, quantity_max: 99, price: 27.5 },
        ],
      ],
      [
        'overlapping tiers (the first one wins)',
        [
          { quantity_min: 2, quantity_max: 6, price: 30 },
          { quantity_min: 4, quantity_max: 10, price: 28 },
        ],
      ],
      [
        'a gap before the next tier',
        [
          { quantity_min: 2, quantity_max: 3, price: 31 },
          { quantity_min: 5, quantity_max: 500, price: 25 },
        ],
      ],
      ['beyond the box', [{ quantity_min: 150, quantity_max: 200, price: 20 }]],
      ...contentProducts()
        .filter((p) => p.volume_discounts.length > 0)
        .map((p): [string, typeof p.volume_discounts] => [`content ${p.reference}`, p.volume_discounts]),
    ];

    it.each(tierSets)(
      '%s: at every quantity of the box, the price shown is the price of the one line whose label covers it',
      (_name, tiers) => {
        const rows = tierRows(tiers);
        for (let quantity = 1; quantity <= QUANTITY_BOX_MAX; quantity++) {
          const covering = rows.filter((row) => rowCovers(row, quantity));
          const shown = unitPriceFor(base, tiers, quantity);
          expect({ quantity, lines: covering.length }).toEqual({ quantity, lines: covering.length ? 1 : 0 });
          expect({ quantity, price: shown }).toEqual({ quantity, price: covering[0]?.price ?? base });
        }
      },
    );

    it('labels a tier "from N" only when it lasts up to the box max', () => {
      expect(tierRows([{ quantity_min: 4, quantity_max: 100, price: 27.5 }])).toEqual([
        { from: 4, to: null, price: 27.5 },
      ]);
      expect(
        tierRows([
          { quantity_min: 2, quantity_max: 4, price: 29.9 },
          { quantity_min: 4, quantity_max: 99, price: 27.5 },
        ]),
      ).toEqual([
        { from: 2, to: 3, price: 29.9 },
        { from: 4, to: 98, price: 27.5 },
      ]);
      expect(unitPriceFor(base, [{ quantity_min: 4, quantity_max: 99, price: 27.5 }], 99)).toBe(base);
    });

    it('leaves out the tiers the box cannot reach', () => {
      expect(tierRows([{ quantity_min: 150, quantity_max: 200, price: 20 }])).toEqual([]);
    });

    it("gives the demo content's last tiers to every quantity up to the box max", () => {
      for (const product of contentProducts().filter((p) => p.volume_discounts.length > 0)) {
        const rows = tierRows(product.volume_discounts);
        expect({ product: product.reference, to: rows[rows.length - 1].to }).toEqual({
          product: product.reference,
          to: null,
        });
      }
    });
  });
});
