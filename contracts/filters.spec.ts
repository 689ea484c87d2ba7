import {
  countSelected,
  facetsOf,
  isIndexableSelection,
  MIN_FILTERED_LIST_PRODUCTS,
  pairsToSelection,
  selectionToPairs,
  toggleFilter,
} from './filters';

describe('product filters', () => {
  it('adds a value on first toggle and removes it on the second; an emptied type is dropped', () => {
    const once = toggleFilter({}, 'brand', 'formag');
    expect(once).toEqual({ brand: ['formag'] });
    const twice = toggleFilter(once, 'brand', 'lactibiane');
    expect(twice).toEqual({ brand: ['formag', 'lactibiane'] });
    const removed = toggleFilter(toggleFilter(twice, 'brand', 'formag'), 'brand', 'lactibiane');
    expect(removed).toEqual({});
    expect('brand' in removed).toBe(false);
  });

  it('reads URL pairs into a selection (unknown names refused) and writes them back in a stable order', () => {
    const selection = pairsToSelection([
      { name: 'flavour', value: 'vanille' },
      { name: 'brand', value: 'insudiet' },
      { name: 'flavour', value: 'chocolat' },
      { name: 'flavour', value: 'chocolat' },
    ]);
    expect(selection).toEqual({ flavour: ['vanille', 'chocolat'], brand: ['insudiet'] });
    expect(selectionToPairs(selection!)).toEqual([
      { name: 'brand', value: 'insudiet' },
      { name: 'flavour', value: 'chocolat' },
      { name: 'flavour', value: 'vanille' },
    ]);
    expect(pairsToSelection([{ name: 'price', value: '10' }])).toBeNull();
    expect(countSelected(selection!)).toBe(3);
  });

  it('indexes a product under each of its filter values', () => {
    const facets = facetsOf({
      brand: 'lactibiane',
      reference: 'LAC-001',
      needs: ['transit', 'transit'],
      caracteristics: {
        galenic_format: 'gelule',
        active_ingredient: ['zinc', 'vitamine_c'],
        not_sold_in_store: true,
        flavour: null,
      },
    });
    expect(facets).toEqual(
      expect.arrayContaining([
        { name: 'brand', value: 'lactibiane' },
        { name: 'products', value: 'lac-001' },
        { name: 'need', value: 'transit' },
        { name: 'galenic_format', value: 'gelule' },
        { name: 'active_ingredient', value: 'zinc' },
        { name: 'active_ingredient', value: 'vitamine_c' },
        { name: 'no_sell_inline', value: 'true' },
      ]),
    );
    expect(facets.filter((f) => f.name === 'need')).toHaveLength(1);
    expect(facets.some((f) => f.name === 'flavour')).toBe(false);
  });

  it('makes a list a page for search engines with no filter, or one filter of a family with 2 products', () => {
    expect(isIndexableSelection([], 1)).toBe(true);
    expect(isIndexableSelection([], 0)).toBe(false);
    for (const name of ['brand', 'need', 'galenic_format', 'active_ingredient']) {
      expect(isIndexableSelection([{ name }], MIN_FILTERED_LIST_PRODUCTS)).toBe(true);
      expect(isIndexableSelection([{ name }], MIN_FILTERED_LIST_PRODUCTS - 1)).toBe(false);
    }
    for (const name of ['products', 'flavour', 'color', 'diner_type', 'no_sell_inline'])
      expect(isIndexableSelection([{ name }], 50)).toBe(false);
    expect(isIndexableSelection([{ name: 'brand' }, { name: 'need' }], 50)).toBe(false);
    expect(isIndexableSelection([{ name: 'brand' }, { name: 'brand' }], 50)).toBe(false);
  });
});
