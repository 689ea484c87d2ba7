import { parseListOptions } from './product-list.service';

describe('parseListOptions (the product list query string)', () => {
  it('defaults: position order, the whole price range, grid', () => {
    expect(parseListOptions({})).toEqual({ sort: 'asc_order', price: { min: 0, max: 10000 }, display: 'grid' });
  });

  it('takes a known sort and display, ignores unknown ones', () => {
    expect(parseListOptions({ sort: 'desc_price', display: 'horizontal' })).toMatchObject({
      sort: 'desc_price',
      display: 'horizontal',
    });
    expect(parseListOptions({ sort: 'random', display: 'table' })).toMatchObject({
      sort: 'asc_order',
      display: 'grid',
    });
    expect(parseListOptions({ sort: ['asc_price'] })).toMatchObject({ sort: 'asc_order' });
  });

  it('reads prices with up to 2 decimals, clamps them to the range and swaps an inverted range', () => {
    expect(parseListOptions({ price_min: '10.5', price_max: '20' }).price).toEqual({ min: 10.5, max: 20 });
    expect(parseListOptions({ price_min: '30', price_max: '5' }).price).toEqual({ min: 5, max: 30 });
    expect(parseListOptions({ price_max: '99999' }).price).toEqual({ min: 0, max: 10000 });
  });

  it('falls back to the default for anything that is not a plain amount (never a 500)', () => {
    for (const bad of ['-1', '1e300', 'NaN', '10.123', '', '0x10', ' 5', '5\u0000']) {
      expect(parseListOptions({ price_min: bad, price_max: bad }).price).toEqual({ min: 0, max: 10000 });
    }
    expect(parseListOptions({ price_min: ['1', '2'] }).price.min).toBe(0);
  });
});
