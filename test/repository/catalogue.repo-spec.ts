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
