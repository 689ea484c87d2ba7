import { sql } from 'kysely';
import request from 'supertest';
import { generateContent, GENERATED_PREFIX, removeGeneratedProducts } from '../../src/database/seed/generate-products';
import { productPicture } from '../../src/modules/media/media-urls';
import { refreshProductListing } from '../../src/database/derived/product-listing';
import { FR, startTestApp, type TestApp } from '../support/app';

interface SummaryRow {
  sales_plan_id: number;
  locale: string;
  category_id: number;
  free_included: boolean;
  name: string;
  value: string;
  count: number;
}
const normalise = (row: SummaryRow) => [
  row.sales_plan_id,
  row.locale,
  row.category_id,
  row.free_included,
  row.name,
  row.value,
  Number(row.count),
];

describe('content generator (e2e)', () => {
  let t: TestApp;

  const generated = () => t.db.selectFrom('product').where('reference', 'like', `${GENERATED_PREFIX}%`);
  const countGenerated = async () =>
    Number(
      (
        await generated()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const countProducts = async () =>
    Number(
      (
        await t.db
          .selectFrom('product')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    // The server-backed suite shares its database with the other suites.
    await removeGeneratedProducts(t.db);
    await t.app.close();
  });

  it('inserts the asked number of products in fr and de with unique slugs, prices and links', async () => {
    const result = await generateContent(t.db, { count: 200 });
    expect(result.products).toBe(200);
    expect(await countGenerated()).toBe(200);

    const translations = await t.db
      .selectFrom('product_translation')
      .innerJoin('product', 'product.id', 'product_translation.product_id')
      .select([
        'product_translation.locale',
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`count(distinct slug)`.as('slugs'),
      ])
      .where('product.reference', 'like', `${GENERATED_PREFIX}%`)
      .groupBy('product_translation.locale')
      .orderBy('product_translation.locale')
      .execute();
    expect(translations.map((r) => [r.locale, Number(r.n), Number(r.slugs)])).toEqual([
      ['de', 200, 200],
      ['fr', 200, 200],
    ]);
    const duplicates = await sql<{ n: number }>`
      select count(*)::int as n from (select locale, slug from product_translation group by locale, slug having count(*) > 1) d`.execute(
      t.db,
    );
    expect(duplicates.rows[0].n).toBe(0);

    const withoutPrice = await generated()
      .select('reference')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('product_price').select('product_id').whereRef('product_price.product_id', '=', 'product.id'),
          ),
        ),
      )
      .execute();
    expect(withoutPrice).toEqual([]);
    const linked = await generated()
      .select('reference')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_category')
            .select('product_id')
            .whereRef('product_category.product_id', '=', 'product.id'),
        ),
      )
      .execute();
    expect(linked).toHaveLength(200);
    const facets = await t.db
      .selectFrom('product_facet')
      .select(sql<number>`count(distinct name)`.as('names'))
      .where('product_id', 'in', generated().select('id'))
      .executeTakeFirstOrThrow();
    expect(Number(facets.names)).toBeGreaterThanOrEqual(5);
  });

  it('rebuilds the product listing in slices of products, and counts the facet summary from it as one pass over the catalogue would', async () => {
    // The same counts computed the straightforward way: one statement over the catalogue's tables.
    const expected = await sql<SummaryRow>`
      with recursive ancestry (category_id, ancestor_id) as (
        select id, id from category
        union all
        select a.category_id, c.parent_id from ancestry a join category c on c.id = a.ancestor_id
        where c.parent_id is not null
      ),
      visible as (
        select pp.sales_plan_id, t.locale, p.id, p.is_free
        from product p
        join product_price pp on pp.product_id = p.id and pp.price between 0 and 10000
        join sales_plan sp on sp.id = pp.sales_plan_id
        join product_translation t on t.product_id = p.id
        join shop_language sl on sl.shop_id = sp.shop_id and sl.locale = t.locale
        join brand_translation bt on bt.brand_id = p.brand_id and bt.locale = t.locale
        where p.published
      ),
      placed as (
        select distinct pc.product_id, a.ancestor_id as category_id
        from product_category pc join ancestry a on a.category_id = pc.category_id
      ),
      scoped as (
        select sales_plan_id, locale, 0 as category_id, id, is_free from visible
        union all
        select v.sales_plan_id, v.locale, a.category_id, v.id, v.is_free
        from visible v join placed a on a.product_id = v.id
      ),
      variants as (
        select s.*, v.free_included from scoped s cross join (values (false), (true)) as v(free_included)
        where v.free_included or not s.is_free
      )
      select s.sales_plan_id, s.locale, s.category_id, s.free_included, f.name, f.value, count(*)::int as count
      from variants s join product_facet f on f.product_id = s.id
      group by 1, 2, 3, 4, 5, 6
      union all
      select sales_plan_id, locale, category_id, free_included, '__total', '', count(*)::int
      from variants group by 1, 2, 3, 4
      order by 1, 2, 3, 4, 5, 6`.execute(t.db);

    // Every statement the refresh sends, seen through a Kysely plugin.
    const statements: string[] = [];
    const watched = t.db.withPlugin({
      transformQuery: (args) => {
        const node = args.node as { kind: string; sqlFragments?: readonly string[] };
        statements.push(node.kind === 'RawNode' ? (node.sqlFragments ?? []).join('?') : node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const products = await countProducts();
    await watched.transaction().execute((trx) => refreshProductListing(trx, { chunkSize: 37 }));

    const actual = await t.db
      .selectFrom('facet_summary')
      .selectAll()
      .orderBy('sales_plan_id')
      .orderBy('locale')
      .orderBy('category_id')
      .orderBy('free_included')
      .orderBy('name')
      .orderBy('value')
      .execute();
    expect(actual.length).toBeGreaterThan(1000);
    expect(actual.map(normalise)).toEqual(expected.rows.map(normalise));
    // One listing statement per 37 products (each limited to its slice of ids), and the listing has a
    // row for each product in the whole catalogue (category 0) of each plan and language it shows in.
    const slices = statements.filter((text) => text.includes('insert into product_listing'));
    expect(slices.length).toBe(Math.ceil(products / 37));
    const listed = await t.db
      .selectFrom('product_listing')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('category_id', '=', 0)
      .executeTakeFirstOrThrow();
    const cards = await t.db
      .selectFrom('product_card')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(listed.n)).toBe(Number(cards.n));
    expect(Number(listed.n)).toBeGreaterThanOrEqual(products);
  });

  it('is idempotent and keeps exactly the asked number', async () => {
    const before = await generated().select(['id', 'reference']).orderBy('reference').execute();
    await generateContent(t.db, { count: 200 });
    expect(await generated().select(['id', 'reference']).orderBy('reference').execute()).toEqual(before);
    await generateContent(t.db, { count: 150 });
    expect(await countGenerated()).toBe(150);
  });

  it('gives generated products a packshot', async () => {
    const row = await t.db
      .selectFrom('product')
      .innerJoin('product_translation as t', (j) =>
        j.onRef('t.product_id', '=', 'product.id').on('t.locale', '=', 'fr'),
      )
      .innerJoin('brand', 'brand.id', 'product.brand_id')
      .innerJoin('brand_translation as b', (j) => j.onRef('b.brand_id', '=', 'brand.id').on('b.locale', '=', 'fr'))
      .select(['product.reference', 'product.image', 't.name', 'b.name as brandName'])
      .where('product.reference', '=', 'GEN-000001')
      .executeTakeFirstOrThrow();
    const picture = productPicture(row.reference, row.name, row.brandName, row.image, 'card');
    const res = await request(t.server).get(picture.webp).set('Host', FR).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('removes every generated product', async () => {
    const result = await removeGeneratedProducts(t.db);
    expect(result.products).toBe(150);
    expect(await countGenerated()).toBe(0);
  });
});
