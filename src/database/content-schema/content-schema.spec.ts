import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { loadCatalogue } from '../seed/catalogue-content';
import {
  brandSchema,
  flattenIssues,
  INT4_MAX,
  MAX_DEPTH,
  needSchema,
  productSchema,
  redirectionSchema,
  settingSchema,
  storeSchema,
  unsafeJsonPaths,
} from '.';

const root = join(__dirname, '../../../content');
const pack = loadCatalogue(root)!;
const product = JSON.parse(readFileSync(join(root, 'catalogue/products/art-001.json'), 'utf8')) as Record<
  string,
  unknown
>;
const issues = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : flattenIssues(parsed.error.issues);
};

describe('content schemas', () => {
  it('accept the whole content pack (the seed loads it through them)', () => {
    expect(pack.products.length).toBeGreaterThan(50);
    expect(pack.brands.length).toBeGreaterThan(3);
    expect(pack.needs.length).toBeGreaterThan(10);
  });

  it('name every faulty field of a product, nested ones by their path', () => {
    const bad = {
      ...product,
      reference: 'art 1',
      price: -1,
      position: INT4_MAX + 1,
      volume_discounts: [{ quantity_min: 5, quantity_max: 2, price: 1 }],
      caracteristics: { ...(product.caracteristics as object), sparkle: 1 },
      texts: { ...(product.texts as object), xx: { name: 'x', slug: 'x' } },
      extra: true,
    };
    expect(Object.keys(issues(productSchema, bad)).sort()).toEqual(
      [
        '(body)',
        'caracteristics.sparkle',
        'position',
        'price',
        'reference',
        'texts.xx',
        'volume_discounts.0.quantity_max',
      ].sort(),
    );
  });

  it('bound numbers to what the database holds and refuse 1e300, NaN-like and huge strings', () => {
    expect(issues(productSchema, { ...product, price: 1e300 })).toHaveProperty('price');
    expect(issues(productSchema, { ...product, position: 2 ** 53 + 2 })).toHaveProperty('position');
    expect(
      issues(storeSchema, { slug: 'a', name: 'A', zipcode: '1003', city: 'X', latitude: 91, longitude: 6 }),
    ).toEqual({
      latitude: expect.any(String),
    });
    expect(issues(settingSchema, { code: 'a', value: 'x'.repeat(10_001) })).toHaveProperty('value');
  });

  it('refuse control characters in any string and nesting deeper than the limit, iteratively', () => {
    expect(unsafeJsonPaths({ a: [{ b: 'x\u0000y' }], c: 'tab\tand\nline' })).toEqual({ 'a.0.b': expect.any(String) });
    expect(unsafeJsonPaths({ ['k\u0000']: 1 })).toEqual({ '"k\\u0000"': 'key must not contain control characters' });
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.values(unsafeJsonPaths({ deep }))).toEqual([`nested deeper than ${MAX_DEPTH} levels`]);
  });

  it('check needs, brands, redirections and settings', () => {
    expect(issues(needSchema, { key: 'a', parent: 'a', order: 1, texts: { fr: { label: 'A', slug: 'a' } } })).toEqual({
      parent: 'a need is not its own parent',
    });
    expect(issues(needSchema, { key: 'a', parent: null, order: 1, texts: { de: { label: 'A', slug: 'a' } } })).toEqual({
      'texts.fr': 'every need has French',
    });
    expect(issues(brandSchema, { ...pack.brands[0], color: 'red' })).toHaveProperty('color');
    expect(issues(redirectionSchema, { match: 'path', source: '/a?b', target: '/c', code: 301 })).toHaveProperty(
      'source',
    );
    expect(
      issues(redirectionSchema, { match: 'path', source: '/a', target: 'javascript:alert(1)', code: 301 }),
    ).toHaveProperty('target');
    expect(issues(redirectionSchema, { match: 'path', source: '/a', target: '/b', code: 200 })).toHaveProperty('code');
    expect(
      issues(redirectionSchema, { match: 'host', source: 'www.example.ch', target: 'https://example.ch/', code: 301 }),
    ).toEqual({});
    expect(issues(settingSchema, { code: 'Bad-Code', value: 'x' })).toHaveProperty('code');
  });
});
