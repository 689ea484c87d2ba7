import { Inject, Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { FACET_SUMMARY_TOTAL, type DB } from '../../database/schema';
import { DROPDOWN_LIMIT, FILTERS, type FilterName, type FilterSelection } from '../../../contracts/filters';
import { LABEL_LOCALE } from '../media';
import type { FacetCount, ProductCardRow, ProductQuery } from './catalogue.types';

const SEARCH_CONFIG: Record<string, string> = { fr: 'french', de: 'german', it: 'italian', es: 'spanish', nl: 'dutch' };

type ProductScope = SelectQueryBuilder<DB, 'product' | 'product_translation' | 'product_price', object>;

/** SQL of the catalogue (SPEC §3, §7 product calls). Rules live in the services. */
@Injectable()
export class CatalogueRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Products visible in a sales plan and locale, narrowed by every criterion of the query. */
  private scope(query: ProductQuery, skipFilter?: FilterName): ProductScope {
    const selection: FilterSelection = query.selection ?? {};
    let q = this.db
      .selectFrom('product')
      .innerJoin('product_translation', (j) =>
        j
          .onRef('product_translation.product_id', '=', 'product.id')
          .on('product_translation.locale', '=', query.locale),
      )
      .innerJoin('product_price', (j) =>
        j
          .onRef('product_price.product_id', '=', 'product.id')
          .on('product_price.sales_plan_id', '=', query.salesPlanId),
      )
      .$if(query.published !== false, (qb) => qb.where('product.published', '=', true))
      .$if(!!query.noFree, (qb) => qb.where('product.is_free', '=', false))
      .$if(!!query.productIds?.length, (qb) => qb.where('product.id', 'in', query.productIds as number[]))
      .$if(!!query.productType, (qb) => qb.where('product.product_type', '=', query.productType as string))
      .$if(!!query.categoryIds?.length, (qb) =>
        qb.where((eb) =>
          eb.exists(
            eb
              .selectFrom('product_category')
              .select(sql`1`.as('one'))
              .whereRef('product_category.product_id', '=', 'product.id')
              .where('product_category.category_id', 'in', query.categoryIds as number[]),
          ),
        ),
      )
      .$if(!!query.needIds?.length, (qb) =>
        qb.where((eb) =>
          eb.exists(
            eb
              .selectFrom('product_need')
              .select(sql`1`.as('one'))
              .whereRef('product_need.product_id', '=', 'product.id')
              .where('product_need.need_id', 'in', query.needIds as number[]),
          ),
        ),
      )
      .$if(!!query.price, (qb) =>
        qb
          .where('product_price.price', '>=', String(query.price?.min))
          .where('product_price.price', '<=', String(query.price?.max)),
      )
      .$if(!!query.text, (qb) =>
        qb.where((eb) =>
          eb.or([
            sql<boolean>`product_translation.search @@ websearch_to_tsquery(${sql.lit(SEARCH_CONFIG[query.locale] ?? 'simple')}::regconfig, unaccent(${query.text}))`,
            sql<boolean>`unaccent(product_translation.name) ilike unaccent(${'%' + escapeLike(query.text ?? '') + '%'})`,
          ]),
        ),
      );
    for (const [name, values] of Object.entries(selection) as Array<[FilterName, string[]]>) {
      if (name === skipFilter || !values?.length) continue;
      q = q.where((eb) => facetExists(eb, name, values));
    }
    return q;
  }

  async listProducts(query: ProductQuery): Promise<{ items: ProductCardRow[]; total: number }> {
    const perPage = query.perPage ?? 12;
    const page = Math.max(1, query.page ?? 1);
    // One statement: the page's ids (sorted and cut in the index-friendly scope) as a derived table,
    // joined to their details: the joins for names, brand and labels run for 12 rows, not for the
    // whole catalogue. An unfiltered list takes its total from the facet summary (a scalar subquery)
    // and walks products in position order; otherwise the total rides along as a window count (one
    // scan, not two). A page past the end has no row to carry it, so only then is it counted apart.
    const summarised = usesFacetSummary(query) && (query.sort ?? 'asc_order') === 'asc_order';
    const order =
      query.sort === 'asc_price'
        ? sql`product_price.price asc, product.id`
        : query.sort === 'desc_price'
          ? sql`product_price.price desc, product.id`
          : sql`product.position asc, product.id`;
    const total = summarised
      ? sql<number | null>`(${this.db
          .selectFrom('facet_summary')
          .select('count')
          .where('sales_plan_id', '=', query.salesPlanId)
          .where('locale', '=', query.locale)
          .where('category_id', '=', query.expertiseId ?? 0)
          .where('name', '=', FACET_SUMMARY_TOTAL)})`
      : sql<number | null>`count(*) over ()`;
    const pageIds = this.scope(query)
      .select(['product.id', total.as('total'), sql<number>`row_number() over (order by ${order})`.as('ord')])
      .orderBy(order)
      .limit(perPage)
      .offset((page - 1) * perPage);
    const rows = await this.cardQuery(query.locale, query.salesPlanId)
      .innerJoin(pageIds.as('page'), 'page.id', 'product.id')
      .select(['page.total', 'page.ord'])
      .orderBy('page.ord')
      .execute();
    let count = rows.length ? rows[0].total : null;
    if (count === null) {
      const counted = await this.scope(query)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirst();
      count = counted?.total ?? 0;
    }
    const items = rows.map(({ total: _total, ord: _ord, ...card }) => card) as unknown as ProductCardRow[];
    return { items, total: Number(count) };
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

  /** The card fields of products in a locale and sales plan (listProducts joins the page's ids to it). */
  private cardQuery(locale: string, salesPlanId: number) {
    // The picture labels' French names are scalar subqueries, not joins: they run for the page's rows
    // only, and two fewer relations to order cut the planning of this statement (measured on PGlite
    // at 10,000 products: planning was 8-25 ms of the card query's 9-30 ms; execution under 1 ms).
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
      .select([
        sql<string>`coalesce((select label_t.name from product_translation label_t where label_t.product_id = product.id and label_t.locale = ${LABEL_LOCALE}), product_translation.name)`.as(
          'name_fr',
        ),
        sql<string>`coalesce((select label_b.name from brand_translation label_b where label_b.brand_id = brand.id and label_b.locale = ${LABEL_LOCALE}), brand_translation.name)`.as(
          'brand_name_fr',
        ),
        'brand.color as brand_color',
        'product.id',
        'product.reference',
        'product.ean',
        'product_translation.name',
        'product_translation.slug',
        sql<string | null>`product_translation.texts->>'tagline'`.as('tagline'),
        'product.product_type',
        'product.is_new_from',
        'product.is_new_to',
        'product.is_new_formulae',
        'product.promoted',
        'product.is_free',
        'product_price.price',
        'product_price.original_price',
        'product.image',
        'brand.key as brand_key',
        'brand_translation.name as brand_name',
        'brand_translation.slug as brand_slug',
        'brand.class as brand_class',
        sql<boolean>`coalesce((product.caracteristics->>'not_sold_in_store')::boolean, false)`.as('not_sold_in_store'),
        sql<string | null>`product.caracteristics->>'galenic_format'`.as('galenic_format'),
      ]);
  }

  /**
   * Facet counts for the filter panel: each type is counted with every other type's selection
   * applied, so a visitor can add values within a type (OR) while types combine with AND.
   */
  async facetCounts(query: ProductQuery, names: readonly FilterName[]): Promise<FacetCount[]> {
    // Every part (the summary's rows, live counts per type) in one statement: a union of derived
    // tables, each keeping its own plan, order and limit.
    const run = async (live: boolean) => {
      const parts = this.facetParts(query, names, live).map((part, i) =>
        this.db.selectFrom(part.as(`part${i}`)).select(['name', 'value', sql<number>`count`.as('count')]),
      );
      if (!parts.length) return [];
      return parts
        .slice(1)
        .reduce((union, part) => union.unionAll(part), parts[0])
        .execute();
    };
    let rows = await run(false);
    // Empty only before the first refresh of the summary (a database migrated, not yet re-seeded).
    if (!rows.length && names.length) rows = await run(true);
    return rows.map((r) => ({ name: r.name as FilterName, value: r.value, count: Number(r.count) }));
  }

  /**
   * The queries whose rows are the facet counts: from the summary for an unfiltered list (the list
   * filters' rows, and each dropdown's 15 most frequent values, SPEC §4), otherwise counted live.
   * `live` counts everything live (the summary is empty).
   */
  private facetParts(query: ProductQuery, names: readonly FilterName[], live: boolean): FacetPart[] {
    if (!live && usesFacetSummary(query)) {
      const summary = () =>
        this.db
          .selectFrom('facet_summary')
          .select(['name', 'value', 'count'])
          .where('sales_plan_id', '=', query.salesPlanId)
          .where('locale', '=', query.locale)
          .where('category_id', '=', query.expertiseId ?? 0);
      const dropdowns = FILTERS.filter((f) => f.dropdown && names.includes(f.name)).map((f) => f.name);
      const lists = names.filter((n) => !dropdowns.includes(n));
      return [
        ...(lists.length ? [summary().where('name', 'in', lists)] : []),
        ...dropdowns.map((name) =>
          summary().where('name', '=', name).orderBy('count', 'desc').orderBy('value').limit(DROPDOWN_LIMIT),
        ),
      ] as unknown as FacetPart[];
    }
    const selection = query.selection ?? {};
    const selectedTypes = names.filter((n) => selection[n]?.length);
    const count = (skip: FilterName | undefined, only: readonly FilterName[]) =>
      this.db
        .selectFrom('product_facet')
        .select(['product_facet.name', 'product_facet.value', (eb) => eb.fn.countAll<number>().as('count')])
        .where('product_facet.name', 'in', only as FilterName[])
        .where('product_facet.product_id', 'in', this.scope(query, skip).select('product.id'))
        .groupBy(['product_facet.name', 'product_facet.value']) as unknown as FacetPart;
    const unselected = names.filter((n) => !selectedTypes.includes(n));
    // A chosen type is counted without its own choice: when that leaves an unfiltered list, its
    // counts are the summary's (one chosen type, the most common case).
    const ownCounts = (name: FilterName): FacetPart[] => {
      const rest = Object.fromEntries(Object.entries(selection).filter(([n]) => n !== name));
      const without = { ...query, selection: rest };
      return !live && usesFacetSummary(without) ? this.facetParts(without, [name], false) : [count(name, [name])];
    };
    return [...(unselected.length ? [count(undefined, unselected)] : []), ...selectedTypes.flatMap(ownCounts)];
  }

  /** Which of these (filter, value) pairs exist in the index (primary-key lookups). */
  existingFacetValues(pairs: Array<{ name: string; value: string }>) {
    return this.db
      .selectFrom('product_facet')
      .select(['name', 'value'])
      .distinct()
      .where((eb) => eb.or(pairs.map((p) => eb.and([eb('name', '=', p.name), eb('value', '=', p.value)]))))
      .execute();
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

/** A query whose rows are facet counts (from the summary or counted live). */
type FacetPart = SelectQueryBuilder<DB, 'facet_summary', { name: string; value: string; count: number }>;

function facetExists(eb: ExpressionBuilder<DB, 'product'>, name: FilterName, values: string[]) {
  return eb.exists(
    eb
      .selectFrom('product_facet')
      .select(sql`1`.as('one'))
      .whereRef('product_facet.product_id', '=', 'product.id')
      .where('product_facet.name', '=', name)
      .where('product_facet.value', 'in', values),
  );
}

/**
 * The unfiltered list of the whole catalogue or of one expertise (published, not free, default price
 * range): its facet counts are precomputed in facet_summary (see refreshFacetSummary).
 */
export function usesFacetSummary(query: ProductQuery): boolean {
  const noSelection = Object.values(query.selection ?? {}).every((values) => !values?.length);
  const defaultPrice = !query.price || (query.price.min <= 0 && query.price.max >= 10000);
  const scopedByExpertiseOnly = !query.categoryIds?.length || query.expertiseId !== undefined;
  return (
    noSelection &&
    defaultPrice &&
    scopedByExpertiseOnly &&
    query.noFree === true &&
    query.published !== false &&
    !query.text &&
    !query.needIds?.length &&
    !query.productIds?.length &&
    !query.productType
  );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
