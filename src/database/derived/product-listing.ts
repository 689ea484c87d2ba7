import { sql, type Kysely, type RawBuilder } from 'kysely';
import { FACET_SUMMARY_TOTAL, PICTURE_LABEL_LOCALE, type DB } from '../schema';

/** Products per statement of a full refresh (each statement's work stays the same as the catalogue grows). */
export const LISTING_REFRESH_CHUNK = 1000;
const MAX_ID = 2147483647;
/** The price range of an unfiltered list (SPEC §9: 0 to 10000). */
const DEFAULT_PRICE = { min: 0, max: 10000 };

/**
 * Rebuilds the product listing (migration 0013) for every product, or for the given ones: the
 * listing rows and the cards. Runs inside the caller's transaction when it is one, so readers see
 * the old rows until the new ones are complete. A full refresh goes in slices of `chunkSize`
 * products (one statement each, whatever the size of the catalogue); then the facet summary is
 * counted from the new rows.
 */
export async function refreshProductListing(
  db: Kysely<DB>,
  { productIds, chunkSize = LISTING_REFRESH_CHUNK }: { productIds?: number[]; chunkSize?: number } = {},
): Promise<void> {
  if (productIds) {
    if (!productIds.length) return;
    // The facet counts change by what these products counted for before and count for now.
    const before = await listingContributions(db, productIds);
    await db.deleteFrom('product_listing').where('product_id', 'in', productIds).execute();
    await db.deleteFrom('product_card').where('product_id', 'in', productIds).execute();
    await insertListing(db, sql`p.id in (${sql.join(productIds)})`);
    await applyFacetDelta(db, before, await listingContributions(db, productIds));
    return;
  } else {
    await db.deleteFrom('product_listing').execute();
    await db.deleteFrom('product_card').execute();
    const first = await db
      .selectFrom('product')
      .select((eb) => eb.fn.min<number>('id').as('id'))
      .executeTakeFirst();
    for (let after = first?.id == null ? MAX_ID : Number(first.id) - 1; after < MAX_ID; ) {
      const last = await db
        .selectFrom('product')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .offset(chunkSize - 1)
        .limit(1)
        .executeTakeFirst();
      const upTo = last?.id ?? MAX_ID;
      await insertListing(db, sql`p.id > ${after} and p.id <= ${upTo}`);
      after = upTo;
    }
  }
  await refreshFacetSummary(db);
}

/** A list (sales plan, language, category) that holds listing rows. */
export interface ListedCell {
  sales_plan_id: number;
  locale: string;
  category_id: number;
}

export function listedCells(db: Kysely<DB>, productIds: number[]): Promise<ListedCell[]> {
  return db
    .selectFrom('product_listing')
    .select(['sales_plan_id', 'locale', 'category_id'])
    .distinct()
    .where('product_id', 'in', productIds)
    .execute();
}

/** A listing row as the facet summary counts it. */
export interface ListingContribution {
  product_id: number;
  sales_plan_id: number;
  locale: string;
  category_id: number;
  is_free: boolean;
  facets: string[];
}

/** The listing rows of these products that the facet summary counts (published, default price range). */
export function listingContributions(db: Kysely<DB>, productIds: number[]): Promise<ListingContribution[]> {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_listing')
    .select(['product_id', 'sales_plan_id', 'locale', 'category_id', 'is_free', 'facets'])
    .where('product_id', 'in', productIds)
    .where('published', '=', true)
    .where('price', '>=', String(DEFAULT_PRICE.min))
    .where('price', '<=', String(DEFAULT_PRICE.max))
    .execute();
}

/**
 * Moves the facet summary from what some products counted for (`before`) to what they count for now
 * (`after`): each row adds one to its total and to each of its facets, in the counts with free
 * products and, when it is not free, in those without. The same numbers a full recount gives
 * (refreshFacetSummary), at the cost of the written products' rows rather than their lists'.
 */
export async function applyFacetDelta(
  db: Kysely<DB>,
  before: ListingContribution[],
  after: ListingContribution[],
): Promise<void> {
  const delta = new Map<string, { row: Omit<FacetSummaryRow, 'count'>; n: number }>();
  const add = (rows: ListingContribution[], sign: number) => {
    for (const r of rows) {
      const entries: Array<[string, string]> = [
        [FACET_SUMMARY_TOTAL, ''],
        ...r.facets.map((f): [string, string] => [f.slice(0, f.indexOf('=')), f.slice(f.indexOf('=') + 1)]),
      ];
      for (const free of r.is_free ? [true] : [true, false])
        for (const [name, value] of entries) {
          const key = JSON.stringify([r.sales_plan_id, r.locale, r.category_id, free, name, value]);
          const entry = delta.get(key) ?? {
            row: {
              sales_plan_id: r.sales_plan_id,
              locale: r.locale,
              category_id: r.category_id,
              free_included: free,
              name,
              value,
            },
            n: 0,
          };
          entry.n += sign;
          delta.set(key, entry);
        }
    }
  };
  add(before, -1);
  add(after, 1);
  const changed = [...delta.values()].filter((d) => d.n !== 0);
  for (let i = 0; i < changed.length; i += 500) {
    const part = changed.slice(i, i + 500);
    await db
      .insertInto('facet_summary')
      .values(part.map((d) => ({ ...d.row, count: d.n })))
      .onConflict((oc) =>
        oc.columns(['sales_plan_id', 'locale', 'category_id', 'free_included', 'name', 'value']).doUpdateSet((eb) => ({
          count: sql<number>`${eb.ref('facet_summary.count')} + ${eb.ref('excluded.count')}`,
        })),
      )
      .execute();
    await db
      .deleteFrom('facet_summary')
      .where('count', '<=', 0)
      .where(
        sql<boolean>`(sales_plan_id, locale, category_id, free_included, name, value) in (${sql.join(
          part.map(
            (d) =>
              sql`(${d.row.sales_plan_id}::integer, ${d.row.locale}::text, ${d.row.category_id}::integer, ${d.row.free_included}::boolean, ${d.row.name}::text, ${d.row.value}::text)`,
          ),
        )})`,
      )
      .execute();
  }
  await applyMemberDelta(db, before, after);
}

/**
 * Moves the bit strings of the facet summary (migration 0029) as applyFacetDelta moves the counts:
 * each product's bit is set in the rows it counts for now and cleared in those it no longer does,
 * in the lists that have bit strings. A 'products' row names its product again. A list that gets
 * its first product here, or a 'products' value that now names two, loses its bit strings and is
 * counted live until the next full refresh.
 */
/** A facet-summary row's key: sales plan, language, category, free products included, name, value. */
type SummaryRowKey = [number, string, number, boolean, string, string];
const rowOf = (key: string) => JSON.parse(key) as SummaryRowKey;
/** A row key (as `keyOf` writes it) as the six typed columns of a `values` row. */
function rowColumns(key: string) {
  const [plan, locale, category, free, name, value] = rowOf(key);
  return sql`${plan}::integer, ${locale}::text, ${category}::integer, ${free}::boolean, ${name}::text, ${value}::text`;
}

async function applyMemberDelta(db: Kysely<DB>, before: ListingContribution[], after: ListingContribution[]) {
  const keyOf = (r: ListingContribution, free: boolean, name: string, value: string) =>
    JSON.stringify([r.sales_plan_id, r.locale, r.category_id, free, name, value] satisfies SummaryRowKey);
  const rowsOf = (rows: ListingContribution[]) => {
    const out = new Map<string, Set<number>>();
    for (const r of rows)
      for (const free of r.is_free ? [true] : [true, false])
        for (const [name, value] of [
          [FACET_SUMMARY_TOTAL, ''],
          ...r.facets.map((f) => [f.slice(0, f.indexOf('=')), f.slice(f.indexOf('=') + 1)]),
        ]) {
          const key = keyOf(r, free, name, value);
          out.set(key, (out.get(key) ?? new Set()).add(r.product_id));
        }
    return out;
  };
  const was = rowsOf(before);
  const is = rowsOf(after);
  const changes: Array<{ key: string; productId: number; set: boolean }> = [];
  for (const key of new Set([...was.keys(), ...is.keys()])) {
    const old = was.get(key) ?? new Set<number>();
    const now = is.get(key) ?? new Set<number>();
    for (const id of now) if (!old.has(id)) changes.push({ key, productId: id, set: true });
    for (const id of old) if (!now.has(id)) changes.push({ key, productId: id, set: false });
  }
  if (!changes.length) return;
  const capacity = await memberCapacity(
    db,
    changes.reduce((highest, c) => Math.max(highest, c.productId), 0),
  );
  const values = (part: typeof changes) =>
    sql.join(part.map((c) => sql`(${rowColumns(c.key)}, ${c.productId}::integer, ${c.set}::boolean)`));
  const zero = sql`repeat('0', ${sql.lit(capacity)})::varbit`;
  for (let i = 0; i < changes.length; i += 500) {
    const part = changes.slice(i, i + 500);
    // Bit strings: one mask of bits to set and one to clear per row, in lists that have them.
    await sql`
      update facet_summary f set members = (coalesce(f.members, ${zero}) & ~c.clear) | c.set
      from (
        select sales_plan_id, locale, category_id, free_included, name, value,
          bit_or(case when v.set then v.bit else ${zero} end) as set,
          bit_or(case when v.set then ${zero} else v.bit end) as clear
        from (
          select v.*, set_bit(${zero}, v.product_id, 1) as bit
          from (values ${values(part)}) as v(sales_plan_id, locale, category_id, free_included, name, value, product_id, set)
          where v.name <> 'products'
        ) v
        group by sales_plan_id, locale, category_id, free_included, name, value
      ) c
      where (f.sales_plan_id, f.locale, f.category_id, f.free_included, f.name, f.value)
          = (c.sales_plan_id, c.locale, c.category_id, c.free_included, c.name, c.value)
        and exists (
          select 1 from facet_summary t
          where (t.sales_plan_id, t.locale, t.category_id, t.free_included) = (f.sales_plan_id, f.locale, f.category_id, f.free_included)
            and t.name = ${FACET_SUMMARY_TOTAL} and t.value = '' and t.members is not null
        )
    `.execute(db);
    // A 'products' row names the one product it counts (no bit string); one that counts more, or
    // whose product is not known here, names none.
    await sql`
      update facet_summary f
      set members = null,
        product_id = case
          when f.count <> 1 then null
          when c.added is not null then c.added
          when f.product_id = any(c.removed) then null
          else f.product_id
        end
      from (
        select sales_plan_id, locale, category_id, free_included, name, value,
          max(product_id) filter (where set) as added,
          coalesce(array_agg(product_id) filter (where not set), '{}') as removed
        from (values ${values(part)}) as v(sales_plan_id, locale, category_id, free_included, name, value, product_id, set)
        where v.name = 'products'
        group by sales_plan_id, locale, category_id, free_included, name, value
      ) c
      where (f.sales_plan_id, f.locale, f.category_id, f.free_included, f.name, f.value)
          = (c.sales_plan_id, c.locale, c.category_id, c.free_included, c.name, c.value)
    `.execute(db);
  }
  // Lists now without a sound set of bit strings: one where a 'products' value this write touched
  // names no single product (a list that had none before keeps none: its total row is new).
  const touched = [...new Set(changes.filter((c) => rowOf(c.key)[4] === 'products').map((c) => c.key))];
  for (let i = 0; i < touched.length; i += 500)
    await sql`
      update facet_summary t set members = null
      where t.name = ${FACET_SUMMARY_TOTAL} and t.members is not null
        and (t.sales_plan_id, t.locale, t.category_id, t.free_included) in (
          select f.sales_plan_id, f.locale, f.category_id, f.free_included from facet_summary f
          where f.product_id is null and f.members is null
            and (f.sales_plan_id, f.locale, f.category_id, f.free_included, f.name, f.value) in (${sql.join(
              touched.slice(i, i + 500).map((key) => sql`(${rowColumns(key)})`),
            )})
        )
    `.execute(db);
}

interface FacetSummaryRow {
  sales_plan_id: number;
  locale: string;
  category_id: number;
  free_included: boolean;
  name: string;
  value: string;
  count: number;
}

/**
 * Where a product is visible: each sales plan it has a price in, in each language of the plan's shop
 * it has texts in (and its brand a name in: its card could not be shown otherwise).
 */
const VISIBLE = sql`
  from product p
  join product_price pp on pp.product_id = p.id
  join sales_plan sp on sp.id = pp.sales_plan_id
  join product_translation t on t.product_id = p.id
  join shop_language sl on sl.shop_id = sp.shop_id and sl.locale = t.locale
  join brand b on b.id = p.brand_id
  join brand_translation bt on bt.brand_id = b.id and bt.locale = t.locale
`;

async function insertListing(db: Kysely<DB>, products: RawBuilder<unknown>): Promise<void> {
  // The categories of a product: each one it is in and their ancestors. Rows are inserted in index
  // order, so that a list's rows sit side by side and a scan reads few pages.
  await sql`
    with recursive ancestry (category_id, ancestor_id) as (
      select id, id from category
      union all
      select a.category_id, c.parent_id from ancestry a join category c on c.id = a.ancestor_id
      where c.parent_id is not null
    ),
    visible as (
      select pp.sales_plan_id, t.locale, p.id as product_id, p.published, p.is_free, p.product_type, p.position,
        pp.price,
        coalesce((
          select array_agg(distinct a.ancestor_id order by a.ancestor_id)
          from product_category pc join ancestry a on a.category_id = pc.category_id
          where pc.product_id = p.id
        ), '{}') as categories,
        coalesce((select array_agg(pn.need_id order by pn.need_id) from product_need pn where pn.product_id = p.id), '{}') as needs,
        coalesce((
          select array_agg(f.name || '=' || f.value order by f.name, f.value) from product_facet f where f.product_id = p.id
        ), '{}') as facets
      ${VISIBLE}
      where ${products}
    )
    insert into product_listing
      (sales_plan_id, locale, category_id, product_id, published, is_free, product_type, position, price,
       categories, needs, facets)
    select v.sales_plan_id, v.locale, c.category_id, v.product_id, v.published, v.is_free, v.product_type,
      v.position, v.price, v.categories, v.needs, v.facets
    from visible v cross join lateral unnest(array[0] || v.categories) as c(category_id)
    order by v.sales_plan_id, v.locale, c.category_id, v.position, v.product_id
  `.execute(db);
  await sql`
    insert into product_card (sales_plan_id, locale, product_id, card)
    select pp.sales_plan_id, t.locale, p.id,
      jsonb_build_object(
        'name_fr', coalesce(lt.name, t.name),
        'brand_name_fr', coalesce(lb.name, bt.name),
        'brand_color', b.color,
        'reference', p.reference,
        'ean', p.ean,
        'name', t.name,
        'slug', t.slug,
        'tagline', t.texts->>'tagline',
        'product_type', p.product_type,
        'is_new_from', p.is_new_from,
        'is_new_to', p.is_new_to,
        'is_new_formulae', p.is_new_formulae,
        'promoted', p.promoted,
        'is_free', p.is_free,
        'original_price', pp.original_price::text,
        'image', p.image,
        'brand_key', b.key,
        'brand_name', bt.name,
        'brand_slug', bt.slug,
        'brand_class', b.class,
        'not_sold_in_store', coalesce((p.caracteristics->>'not_sold_in_store')::boolean, false),
        'galenic_format', p.caracteristics->>'galenic_format'
      )
    ${VISIBLE}
    left join product_translation lt on lt.product_id = p.id and lt.locale = ${PICTURE_LABEL_LOCALE}
    left join brand_translation lb on lb.brand_id = b.id and lb.locale = ${PICTURE_LABEL_LOCALE}
    where ${products}
  `.execute(db);
}

/**
 * The facet counts of the unfiltered lists (migrations 0004, 0013): for each sales plan, language and
 * category (0: the whole catalogue), the published products within the default price range, free
 * products left out and included, counted per facet value, plus a FACET_SUMMARY_TOTAL row with their
 * number. Counted from the listing rows, one statement per sales plan and language: each is one pass
 * over that pair's rows, so the work grows in step with the catalogue.
 */
export async function refreshFacetSummary(db: Kysely<DB>, cells?: ListedCell[]): Promise<void> {
  let pairs: Array<{ sales_plan_id: number; locale: string; categories?: number[] }>;
  if (cells) {
    // Targeted (a write): only the lists the written products were or are in.
    const grouped = new Map<string, { sales_plan_id: number; locale: string; categories: number[] }>();
    for (const cell of cells) {
      const id = `${cell.sales_plan_id} ${cell.locale}`;
      const pair = grouped.get(id) ?? { sales_plan_id: cell.sales_plan_id, locale: cell.locale, categories: [] };
      if (!pair.categories.includes(cell.category_id)) pair.categories.push(cell.category_id);
      grouped.set(id, pair);
    }
    pairs = [...grouped.values()];
    for (const pair of pairs)
      await db
        .deleteFrom('facet_summary')
        .where('sales_plan_id', '=', pair.sales_plan_id)
        .where('locale', '=', pair.locale)
        .where('category_id', 'in', pair.categories!)
        .execute();
  } else {
    await db.deleteFrom('facet_summary').execute();
    pairs = await db
      .selectFrom('product_listing')
      .select(['sales_plan_id', 'locale'])
      .distinct()
      .orderBy('sales_plan_id')
      .orderBy('locale')
      .execute();
  }
  const capacity = await memberCapacity(db);
  for (const { sales_plan_id: plan, locale, categories } of pairs)
    await sql`
      with listed as (
        select category_id, product_id, facets, is_free from product_listing
        where sales_plan_id = ${plan} and locale = ${locale} and published
          and price between ${DEFAULT_PRICE.min} and ${DEFAULT_PRICE.max}
          ${categories ? sql`and category_id in (${sql.join(categories)})` : sql``}
      ),
      -- Each row in the counts with free products, and when it is not free in those without.
      cells as (
        select l.category_id, v.free_included, l.product_id, l.facets
        from listed l cross join lateral (values (true), (false)) as v(free_included)
        where v.free_included or not l.is_free
      ),
      -- One row per product and facet, and one per product (facet '') for the list's total.
      pairs as (
        select c.category_id, c.free_included, c.product_id, f.facet
        from cells c cross join lateral unnest(c.facets) as f(facet)
        union all
        select category_id, free_included, product_id, '' from cells
      ),
      counted as (
        select category_id, free_included, facet, count(*)::int as count, min(product_id) as product_id
        from pairs group by category_id, free_included, facet
      ),
      -- The bit strings, written as text: for each product in id order, as many '0' as ids skipped,
      -- then '1' (one pass; setting bits one by one copies the whole string each time). A 'products'
      -- value gets one only if it names more than one product (references differing in case).
      gapped as (
        select p.category_id, p.free_included, p.facet, p.product_id,
          p.product_id - coalesce(lag(p.product_id) over (
            partition by p.category_id, p.free_included, p.facet order by p.product_id), -1) - 1 as gap
        from pairs p join counted c on c.category_id = p.category_id and c.free_included = p.free_included
          and c.facet = p.facet
        where not starts_with(p.facet, 'products=') or c.count > 1
      ),
      bits as (
        select category_id, free_included, facet,
          rpad(string_agg(repeat('0', gap::int) || '1', '' order by product_id), ${sql.lit(capacity)}, '0')::varbit
            as members
        from gapped group by category_id, free_included, facet
      )
      insert into facet_summary
        (sales_plan_id, locale, category_id, free_included, name, value, count, members, product_id)
      select ${plan}::integer, ${locale}::text, c.category_id, c.free_included,
        case when c.facet = '' then ${FACET_SUMMARY_TOTAL}::text else split_part(c.facet, '=', 1) end,
        substr(c.facet, strpos(c.facet, '=') + 1), c.count, b.members,
        case when starts_with(c.facet, 'products=') and c.count = 1 then c.product_id end
      from counted c left join bits b on b.category_id = c.category_id and b.free_included = c.free_included
        and b.facet = c.facet
    `.execute(db);
}

/** Bit strings are this long: a multiple of MEMBER_BLOCK above the highest product id. */
const MEMBER_BLOCK = 4096;

/**
 * The length of the facet summary's bit strings, made long enough for every product id: the
 * length in use (all are the same), grown by blocks of MEMBER_BLOCK bits when a product id reaches
 * it (every bit string is padded then, once per MEMBER_BLOCK new products).
 */
export async function memberCapacity(db: Kysely<DB>, highestId?: number): Promise<number> {
  const highest =
    highestId ??
    Number(
      (
        await db
          .selectFrom('product')
          .select((eb) => eb.fn.max<number>('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const needed = (Math.floor(highest / MEMBER_BLOCK) + 1) * MEMBER_BLOCK;
  const inUse = await db
    .selectFrom('facet_summary')
    .select(sql<number>`length(members)`.as('length'))
    .where('members', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (!inUse) return needed;
  const length = Number(inUse.length);
  if (length >= needed) return length;
  await db
    .updateTable('facet_summary')
    .set({ members: sql<string>`members || repeat('0', ${sql.lit(needed - length)})::varbit` })
    .where('members', 'is not', null)
    .execute();
  return needed;
}
