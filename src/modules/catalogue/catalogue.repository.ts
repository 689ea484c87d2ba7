import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { FACET_SUMMARY_TOTAL, type DB, type ListingCard } from '../../database/schema';
import { DROPDOWN_LIMIT, FILTERS, type FilterName, type FilterSelection } from '../../../contracts/filters';
import { LABEL_LOCALE } from '../media';
import type { FacetCount, ProductCardRow, ProductQuery } from './catalogue.types';

const SEARCH_CONFIG: Record<string, string> = { fr: 'french', de: 'german', it: 'italian', es: 'spanish', nl: 'dutch' };

/** SQL of the catalogue (SPEC §3, §7 product calls). Rules live in the services. */
@Injectable()
export class CatalogueRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The listing rows (product_listing) a query lists, narrowed by every criterion but the filter
   * selection: the rows of its expertise (category 0: the whole catalogue) in its sales plan and
   * language, one range of the index.
   */
  private listing(query: ProductQuery) {
    const byExpertise = query.expertiseId !== undefined;
    return (
      this.db
        .selectFrom('product_listing as l')
        .where('l.sales_plan_id', '=', query.salesPlanId)
        .where('l.locale', '=', query.locale)
        .where('l.category_id', '=', query.expertiseId ?? 0)
        // Literals, not parameters, for what changes the plan (flags, price bounds, page size): the
        // statement is prepared, and a generic plan must not assume a selective price range.
        .$if(query.published !== false, (qb) => qb.where(sql<boolean>`l.published`))
        .$if(!!query.noFree, (qb) => qb.where(sql<boolean>`not l.is_free`))
        .$if(!!query.soldInStore, (qb) =>
          qb.where(
            sql<boolean>`not exists (select 1 from product p where p.id = l.product_id and coalesce((p.caracteristics->>'not_sold_in_store')::boolean, false))`,
          ),
        )
        .$if(!!query.productIds?.length, (qb) => qb.where('l.product_id', 'in', query.productIds as number[]))
        // Search results: one array parameter, whatever its length (one prepared statement).
        .$if(query.rankedIds !== undefined, (qb) => qb.where(sql<boolean>`l.product_id = any(${rankedArray(query)})`))
        .$if(!!query.productType, (qb) => qb.where('l.product_type', '=', query.productType as string))
        // Categories named without an expertise (the API's `categories`): any of them.
        .$if(!byExpertise && !!query.categoryIds?.length, (qb) =>
          qb.where(sql<boolean>`l.categories && ${integerArray(query.categoryIds as number[])}`),
        )
        .$if(!!query.needIds?.length, (qb) =>
          qb.where(sql<boolean>`l.needs && ${integerArray(query.needIds as number[])}`),
        )
        .$if(!!query.price, (qb) =>
          qb.where(
            sql<boolean>`l.price between ${priceLiteral(query.price?.min)} and ${priceLiteral(query.price?.max)}`,
          ),
        )
        .$if(!!query.text, (qb) =>
          qb.where((eb) =>
            eb.exists(
              eb
                .selectFrom('product_translation as pt')
                .select(sql`1`.as('one'))
                .whereRef('pt.product_id', '=', 'l.product_id')
                .whereRef('pt.locale', '=', 'l.locale')
                .where((inner) =>
                  inner.or([
                    sql<boolean>`pt.search @@ websearch_to_tsquery(${sql.lit(SEARCH_CONFIG[query.locale] ?? 'simple')}::regconfig, unaccent(${query.text}))`,
                    sql<boolean>`unaccent(pt.name) ilike unaccent(${'%' + escapeLike(query.text ?? '') + '%'})`,
                  ]),
                ),
            ),
          ),
        )
    );
  }

  /** The rows whose facets match every chosen filter type (OR within a type, AND across types). */
  private selected<O>(q: ListingRows<O>, selection: FilterSelection = {}): ListingRows<O> {
    let out = q;
    for (const [name, values] of chosenTypes(selection))
      out = out.where(sql<boolean>`l.facets && ${facetArray(name, values)}`);
    return out;
  }

  async listProducts(query: ProductQuery): Promise<{ items: ProductCardRow[]; total: number }> {
    const perPage = query.perPage ?? 12;
    const page = Math.max(1, query.page ?? 1);
    // The rows that pass every filter, sorted and cut, joined to their cards. An unfiltered list
    // takes its total from the facet summary (a scalar subquery) and walks the index of its order
    // (position or price) for one page; otherwise the total rides along as a window count. A page
    // past the end has no row to carry it, so only then is it counted apart.
    const summarised = usesFacetSummary(query);
    // One value of one filter on an otherwise unfiltered list (a brand's products): its count is that
    // facet's in the summary, and the page walks the index of its order too, instead of reading every
    // match to count them (1,147 products of a brand at 10,000: 10 ms -> 3 ms on PGlite).
    const facet = summarised ? undefined : singleFacet(query);
    const total = summarised
      ? sql<number | null>`(${this.summaryTotal(query)})`
      : facet
        ? sql<number | null>`(${this.summaryTotal(query, facet)})`
        : sql<number | null>`count(*) over ()`;
    const pageRows = this.selected(this.listing(query), query.selection)
      .select([
        'l.product_id',
        'l.price',
        total.as('total'),
        sql<number>`row_number() over (order by ${listOrder(query)})`.as('ord'),
      ])
      .orderBy(listOrder(query))
      .limit(intLiteral(perPage))
      .offset(intLiteral((page - 1) * perPage));
    const rows = await this.db
      .selectFrom(pageRows.as('page'))
      .innerJoin('product_card as c', (j) =>
        j
          .on('c.sales_plan_id', '=', query.salesPlanId)
          .on('c.locale', '=', query.locale)
          .onRef('c.product_id', '=', 'page.product_id'),
      )
      .leftJoin('vocabulary as g', (j) =>
        j
          .on('g.kind', '=', 'galenic_format')
          .on('g.locale', '=', query.locale)
          .on(sql<boolean>`g.key = c.card->>'galenic_format'`),
      )
      .select(['page.product_id', 'page.price', 'page.total', 'c.card', 'g.label as galenic_label'])
      .orderBy('page.ord')
      .execute();
    let count = rows.length ? rows[0].total : null;
    if (count === null) {
      const counted = await this.selected(this.listing(query), query.selection)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst();
      count = counted?.total ?? 0;
    }
    return { items: rows.map(cardRow), total: Number(count) };
  }

  /**
   * A list page's products and facet counts together (the product list, search results). An
   * unfiltered list, in any order, reads the facet summary and walks the index of its order; any
   * other is one statement: one pass over its expertise's rows gives the page, the total and every
   * count.
   */
  async listWithFacets(
    query: ProductQuery,
    names: readonly FilterName[],
  ): Promise<{ items: ProductCardRow[]; total: number; facets: FacetCount[] }> {
    if (usesFacetSummary(query)) {
      const [list, facets] = await Promise.all([this.listProducts(query), this.facetCounts(query, names)]);
      return { ...list, facets };
    }
    // Filter values chosen on an otherwise unfiltered list: the page reads only the rows passing
    // them, and the counts come from the summary's bit strings (memberCounts) when it has them.
    if (usesFacetSummary({ ...query, selection: {} })) {
      const [list, facets] = await Promise.all([this.listProducts(query), this.memberCounts(query, names)]);
      if (facets) return { ...list, facets };
    }
    const perPage = query.perPage ?? 12;
    const page = Math.max(1, query.page ?? 1);
    const { scope, counts, hits } = this.counting(query, names);
    const pageRows = sql`
      select h.product_id, h.price::text as price, c.card, g.label as galenic_label
      from (
        select product_id, price, row_number() over (order by ${listOrder(query)}) as ord
        from ${hits} l order by ${listOrder(query)} limit ${intLiteral(perPage)} offset ${intLiteral((page - 1) * perPage)}
      ) h
      join product_card c on c.sales_plan_id = ${query.salesPlanId} and c.locale = ${query.locale}
        and c.product_id = h.product_id
      left join vocabulary g on g.kind = 'galenic_format' and g.locale = ${query.locale}
        and g.key = c.card->>'galenic_format'
      order by h.ord
    `;
    const result = await sql<{
      total: number;
      items: Array<{ product_id: number; price: string; card: ListingCard; galenic_label: string | null }>;
      facets: Array<[string, string, number]>;
    }>`
      with scope as materialized (${scope})
      select
        (select count(*) from ${hits} l)::int as total,
        (select coalesce(json_agg(p), '[]') from (${pageRows}) p) as items,
        (select coalesce(json_agg(json_build_array(x.name, x.value, x.count)), '[]') from (${counts}) x) as facets
    `.execute(this.db);
    const row = result.rows[0];
    return {
      items: row.items.map(cardRow),
      total: Number(row.total),
      facets: row.facets.map(([name, value, count]) => ({ name: name as FilterName, value, count: Number(count) })),
    };
  }

  /**
   * Facet counts for the filter panel: each type is counted with every other type's selection
   * applied, so a visitor can add values within a type (OR) while types combine with AND. An
   * unfiltered list reads them from the facet summary; any other list counts them live.
   */
  async facetCounts(query: ProductQuery, names: readonly FilterName[]): Promise<FacetCount[]> {
    if (!names.length) return [];
    let rows = usesFacetSummary(query)
      ? await this.summaryCounts(query, names)
      : usesFacetSummary({ ...query, selection: {} })
        ? ((await this.memberCounts(query, names)) ?? [])
        : [];
    // The summary is empty only before its first refresh (a database migrated, not yet re-seeded);
    // a list whose summary rows have no bit strings (migration 0029) is counted live too.
    if (!rows.length) {
      const { scope, counts } = this.counting(query, names);
      rows = (await sql<FacetCount>`with scope as materialized (${scope}) ${counts}`.execute(this.db)).rows;
    }
    return rows.map((r) => ({ name: r.name as FilterName, value: r.value, count: Number(r.count) }));
  }

  /**
   * The facet counts of a filtered list that is otherwise unfiltered (an expertise or the catalogue
   * with some filter values chosen), from the bit strings of its facet summary instead of a pass over
   * its products: each type's chosen values are ORed into one mask; a value of type T counts the bits
   * its own string shares with the masks of every other chosen type. The 'products' dropdown walks
   * its values in order and keeps the first DROPDOWN_LIMIT whose product is in the mask. The same
   * numbers as `counting` (a repository test compares them); null when the list has no sound bit
   * strings (not refreshed since migration 0029, or a write left it to be counted live).
   */
  private async memberCounts(query: ProductQuery, names: readonly FilterName[]): Promise<FacetCount[] | null> {
    const chosen = chosenTypes(query.selection);
    // The list as literals: the statement is prepared once per list and its plan made once (with
    // parameters PGlite kept re-planning it at each call: 4.7 instead of 2.3 ms at 10,000 products).
    const cell = (alias: string) =>
      sql`${sql.ref(`${alias}.sales_plan_id`)} = ${intLiteral(query.salesPlanId)}
        and ${sql.ref(`${alias}.locale`)} = ${sql.lit(query.locale)}
        and ${sql.ref(`${alias}.category_id`)} = ${intLiteral(query.expertiseId ?? 0)}
        and ${sql.ref(`${alias}.free_included`)} = ${sql.lit(!query.noFree)}`;
    const pairs = chosen.flatMap(([name, values]) => values.map((value) => sql`(${name}::text, ${value}::text)`));
    const literals = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));
    const listed = names.filter((n) => n !== 'products');
    const dropdowns = FILTERS.filter((f) => f.dropdown && (listed as readonly string[]).includes(f.name)).map(
      (f) => f.name,
    );
    const lists = listed.filter((n) => !dropdowns.includes(n));
    const keep = chosen.flatMap(([name, values]) => values.map((value) => `${name}=${value}`));
    const keptProducts = chosen.find(([name]) => name === 'products')?.[1] ?? [];
    const json = (rows: RawBuilder<unknown>) =>
      sql`(select json_agg(json_build_array(x.name, x.value, x.count)) from (${rows}) x)`;
    // A dropdown's most frequent values, and its chosen ones whatever their rank (SPEC §4). Each
    // value once: a chosen product may come both from the walk and as chosen.
    const top = (name: FilterName, rows: RawBuilder<unknown>) => {
      const kept = keep.filter((facet) => facet.startsWith(`${name}=`));
      return sql`
        select name, value, count from (select distinct name, value, count, name || '=' || value as facet from (${rows}) r
          order by count desc, facet limit ${sql.lit(DROPDOWN_LIMIT)}) t
        ${kept.length ? sql`union select name, value, count from (${rows}) r where name || '=' || value in (${sql.join(kept)})` : sql``}`;
    };
    // 'products' rows in the mask `pm`: by their product's bit, or by their own string (shared values).
    const product = (where: RawBuilder<unknown>) => sql`
      select f.name, f.value, coalesce(bit_count(f.members & pm.m), 1)::int as count
      from facet_summary f cross join pm
      where ${cell('f')} and f.name = 'products' and pm.m is not null and ${where}
        and case when f.members is not null then bit_count(f.members & pm.m) > 0
          when f.product_id < length(pm.m) then get_bit(pm.m, f.product_id) = 1 else false end`;
    // The dropdown's first values: few products in the mask, their rows by id (`ids`); many, the
    // values in order until DROPDOWN_LIMIT are in it. Either reads about sqrt(15 × list) rows at most.
    const products = sql`
      select f.name, f.value, 1 as count from ids join facet_summary f
        on ${cell('f')} and f.name = 'products' and f.product_id = ids.id
      union all
      (${product(sql`f.members is null and (select not p.sparse from pm p)`)} order by f.value limit ${sql.lit(DROPDOWN_LIMIT)})
      union all ${product(sql`f.members is not null`)}
      ${keptProducts.length ? sql`union all ${product(sql`f.value in (${sql.join(keptProducts)})`)}` : sql``}`;
    const result = await sql<{
      sound: boolean;
      lists: Array<[string, string, number]> | null;
      dropdowns: Array<[string, string, number]> | null;
      products: Array<[string, string, number]> | null;
    }>`
      with recursive total as (
        select t.members from facet_summary t where ${cell('t')} and t.name = ${sql.lit(FACET_SUMMARY_TOTAL)} and t.value = ''
      ),
      chosen as (
        select v.name, f.members, f.product_id, f.name is not null as known
        from (values ${sql.join(pairs)}) as v(name, value)
        left join facet_summary f on ${cell('f')} and f.name = v.name and f.value = v.value
      ),
      masks as (
        select c.name, bit_or(coalesce(c.members,
          case when c.product_id < length(t.members) then set_bit(t.members # t.members, c.product_id, 1) end)) as m
        from chosen c cross join total t group by c.name
      ),
      -- For each type counted: the AND of the other chosen types' masks (none: the whole list), or
      -- nothing when one of them matches no product.
      others as (
        select n.name, bit_and(k.m) as m, coalesce(bool_or(k.name is not null and k.m is null), false) as empty
        from unnest(array[${literals(names.length ? names : [''])}]::text[]) as n(name)
        left join masks k on k.name <> n.name group by n.name
      ),
      counts as materialized (
        select f.name, f.value,
          case when o.empty then 0 else coalesce(bit_count(f.members & o.m), f.count) end::int as count
        from facet_summary f join others o on o.name = f.name
        where ${cell('f')} and f.name in (${literals(listed.length ? listed : [''])}) and f.members is not null
      ),
      pm as (
        select p.m, bit_count(p.m) * bit_count(p.m) <= ${sql.lit(DROPDOWN_LIMIT)} * bit_count(t.members) as sparse
        from (
          select case when o.empty then null else coalesce(o.m, (select members from total)) end as m
          from others o where o.name = 'products'
        ) p cross join total t
      ),
      -- The ids of a sparse mask's products, one set bit after the other.
      ids (id) as (
        select position(B'1' in pm.m) - 1 from pm where pm.sparse and position(B'1' in pm.m) > 0
        union all
        select i.id + position(B'1' in substring(pm.m from i.id + 2)) from ids i cross join pm
        where position(B'1' in substring(pm.m from i.id + 2)) > 0
      )
      select
        coalesce((select members is not null from total), false)
          and not exists (select 1 from chosen where known and members is null and product_id is null) as sound,
        ${json(sql`select * from counts where count > 0 and name in (${literals(lists.length ? lists : [''])})`)} as lists,
        ${json(
          sql.join(
            dropdowns.length
              ? dropdowns.map((name) =>
                  top(name, sql`select * from counts where count > 0 and name = ${sql.lit(name)}`),
                )
              : [sql`select null::text as name, null::text as value, 0 as count where false`],
            sql` union all `,
          ),
        )} as dropdowns,
        ${names.includes('products') ? json(top('products', products)) : sql`null::json`} as products
    `.execute(this.db);
    const row = result.rows[0];
    if (!row?.sound) return null;
    return [...(row.lists ?? []), ...(row.dropdowns ?? []), ...(row.products ?? [])].map(([name, value, count]) => ({
      name: name as FilterName,
      value,
      count: Number(count),
    }));
  }

  /** The precomputed size of an unfiltered list, or of its products with one facet. */
  private summaryTotal(query: ProductQuery, facet?: { name: FilterName; value: string }) {
    return this.db
      .selectFrom('facet_summary')
      .select('count')
      .where('sales_plan_id', '=', query.salesPlanId)
      .where('locale', '=', query.locale)
      .where('category_id', '=', query.expertiseId ?? 0)
      .where(sql<boolean>`free_included = ${sql.lit(!query.noFree)}`)
      .where('name', '=', facet ? facet.name : FACET_SUMMARY_TOTAL)
      .$if(!!facet, (qb) => qb.where('value', '=', facet?.value ?? ''));
  }

  /** The precomputed counts of an unfiltered list: the list filters, and each dropdown's top values. */
  private summaryCounts(query: ProductQuery, names: readonly FilterName[]) {
    return this.summaryQuery(query, names).execute();
  }

  /** The facet-summary rows of an unfiltered list, with `chosen` values of dropdowns whatever their rank. */
  private summaryQuery(query: ProductQuery, names: readonly FilterName[], chosen: string[] = []) {
    const summary = () =>
      this.db
        .selectFrom('facet_summary')
        .select(['name', 'value', 'count'])
        .where('sales_plan_id', '=', query.salesPlanId)
        .where('locale', '=', query.locale)
        .where('category_id', '=', query.expertiseId ?? 0)
        .where(sql<boolean>`free_included = ${sql.lit(!query.noFree)}`);
    const dropdowns = FILTERS.filter((f) => f.dropdown && names.includes(f.name)).map((f) => f.name);
    const lists = names.filter((n) => !dropdowns.includes(n));
    // Each part keeps its own order and limit inside a derived table; one statement for all.
    const parts = [
      ...(lists.length ? [summary().where('name', 'in', lists)] : []),
      ...dropdowns.map((name) =>
        summary().where('name', '=', name).orderBy('count', 'desc').orderBy('value').limit(DROPDOWN_LIMIT),
      ),
      ...dropdowns
        .filter((name) => chosen.some((value) => value.startsWith(`${name}=`)))
        .map((name) =>
          summary()
            .where('name', '=', name)
            .where(
              'value',
              'in',
              chosen.filter((c) => c.startsWith(`${name}=`)).map((c) => c.slice(name.length + 1)),
            ),
        ),
    ].map((part, i) => this.db.selectFrom(part.as(`part${i}`)).select(['name', 'value', 'count']));
    return parts.slice(1).reduce((union, part) => union.union(part), parts[0]);
  }

  /**
   * The live counting of a list, as parts of one statement over a materialised `scope`: its rows
   * (every criterion but the selection) with one flag per chosen filter type, leaving out at once the
   * rows failing two chosen types or more (they count nowhere); `hits`, the rows passing every chosen
   * type (the list itself); `counts`, the counts: a row counts for a facet of type T when it passes
   * every chosen type but T. Dropdowns keep their DROPDOWN_LIMIT most frequent values (SPEC §4) and
   * the chosen values whatever their rank.
   *
   * One chosen type on an otherwise unfiltered list (the most common filtered list): its own counts
   * are the unfiltered list's, read from the facet summary, and the scope is only the rows that pass
   * it — a pass over the whole catalogue would be needed for them otherwise.
   */
  private counting(query: ProductQuery, names: readonly FilterName[]) {
    const chosen = chosenTypes(query.selection);
    const fromSummary =
      chosen.length === 1 && usesFacetSummary({ ...query, selection: {} }) && names.includes(chosen[0][0])
        ? chosen[0][0]
        : null;
    const live = chosen.filter(([name]) => name !== fromSummary);
    const flag = (i: number) => sql.ref(`ok${i}`);
    const overlap = ([name, values]: [FilterName, string[]]) => sql`l.facets && ${facetArray(name, values)}`;
    const scope = this.listing(query)
      .select([
        'l.product_id',
        'l.position',
        'l.price',
        'l.facets',
        ...live.map((type, i) => sql<boolean>`${overlap(type)}`.as(`ok${i}`)),
      ])
      .$if(fromSummary !== null, (qb) => this.selected(qb, query.selection))
      .$if(live.length > 1, (qb) =>
        qb.where(
          sql<boolean>`${sql.join(
            live.map((type) => sql`(${overlap(type)})::int`),
            sql` + `,
          )} >= ${live.length - 1}`,
        ),
      );
    const hits = live.length
      ? sql`(select * from scope where ${sql.join(
          live.map((_, i) => flag(i)),
          sql` and `,
        )})`
      : sql`scope`;
    const counted = live.map(([name], i) => sql`(f.${flag(i)} or starts_with(f.facet, ${name + '='}))`);
    const countedNames = names.filter((name) => name !== fromSummary);
    const dropdowns = FILTERS.filter((f) => f.dropdown && names.includes(f.name)).map((f) => f.name);
    const keep = chosen.flatMap(([name, values]) => values.map((value) => `${name}=${value}`));
    const summaryPart =
      fromSummary === null
        ? sql``
        : sql`union all
          select name, value, count, name || '=' || value as facet, 0 as rank
          from (${this.summaryQuery({ ...query, selection: {} }, [fromSummary], keep)}) s`;
    // The facets of the rows are spread with `unnest` in the select list (one pass, where a lateral
    // function scan builds a tuple store per row: 4 times slower), counted per facet, and only then
    // kept by type, on the few hundred distinct facets instead of every row's (`offset 0` keeps the
    // planner from pushing that filter back under the grouping).
    const counts = sql`
      select name, value, count from (
        select split_part(g.facet, '=', 1) as name, substr(g.facet, strpos(g.facet, '=') + 1) as value,
          g.count, g.facet,
          row_number() over (partition by split_part(g.facet, '=', 1) order by g.count desc, g.facet) as rank
        from (
          select f.facet, count(*)::int as count
          from (select unnest(b.facets) as facet${sql.join(
            live.map((_, i) => sql`, b.${flag(i)}`),
            sql``,
          )} from scope b) f
          ${counted.length ? sql`where ${sql.join(counted, sql` and `)}` : sql``}
          group by f.facet
          offset 0
        ) g
        where split_part(g.facet, '=', 1) in (${sql.join(countedNames.length ? countedNames : [''])})
        ${summaryPart}
      ) c
      where rank <= ${DROPDOWN_LIMIT}
        ${dropdowns.length ? sql`or name not in (${sql.join(dropdowns)})` : sql`or true`}
        ${keep.length ? sql`or facet in (${sql.join(keep)})` : sql``}
    `;
    return { scope, hits, counts };
  }

  /**
   * A product with its texts in `locale`, its price in the sales plan (so: visible there), its brand,
   * and the French names its pictures are labelled with (one URL per image, see media-urls.ts).
   */
  private productWithBrand(locale: string, salesPlanId: number) {
    return this.db
      .selectFrom('product')
      .innerJoin('product_translation', (j) =>
        j.onRef('product_translation.product_id', '=', 'product.id').on('product_translation.locale', '=', locale),
      )
      .innerJoin('product_price', (j) =>
        j.onRef('product_price.product_id', '=', 'product.id').on('product_price.sales_plan_id', '=', salesPlanId),
      )
      .innerJoin('brand', 'brand.id', 'product.brand_id')
      .innerJoin('brand_translation', (j) =>
        j.onRef('brand_translation.brand_id', '=', 'brand.id').on('brand_translation.locale', '=', locale),
      )
      .leftJoin('product_translation as label_t', (j) =>
        j.onRef('label_t.product_id', '=', 'product.id').on('label_t.locale', '=', LABEL_LOCALE),
      )
      .leftJoin('brand_translation as label_b', (j) =>
        j.onRef('label_b.brand_id', '=', 'brand.id').on('label_b.locale', '=', LABEL_LOCALE),
      );
  }

  /**
   * Which of these (filter, value) pairs exist in the index: one `exists` per pair, each stopping at
   * the first primary-key entry. (Reading every product of a pair and keeping the distinct ones read
   * 2,200 rows for two common values at 10,000 products: 2.3 ms instead of 0.1.)
   */
  async existingFacetValues(pairs: Array<{ name: string; value: string }>) {
    if (!pairs.length) return [];
    const found = await this.db
      .selectNoFrom((eb) =>
        pairs.map((p, i) =>
          eb
            .exists(
              eb
                .selectFrom('product_facet')
                .select(sql<number>`1`.as('one'))
                .where('name', '=', p.name)
                .where('value', '=', p.value),
            )
            .as(`e${i}`),
        ),
      )
      .executeTakeFirstOrThrow();
    const row = found as Record<string, boolean>;
    return pairs.filter((_, i) => row[`e${i}`] === true).map(({ name, value }) => ({ name, value }));
  }

  /**
   * The catalogue's words in a locale in one round trip: the labels of the given vocabulary kinds,
   * the brands (in brand order) and the needs (in need order, with their parent's key).
   */
  vocabulary(kinds: string[], locale: string) {
    return this.db
      .selectNoFrom((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('vocabulary')
            .select(['kind', 'key', 'label', 'extra'])
            .where('kind', 'in', kinds)
            .where('locale', '=', locale),
        ).as('labels'),
        jsonArrayFrom(
          eb
            .selectFrom('brand')
            .innerJoin('brand_translation', (j) =>
              j.onRef('brand_translation.brand_id', '=', 'brand.id').on('brand_translation.locale', '=', locale),
            )
            .select([
              'brand.id',
              'brand.key',
              'brand.class',
              'brand.color',
              'brand.corner',
              'brand_translation.name',
              'brand_translation.slug',
            ])
            .orderBy('brand.position'),
        ).as('brands'),
        jsonArrayFrom(
          eb
            .selectFrom('need')
            .innerJoin('need_translation', (j) =>
              j.onRef('need_translation.need_id', '=', 'need.id').on('need_translation.locale', '=', locale),
            )
            .leftJoin('need as parent', 'parent.id', 'need.parent_id')
            .select([
              'need.id',
              'need.key',
              'need.parent_id',
              'parent.key as parent_key',
              'need.order',
              'need_translation.label',
              'need_translation.slug',
            ])
            .orderBy('need.order'),
        ).as('needs'),
      ])
      .executeTakeFirstOrThrow();
  }

  productNames(locale: string, keys: string[]) {
    if (!keys.length) return Promise.resolve([]);
    return this.db
      .selectFrom('product')
      .innerJoin('product_translation', (j) =>
        j.onRef('product_translation.product_id', '=', 'product.id').on('product_translation.locale', '=', locale),
      )
      .select(['product.reference', 'product_translation.name'])
      .where(sql<string>`lower(product.reference)`, 'in', keys)
      .execute();
  }

  categories(locale: string) {
    return this.db
      .selectFrom('category')
      .innerJoin('category_translation', (j) =>
        j.onRef('category_translation.category_id', '=', 'category.id').on('category_translation.locale', '=', locale),
      )
      .select([
        'category.id',
        'category.key',
        'category.class',
        'category.parent_id',
        'category.position',
        'category_translation.name',
        'category_translation.slug',
        'category_translation.text',
        'category_translation.banner_title',
        'category_translation.meta_description',
        'category_translation.pushes',
        (eb) =>
          eb
            .selectFrom('category_translation as other')
            .select(sql<Record<string, string>>`json_object_agg(other.locale, other.slug)`.as('slugs'))
            .whereRef('other.category_id', '=', 'category.id')
            .as('slugs'),
      ])
      .orderBy('category.position')
      .orderBy('category.id')
      .execute();
  }

  categoryTranslations(categoryId: number) {
    return this.db
      .selectFrom('category_translation')
      .select(['locale', 'slug'])
      .where('category_id', '=', categoryId)
      .execute();
  }

  /** The whole product for its page (or the API), visible in the sales plan. */
  findProduct(
    where: { locale: string; salesPlanId: number } & ({ slug: string } | { id: number }),
    includeUnpublished = false,
  ) {
    return this.productWithBrand(where.locale, where.salesPlanId)
      .selectAll('product')
      .select([
        sql<string>`coalesce(label_t.name, product_translation.name)`.as('name_fr'),
        sql<string>`coalesce(label_b.name, brand_translation.name)`.as('brand_name_fr'),
        'brand.color as brand_color',
        'product_translation.name',
        'product_translation.slug',
        'product_translation.meta_description',
        'product_translation.texts',
        'product_price.price',
        'product_price.original_price',
        'product_price.volume_discounts',
        'brand.key as brand_key',
        'brand.class as brand_class',
        'brand.corner as brand_corner',
        'brand_translation.name as brand_name',
        'brand_translation.slug as brand_slug',
      ])
      .$if(!includeUnpublished, (q) => q.where('product.published', '=', true))
      .$if('slug' in where, (q) => q.where('product_translation.slug', '=', (where as { slug: string }).slug))
      .$if('id' in where, (q) => q.where('product.id', '=', (where as { id: number }).id))
      .executeTakeFirst();
  }

  /** Current slug of a product that answered to `oldSlug` before (301, SPEC §2.1 / §4). */
  async renamedProductSlug(locale: string, oldSlug: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('slug_history')
      .innerJoin('product_translation', (j) =>
        j
          .onRef('product_translation.product_id', '=', 'slug_history.entity_id')
          .onRef('product_translation.locale', '=', 'slug_history.locale'),
      )
      .select('product_translation.slug')
      .where('slug_history.entity_type', '=', 'product')
      .where('slug_history.locale', '=', locale)
      .where('slug_history.old_slug', '=', oldSlug)
      .executeTakeFirst();
    return row?.slug;
  }

  private productSlugsQuery(productId: number) {
    return this.db.selectFrom('product_translation').select(['locale', 'slug']).where('product_id', '=', productId);
  }

  productSlugs(productId: number) {
    return this.productSlugsQuery(productId).execute();
  }

  private productCategoriesQuery(productId: number, locale: string) {
    return this.db
      .selectFrom('product_category')
      .innerJoin('category', 'category.id', 'product_category.category_id')
      .innerJoin('category_translation', (j) =>
        j.onRef('category_translation.category_id', '=', 'category.id').on('category_translation.locale', '=', locale),
      )
      .select([
        'category.id',
        'category.key',
        'category.class',
        'category.parent_id',
        'category_translation.name',
        'category_translation.slug',
      ])
      .where('product_category.product_id', '=', productId)
      .orderBy('category.position');
  }

  productCategories(productId: number, locale: string) {
    return this.productCategoriesQuery(productId, locale).execute();
  }

  private productNeedsQuery(productId: number, locale: string) {
    return this.db
      .selectFrom('product_need')
      .innerJoin('need', 'need.id', 'product_need.need_id')
      .innerJoin('need_translation', (j) =>
        j.onRef('need_translation.need_id', '=', 'need.id').on('need_translation.locale', '=', locale),
      )
      .leftJoin('need_translation as parent', (j) =>
        j.onRef('parent.need_id', '=', 'need.parent_id').on('parent.locale', '=', locale),
      )
      .select([
        'need.id',
        'need.key',
        'need_translation.label',
        'need_translation.slug',
        'parent.label as parent_label',
        'parent.slug as parent_slug',
      ])
      .where('product_need.product_id', '=', productId)
      .orderBy('need.order');
  }

  productNeeds(productId: number, locale: string) {
    return this.productNeedsQuery(productId, locale).execute();
  }

  /** Other packagings of the same product (same packaging group), visible in the plan. */
  private packagingsQuery(group: string, locale: string, salesPlanId: number) {
    return this.db
      .selectFrom('product')
      .innerJoin('product_translation', (j) =>
        j.onRef('product_translation.product_id', '=', 'product.id').on('product_translation.locale', '=', locale),
      )
      .innerJoin('product_price', (j) =>
        j.onRef('product_price.product_id', '=', 'product.id').on('product_price.sales_plan_id', '=', salesPlanId),
      )
      .select([
        'product.id',
        'product_translation.slug',
        sql<string | null>`product_translation.texts->>'packaging_label'`.as('label'),
      ])
      .where('product.packaging_group', '=', group)
      .where('product.published', '=', true)
      .orderBy('product.position')
      .orderBy('product.id');
  }

  packagings(group: string, locale: string, salesPlanId: number) {
    return this.packagingsQuery(group, locale, salesPlanId).execute();
  }

  private associateIdsQuery(productId: number) {
    return this.db
      .selectFrom('product_associate')
      .select('associate_id')
      .where('product_id', '=', productId)
      .orderBy('position');
  }

  associateIds(productId: number) {
    return this.associateIdsQuery(productId).execute();
  }

  /**
   * Everything the product page and the product API read about a product besides its own row, in
   * one round trip: categories, needs, slugs per locale, FAQs, associated product ids and the other
   * packagings of its group (visible in the plan), each as a JSON array built by the database.
   */
  productRelations(product: { id: number; packaging_group: string | null }, locale: string, salesPlanId: number) {
    return this.db
      .selectNoFrom([
        jsonArrayFrom(this.productCategoriesQuery(product.id, locale)).as('categories'),
        jsonArrayFrom(this.productNeedsQuery(product.id, locale)).as('needs'),
        jsonArrayFrom(this.productSlugsQuery(product.id)).as('slugs'),
        jsonArrayFrom(this.productFaqsQuery(product.id, locale)).as('faqs'),
        jsonArrayFrom(this.associateIdsQuery(product.id)).as('associates'),
        jsonArrayFrom(this.packagingsQuery(product.packaging_group ?? '', locale, salesPlanId)).as('packagings'),
      ])
      .executeTakeFirstOrThrow();
  }

  async cardsByIds(ids: number[], query: Pick<ProductQuery, 'locale' | 'salesPlanId'>): Promise<ProductCardRow[]> {
    if (!ids.length) return [];
    const { items } = await this.listProducts({ ...query, perPage: ids.length, page: 1, productIds: ids });
    return ids.map((id) => items.find((i) => i.id === id)).filter((i): i is ProductCardRow => !!i);
  }

  private productFaqsQuery(productId: number, locale: string, limit?: number) {
    return this.db
      .selectFrom('product_faq')
      .select(['id', 'question', 'answer'])
      .where('product_id', '=', productId)
      .where('locale', '=', locale)
      .orderBy('position')
      .orderBy('id')
      .$if(limit !== undefined, (q) => q.limit(limit as number));
  }

  productFaqs(productId: number, locale: string, limit?: number) {
    return this.productFaqsQuery(productId, locale, limit).execute();
  }

  brandFaqs(brandId: number, locale: string) {
    return this.db
      .selectFrom('brand_faq')
      .select(['id', 'question', 'answer'])
      .where('brand_id', '=', brandId)
      .where('locale', '=', locale)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** The product (in a locale) whose documents list names this file. */
  productByDocument(file: string, locale: string) {
    return this.db
      .selectFrom('product')
      .innerJoin('product_translation', (j) =>
        j.onRef('product_translation.product_id', '=', 'product.id').on('product_translation.locale', '=', locale),
      )
      .select(['product.reference', 'product.documents', 'product_translation.name', 'product_translation.texts'])
      .where('product.published', '=', true)
      .where(sql<boolean>`product.documents @> ${JSON.stringify([{ file }])}::jsonb`)
      .executeTakeFirst();
  }

  brandExists(brandId: number) {
    return this.db.selectFrom('brand').select('id').where('id', '=', brandId).executeTakeFirst();
  }
}

type ListingRows<O = object> = SelectQueryBuilder<DB & { l: DB['product_listing'] }, 'l', O>;

/** The filter types a selection chooses values of, with those values. */
function chosenTypes(selection: FilterSelection = {}): Array<[FilterName, string[]]> {
  return (Object.entries(selection) as Array<[FilterName, string[]]>).filter(([, values]) => values?.length);
}

/** The order of a list's rows (SPEC §9 sorts), ties broken by id. */
function listOrder(query: ProductQuery) {
  if (query.rankedIds !== undefined && (query.sort ?? 'asc_order') === 'asc_order')
    return sql`(${rankObject(query)}::jsonb ->> l.product_id::text)::int, l.product_id`;
  return query.sort === 'asc_price'
    ? sql`l.price asc, l.product_id`
    : query.sort === 'desc_price'
      ? sql`l.price desc, l.product_id`
      : sql`l.position asc, l.product_id`;
}

/** A card row of the listing: the card's JSON, with the row's id, price and galenic format label. */
function cardRow(row: {
  product_id: number;
  price: string;
  card: ListingCard;
  galenic_label: string | null;
}): ProductCardRow {
  const { card } = row;
  return {
    ...card,
    id: row.product_id,
    price: row.price,
    galenic_label: row.galenic_label,
    is_new_from: card.is_new_from ? new Date(card.is_new_from) : null,
    is_new_to: card.is_new_to ? new Date(card.is_new_to) : null,
  };
}

/** A price bound as an SQL literal (a validated number: never text from a request). */
function priceLiteral(value: number | undefined) {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`price bound ${String(value)} is not a number`);
  return sql.lit(n);
}

/** A whole number as an SQL literal (page sizes and offsets, validated before). */
function intLiteral(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${value} is not a whole number`);
  return sql.lit(value);
}

/**
 * The rank of each id of a search, as one JSON object parameter (`{"4456":1,…}`): a row's rank is a
 * key lookup, where `array_position` walked the array for each of up to 500 rows (3 ms of a results
 * page at 10,000 products on PGlite).
 */
function rankObject(query: ProductQuery) {
  const ranks: Record<string, number> = {};
  (query.rankedIds ?? []).forEach((id, index) => {
    const key = String(Math.trunc(Number(id)));
    if (!(key in ranks)) ranks[key] = index + 1;
  });
  return JSON.stringify(ranks);
}

/** The ranked ids of a search as one integer[] parameter. */
function rankedArray(query: ProductQuery) {
  return sql`${(query.rankedIds ?? []).map((id) => Math.trunc(Number(id)))}::integer[]`;
}

/** An int[] parameter list (ids). */
function integerArray(ids: number[]) {
  return sql`array[${sql.join(ids)}]::integer[]`;
}

/** The 'name=value' entries of product_listing.facets for chosen values of one filter type. */
function facetArray(name: FilterName, values: string[]) {
  return sql`array[${sql.join(values.map((value) => `${name}=${value}`))}]::text[]`;
}

/** The one value of the one filter chosen on a list that is otherwise unfiltered (see usesFacetSummary). */
function singleFacet(query: ProductQuery): { name: FilterName; value: string } | undefined {
  const chosen = chosenTypes(query.selection);
  if (chosen.length !== 1 || chosen[0][1].length !== 1) return undefined;
  if (!usesFacetSummary({ ...query, selection: {} })) return undefined;
  return { name: chosen[0][0], value: chosen[0][1][0] };
}

/**
 * The unfiltered list of the whole catalogue or of one expertise (published, default price range,
 * free products left out or included): its facet counts are precomputed in facet_summary (see
 * refreshFacetSummary).
 */
export function usesFacetSummary(query: ProductQuery): boolean {
  const noSelection = Object.values(query.selection ?? {}).every((values) => !values?.length);
  const defaultPrice = !query.price || (query.price.min <= 0 && query.price.max >= 10000);
  const scopedByExpertiseOnly = !query.categoryIds?.length || query.expertiseId !== undefined;
  return (
    noSelection &&
    defaultPrice &&
    scopedByExpertiseOnly &&
    query.published !== false &&
    !query.text &&
    !query.needIds?.length &&
    !query.productIds?.length &&
    query.rankedIds === undefined &&
    !query.productType &&
    !query.soldInStore
  );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
