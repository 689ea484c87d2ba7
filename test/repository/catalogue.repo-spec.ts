import 'reflect-metadata';
import { CompiledQuery, sql, type ControlledTransaction } from 'kysely';
import { loadConfig } from '../../src/config/app.config';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { seedAll } from '../../src/database/seed/seed';
import type { DB } from '../../src/database/schema';
import { listingContributions, refreshProductListing } from '../../src/database/derived/product-listing';
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

  it('gives a list with one filter value the total of its rows (read from the facet summary), free products in or out, in an expertise too', async () => {
    const digestion = (
      await db.selectFrom('category').select('id').where('key', '=', 'digestion').executeTakeFirstOrThrow()
    ).id;
    let checked = 0;
    for (const scope of [{}, { expertiseId: digestion, categoryIds: [digestion] }]) {
      const facets = await repo.facetCounts(
        { ...base, ...scope },
        FILTERS.map((f) => f.name),
      );
      for (const facet of facets.slice(0, 10))
        for (const noFree of [false, true]) {
          const query: ProductQuery = { ...base, ...scope, noFree, selection: { [facet.name]: [facet.value] } };
          const listed = await repo.listProducts(query);
          // Every row is on the page (perPage 1000): its length is a count made apart from the summary.
          expect({ facet: `${facet.name}:${facet.value}`, noFree, total: listed.total }).toEqual({
            facet: `${facet.name}:${facet.value}`,
            noFree,
            total: listed.items.length,
          });
          const paged = await repo.listProducts({ ...query, perPage: 2, page: 1 });
          expect(paged.total).toBe(listed.total);
          expect(paged.items.map((i) => i.id)).toEqual(listed.items.slice(0, 2).map((i) => i.id));
          checked++;
        }
    }
    expect(checked).toBeGreaterThan(20);
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

  describe('facet counts from the bit strings of the facet summary (migration 0029)', () => {
    const all = FILTERS.map((f) => f.name);
    type Counted = { memberCounts(q: ProductQuery, n: readonly string[]): Promise<unknown[] | null> };
    /** A price range that keeps every product but is not the default one: the live count. */
    const live = (query: ProductQuery): ProductQuery => ({ ...query, price: { min: 0, max: 9999.99 } });
    const sorted = (counts: Array<{ name: string; value: string; count: number }>) =>
      counts.map((c) => `${c.name}=${c.value}:${c.count}`).sort();

    /** Selections of one to three types, from values of the list's own summary and one that is in no list. */
    async function selectionsOf(repository: CatalogueRepository, query: ProductQuery) {
      const summary = await repository.facetCounts(query, all);
      const of = (name: string) => summary.filter((f) => f.name === name).map((f) => f.value);
      const [brands, needs, forms, products] = [of('brand'), of('need'), of('galenic_format'), of('products')];
      const listed = (await repository.listProducts(query)).items;
      const far = listed[Math.max(0, listed.length - 2)]?.reference.toLowerCase() ?? 'none';
      return [
        { brand: brands.slice(0, 1) },
        { brand: brands.slice(0, 2), galenic_format: forms.slice(0, 1) },
        { need: needs.slice(0, 1), galenic_format: forms.slice(0, 2), brand: brands.slice(1, 2) },
        { products: [far] },
        // A product among the dropdown's first values: listed once, the next value still shown.
        { products: products.slice(0, 1) },
        { products: [far, products[0] ?? 'none'], brand: brands.slice(0, 1) },
        { active_ingredient: of('active_ingredient').slice(0, 1), need: needs.slice(1, 3) },
        { brand: ['no-such-brand'] },
        { brand: ['no-such-brand', brands[0] ?? 'none'], need: needs.slice(0, 1) },
        { no_sell_inline: ['true'] },
      ].filter((s) => Object.values(s).every((v) => v.length));
    }

    async function expectSameAsLive(repository: CatalogueRepository, query: ProductQuery) {
      let compared = 0;
      for (const selection of await selectionsOf(repository, query)) {
        const chosen = { ...query, selection };
        const fromBits = await (repository as unknown as Counted).memberCounts(chosen, all);
        expect(fromBits).not.toBeNull();
        expect({ selection, counts: sorted(await repository.facetCounts(chosen, all)) }).toEqual({
          selection,
          counts: sorted(await repository.facetCounts(live(chosen), all)),
        });
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(6);
    }

    it('gives the counts a pass over the products gives, free products in or out, in an expertise too', async () => {
      const digestion = (
        await db.selectFrom('category').select('id').where('key', '=', 'digestion').executeTakeFirstOrThrow()
      ).id;
      for (const query of [
        { ...base, noFree: true },
        base,
        { ...base, expertiseId: digestion, noFree: true },
        { ...base, locale: 'de' as const },
      ])
        await expectSameAsLive(repo, query);
    });

    it('stays right after product writes (bits moved, not recounted), and a list without bit strings is counted live', async () => {
      const trx = await db.startTransaction().execute();
      try {
        const sut = new CatalogueRepository(trx as unknown as Database);
        const products = await trx.selectFrom('product').select('id').orderBy('id').limit(4).execute();
        const ids = products.map((p) => p.id);
        const before = await listingContributions(trx, ids);
        // One product changes brand and gains a need, one leaves every list, one is unpublished.
        const other = await trx.selectFrom('brand').select('key').orderBy('id', 'desc').executeTakeFirstOrThrow();
        await trx
          .updateTable('product_facet')
          .set({ value: other.key })
          .where('product_id', '=', ids[0])
          .where('name', '=', 'brand')
          .execute();
        const need = await trx.selectFrom('need').select('key').orderBy('id', 'desc').executeTakeFirstOrThrow();
        await trx
          .insertInto('product_facet')
          .values({ product_id: ids[0], name: 'need', value: need.key })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx.deleteFrom('product_price').where('product_id', '=', ids[1]).execute();
        await trx.updateTable('product').set({ published: false }).where('id', '=', ids[2]).execute();
        await refreshProductListing(trx, { productIds: ids });
        expect((await listingContributions(trx, ids)).length).not.toBe(before.length);
        await expectSameAsLive(sut, { ...base, noFree: true });
        await expectSameAsLive(sut, base);
        // A 'products' value that comes to name two products (references differing in case): the
        // lists holding both lose their bit strings and are counted live.
        const [a, b] = await trx
          .selectFrom('product_facet as f')
          .innerJoin('product_listing as l', 'l.product_id', 'f.product_id')
          .select(['f.product_id', 'f.value'])
          .where('f.name', '=', 'products')
          .where('l.sales_plan_id', '=', base.salesPlanId)
          .where('l.locale', '=', base.locale)
          .where('l.category_id', '=', 0)
          .where('l.published', '=', true)
          .orderBy('f.product_id')
          .limit(2)
          .execute();
        await trx
          .updateTable('product_facet')
          .set({ value: a.value })
          .where('product_id', '=', b.product_id)
          .where('name', '=', 'products')
          .execute();
        await refreshProductListing(trx, { productIds: [b.product_id] });
        const brands = await trx
          .selectFrom('product_facet')
          .select('value')
          .distinct()
          .where('name', '=', 'brand')
          .where('product_id', 'in', [a.product_id, b.product_id])
          .execute();
        for (const selection of [{ products: [a.value] }, { brand: brands.map((r) => r.value) }]) {
          const shared = { ...base, selection };
          expect(await (sut as unknown as Counted).memberCounts(shared, all)).toBeNull();
          expect(sorted(await sut.facetCounts(shared, all))).toEqual(sorted(await sut.facetCounts(live(shared), all)));
          expect(
            (await sut.facetCounts(shared, all)).find((c) => c.name === 'products' && c.value === a.value)?.count,
          ).toBe(2);
        }
        // Without bit strings (a database migrated, not refreshed since), the counts are live ones.
        await trx.updateTable('facet_summary').set({ members: null }).execute();
        const selection = { brand: [other.key] };
        expect(await (sut as unknown as Counted).memberCounts({ ...base, selection }, all)).toBeNull();
        expect(sorted(await sut.facetCounts({ ...base, selection }, all))).toEqual(
          sorted(await sut.facetCounts(live({ ...base, selection }), all)),
        );
      } finally {
        await trx.rollback().execute();
      }
    });
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

  /**
   * The plans of the list and facet queries at a realistic size: the catalogue grown by 10,000
   * products (copies of the demo products' listing rows in every sales plan and language, each with
   * its own id, position, price and products value), analysed, in a transaction rolled back at the end. Each query runs as the repository runs it, is captured, and
   * is explained with its parameters written in, on a planner free to scan tables (PGlite starts with
   * enable_seqscan off). Size matters: on the demo's few hundred rows a scan is the cheaper plan.
   */
  describe('query plans at 10,000 products', () => {
    let trx: ControlledTransaction<DB>;
    let sut: CatalogueRepository;
    let captured: CompiledQuery[] = [];
    let digestion: number;
    const query: ProductQuery = { locale: 'fr', salesPlanId: 1, page: 1, perPage: 12, noFree: true };
    const names = FILTERS.map((f) => f.name);

    beforeAll(async () => {
      trx = await db.startTransaction().execute();
      await growCatalogue(trx, 10_000, { salesPlanId: 1, locale: 'fr' });
      sut = new CatalogueRepository(trx as unknown as Database);
      digestion = (
        await trx.selectFrom('category').select('id').where('key', '=', 'digestion').executeTakeFirstOrThrow()
      ).id;
      let prototype = Object.getPrototypeOf(trx.getExecutor()) as object | null;
      while (prototype && !Object.prototype.hasOwnProperty.call(prototype, 'executeQuery'))
        prototype = Object.getPrototypeOf(prototype) as object | null;
      const executor = prototype as { executeQuery(query: CompiledQuery, id: unknown): Promise<unknown> };
      const original = executor.executeQuery;
      jest.spyOn(executor, 'executeQuery').mockImplementation(function (this: unknown, compiled, id) {
        captured.push(compiled);
        return original.call(this, compiled, id);
      });
    }, 120000);
    afterAll(async () => {
      jest.restoreAllMocks();
      await trx?.rollback().execute();
    });

    /** The plans of the queries `run` sends, joined. */
    async function plansOf(run: () => Promise<unknown>): Promise<string> {
      captured = [];
      await run();
      const queries = captured;
      captured = [];
      const plans: string[] = [];
      for (const { sql: text, parameters } of queries) {
        const literal = (value: unknown): string => {
          if (typeof value === 'number' || typeof value === 'boolean') return String(value);
          if (Array.isArray(value))
            return `'{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}'`;
          return `'${String(value).replace(/'/g, "''")}'`;
        };
        const inlined = text.replace(/\$([0-9]+)/g, (_, n: string) => literal(parameters[Number(n) - 1]));
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = on'));
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${inlined}`));
        plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return plans.join('\n');
    }

    /** Tables a list must never read whole: it reads a range of their indexes. */
    const NO_SCAN = /Seq Scan on (product_listing|product_card|facet_summary)\b/;

    it('the unfiltered list walks the position index for its page and reads its total from the facet summary', async () => {
      const plan = await plansOf(() => sut.listWithFacets(query, names));
      expect(plan).not.toMatch(NO_SCAN);
      expect(plan).toMatch(/Index Scan using product_listing_position_idx on product_listing/);
      expect(plan).toMatch(/Index (Only )?Scan using facet_summary_(top_idx|pkey) on facet_summary/);
      expect(plan).toMatch(/Index Scan using product_card_pkey on product_card/);
    });

    it.each<[string, ProductQuery['selection'], boolean]>([
      ['one filter in an expertise', { brand: ['lactibiane'] }, true],
      ['two filter types in an expertise', { brand: ['lactibiane'], galenic_format: ['gelule'] }, true],
      ['one filter over the whole catalogue', { brand: ['formag'] }, false],
      ['two filter types over the whole catalogue', { brand: ['lactibiane'], galenic_format: ['gelule'] }, false],
    ])(
      'a list with %s and its facet counts read one index range of product_listing, not the table',
      async (_, selection, inExpertise) => {
        const plan = await plansOf(() =>
          sut.listWithFacets(
            { ...query, selection, ...(inExpertise ? { expertiseId: digestion, categoryIds: [digestion] } : {}) },
            names,
          ),
        );
        expect(plan).not.toMatch(NO_SCAN);
        const category = inExpertise ? digestion : 0;
        expect(plan).toMatch(
          new RegExp(
            `(Index Scan using product_listing_\\w+ on product_listing|Bitmap Index Scan on product_listing_\\w+)[^\\n]*\\n\\s+` +
              `Index Cond: \\(\\(sales_plan_id = 1\\) AND \\(locale = 'fr'::text\\) AND \\(category_id = ${category}\\)`,
          ),
        );
        expect(plan).toMatch(/Index Scan using product_card_pkey on product_card/);
      },
    );

    it("a list in price order walks the price index; cards by id and a search's ranked products read index ranges", async () => {
      const plans = [
        await plansOf(() => sut.listProducts({ ...query, sort: 'asc_price' })),
        await plansOf(() => sut.cardsByIds([5, 7, 9, 11], { locale: 'fr', salesPlanId: 1 })),
        await plansOf(() =>
          sut.listWithFacets({ ...query, rankedIds: Array.from({ length: 500 }, (_, i) => i * 17 + 3) }, names),
        ),
      ];
      for (const plan of plans) expect(plan).not.toMatch(NO_SCAN);
      // One page in price order: the price index walked, not every row of the catalogue sorted.
      expect(plans[0]).toMatch(/Index Scan using product_listing_price_idx on product_listing/);
      // The ids asked, found through an index (the list's range or the product index).
      expect(plans[1]).toMatch(/Index Cond: \([^\n]*product_id = ANY \('\{5,7,9,11\}'::integer\[\]\)/);
      expect(plans[2]).toMatch(/Index Cond: \([^\n]*(category_id = 0|product_id = ANY)/);
    });
  });
});

/**
 * Grows the catalogue by `count` products: copies of the demo products' listing rows in every sales
 * plan and language (so each list is the share of the table it is in a real catalogue), with their
 * own id, position, price and value of the products filter, and their cards in the plan and language
 * the queries read; then analyses the tables (see "query plans at 10,000 products").
 */
async function growCatalogue(
  trx: ControlledTransaction<DB>,
  count: number,
  { salesPlanId, locale }: { salesPlanId: number; locale: string },
): Promise<void> {
  await sql`
    insert into product (reference, ean, brand_id, position)
    select 'PLAN-' || g, '7640000000000', (select min(id) from brand), 100000 + g from generate_series(1, ${count}) g
  `.execute(trx);
  // Literals: a statement with parameters is prepared, and CREATE TABLE AS cannot be.
  await sql`
    create temporary table grown on commit drop as
    with demo as (
      select product_id, row_number() over (order by product_id) - 1 as k
      from (select distinct product_id from product_card where sales_plan_id = ${sql.lit(salesPlanId)} and locale = ${sql.lit(locale)}) d
    )
    select p.id, p.position, d.product_id as model
    from product p join demo d on d.k = p.id % (select count(*) from demo)
    where p.reference like 'PLAN-%'
  `.execute(trx);
  await sql`
    insert into product_listing (sales_plan_id, locale, category_id, product_id, published, is_free, product_type,
      position, price, categories, needs, facets)
    select l.sales_plan_id, l.locale, l.category_id, g.id, l.published, l.is_free, l.product_type, g.position,
      l.price + (g.id % 40), l.categories, l.needs,
      array(select f from unnest(l.facets) f where f not like 'products=%') || ('products=plan-' || g.id)
    from grown g join product_listing l on l.product_id = g.model
  `.execute(trx);
  await sql`
    insert into product_card (sales_plan_id, locale, product_id, card)
    select c.sales_plan_id, c.locale, g.id, c.card from grown g join product_card c on c.product_id = g.model
    where c.sales_plan_id = ${salesPlanId} and c.locale = ${locale}
  `.execute(trx);
  await sql`analyze product, product_listing, product_card`.execute(trx);
}
