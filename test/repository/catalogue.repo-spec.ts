import 'reflect-metadata';
import { loadConfig } from '../../src/config/app.config';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { seedAll } from '../../src/database/seed/seed';
import { CatalogueRepository } from '../../src/modules/catalogue/catalogue.repository';
import type { ProductQuery } from '../../src/modules/catalogue/catalogue.types';
import { FILTERS } from '../../contracts/filters';

/**
 * The repository tier: the catalogue's SQL against a real database, the embedded PGlite by default
 * and the PostgreSQL server with DATABASE_URL (CI runs both). The same queries must give the same
 * answers on both: this is where a difference between the two engines would show.
 */
describe(`CatalogueRepository on ${process.env.DATABASE_URL ? 'the PostgreSQL server' : 'PGlite'}`, () => {
  let db: Database;
  let repo: CatalogueRepository;
  const base: ProductQuery = { locale: 'fr', salesPlanId: 1, perPage: 1000, page: 1 };

  beforeAll(async () => {
    db = await openDatabase(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', DATABASE_URL: process.env.DATABASE_URL }),
    );
    await migrateToLatest(db);
    await seedAll(db);
    repo = new CatalogueRepository(db);
  }, 120000);
  afterAll(async () => db?.destroy());

  it('lists published products, with a total that matches the rows, and pages through them', async () => {
    const all = await repo.listProducts(base);
    expect(all.total).toBeGreaterThan(20);
    expect(all.items).toHaveLength(all.total);
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 12); page++) {
      const { items, total } = await repo.listProducts({ ...base, perPage: 12, page });
      expect(total).toBe(all.total);
      pages.push(...items.map((i) => i.id));
    }
    expect(pages).toEqual(all.items.map((i) => i.id));
    const beyond = await repo.listProducts({ ...base, perPage: 12, page: 999 });
    expect(beyond).toEqual({ items: [], total: all.total });
  });

  it('sorts by price both ways', async () => {
    const asc = (await repo.listProducts({ ...base, sort: 'asc_price' })).items.map((i) => Number(i.price));
    const desc = (await repo.listProducts({ ...base, sort: 'desc_price' })).items.map((i) => Number(i.price));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...asc].reverse());
  });

  it('counts each facet value as the number of products a click on it would list', async () => {
    const query: ProductQuery = { ...base, noFree: true };
    const facets = await repo.facetCounts(
      query,
      FILTERS.map((f) => f.name),
    );
    expect(facets.length).toBeGreaterThan(10);
    for (const facet of facets.slice(0, 12)) {
      const listed = await repo.listProducts({ ...query, selection: { [facet.name]: [facet.value] } });
      expect({ facet: `${facet.name}:${facet.value}`, count: listed.total }).toEqual({
        facet: `${facet.name}:${facet.value}`,
        count: facet.count,
      });
    }
  });

  it('counts facets of a filtered list as what a click would list: other chosen types applied, not its own', async () => {
    const all = FILTERS.map((f) => f.name);
    const summary = await repo.facetCounts({ ...base, noFree: true }, all);
    const value = (name: string, rank = 0) => summary.filter((f) => f.name === name)[rank]?.value as string;
    // A product far down the 'products' dropdown (beyond its 15 most frequent values).
    const listed = (await repo.listProducts({ ...base, noFree: true })).items;
    const farProduct = listed[listed.length - 3].reference.toLowerCase();
    const selections: Array<ProductQuery['selection']> = [
      { brand: [value('brand')] },
      { products: [farProduct] },
      { products: [farProduct], brand: [value('brand')] },
      { brand: [value('brand'), value('brand', 1)], galenic_format: [value('galenic_format')] },
      { need: [value('need')], flavour: [value('flavour')], galenic_format: [value('galenic_format')] },
    ];
    for (const selection of selections) {
      for (const query of [
        { ...base, noFree: true, selection },
        { ...base, noFree: true, selection, price: { min: 0, max: 30 } },
      ]) {
        const counts = await repo.facetCounts(query, all);
        if (selection === selections[0]) expect(counts.length).toBeGreaterThan(10);
        for (const facet of counts) {
          const others = Object.fromEntries(Object.entries(selection ?? {}).filter(([name]) => name !== facet.name));
          const listed = await repo.listProducts({ ...query, selection: { ...others, [facet.name]: [facet.value] } });
          expect({ facet: `${facet.name}=${facet.value}`, count: facet.count }).toEqual({
            facet: `${facet.name}=${facet.value}`,
            count: listed.total,
          });
        }
        // A chosen value is counted whatever its rank among the dropdown's values.
        if (selection?.products && !selection.brand && !query.price)
          expect(counts.find((c) => c.name === 'products' && c.value === farProduct)?.count).toBe(1);
        // A chosen value missing from the counts is one that no product with the other choices has
        // (the filter panel shows it with 0).
        for (const [name, values] of Object.entries(selection ?? {}))
          for (const v of values)
            if (!counts.some((c) => c.name === name && c.value === v)) {
              const others = Object.fromEntries(Object.entries(selection ?? {}).filter(([n]) => n !== name));
              expect((await repo.listProducts({ ...query, selection: { ...others, [name]: [v] } })).total).toBe(0);
            }
      }
    }
  });

  it('reads a list page and its facet counts together as listProducts and facetCounts give them apart', async () => {
    const all = FILTERS.map((f) => f.name);
    const summary = await repo.facetCounts({ ...base, noFree: true }, all);
    const value = (name: string, rank = 0) => summary.filter((f) => f.name === name)[rank]?.value as string;
    const sortCounts = (counts: Array<{ name: string; value: string; count: number }>) =>
      [...counts].sort((a, b) => `${a.name}=${a.value}`.localeCompare(`${b.name}=${b.value}`));
    const queries: ProductQuery[] = [
      { ...base, noFree: true, perPage: 12 },
      { ...base, noFree: true, perPage: 12, page: 2, sort: 'desc_price' },
      { ...base, noFree: true, perPage: 5, selection: { brand: [value('brand')] } },
      {
        ...base,
        noFree: true,
        perPage: 4,
        page: 2,
        sort: 'asc_price',
        selection: { brand: [value('brand'), value('brand', 1)], galenic_format: [value('galenic_format')] },
      },
      { ...base, noFree: true, perPage: 12, price: { min: 10, max: 40 }, selection: { need: [value('need')] } },
      { ...base, noFree: true, perPage: 12, page: 99, selection: { brand: [value('brand')] } },
    ];
    for (const query of queries) {
      const together = await repo.listWithFacets(query, all);
      const list = await repo.listProducts(query);
      expect(together.total).toBe(list.total);
      expect(together.items).toEqual(list.items);
      expect(sortCounts(together.facets)).toEqual(sortCounts(await repo.facetCounts(query, all)));
    }
  });

  it('narrows by a price range', async () => {
    const all = (await repo.listProducts(base)).items;
    const cheap = await repo.listProducts({ ...base, price: { min: 0, max: 20 } });
    expect(cheap.items.every((i) => Number(i.price) <= 20)).toBe(true);
    expect(cheap.total).toBe(all.filter((i) => Number(i.price) <= 20).length);
  });

  it('finds cards by id in the order asked, leaving out ids that are not visible', async () => {
    const [a, b, c] = (await repo.listProducts(base)).items;
    const cards = await repo.cardsByIds([c.id, 2147483647, a.id, b.id], { locale: 'fr', salesPlanId: 1 });
    expect(cards.map((x) => x.id)).toEqual([c.id, a.id, b.id]);
    expect(await repo.cardsByIds([], { locale: 'fr', salesPlanId: 1 })).toEqual([]);
  });

  it('finds a product by slug and by id in each locale, with its slugs, categories and FAQs', async () => {
    const [first] = (await repo.listProducts(base)).items;
    const bySlug = await repo.findProduct({ locale: 'fr', salesPlanId: 1, slug: first.slug });
    const byId = await repo.findProduct({ locale: 'fr', salesPlanId: 1, id: first.id });
    expect(bySlug?.id).toBe(first.id);
    expect(byId?.slug).toBe(first.slug);
    const slugs = await repo.productSlugs(first.id);
    expect(slugs.map((s) => s.locale).sort()).toEqual(['de', 'fr']);
    const german = await repo.findProduct({
      locale: 'de',
      salesPlanId: 1,
      slug: slugs.find((s) => s.locale === 'de')!.slug,
    });
    expect(german?.id).toBe(first.id);
    expect(await repo.findProduct({ locale: 'fr', salesPlanId: 1, slug: 'nothing-here' })).toBeUndefined();
    const faqs = await repo.productFaqs(first.id, 'fr');
    expect(await repo.productFaqs(first.id, 'fr', 2)).toEqual(faqs.slice(0, 2));
  });

  it('knows which filter values exist', async () => {
    const [facet] = await repo.facetCounts(base, ['brand']);
    const existing = await repo.existingFacetValues([
      { name: 'brand', value: facet.value },
      { name: 'brand', value: 'no-such-brand' },
    ]);
    expect(existing).toEqual([{ name: 'brand', value: facet.value }]);
  });
});
