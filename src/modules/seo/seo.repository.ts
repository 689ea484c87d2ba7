import { Inject, Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder } from 'kysely';
import { MIN_FILTERED_LIST_PRODUCTS } from '../../../contracts/filters';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { FACET_SUMMARY_TOTAL, type DB, type FacetSummaryTable, type PageType } from '../../database/schema';

/** One indexable entity of a sitemap: its id (the keyset), its slug in the sitemap's language. */
export interface SitemapRow {
  id: number;
  slug: string;
  /** The route family of an editorial page (advice, need, cmsPage, brandCorner:<brand>…). */
  route?: string;
  updatedAt?: Date | null;
}

/** The same entity in another language (the language switch's data: sibling rows of one id). */
export interface SiblingRow {
  id: number;
  locale: string;
  slug: string;
  route?: string;
}

/**
 * One page of a product list for search engines: the whole catalogue (category 0) or an expertise,
 * with no filter (`name` FACET_SUMMARY_TOTAL) or one, and the page number. The 4 fields are its key.
 */
export interface ListPageKey {
  categoryId: number;
  name: string;
  value: string;
  page: number;
}
export interface ListPageRow extends ListPageKey {
  /** The expertise's slug in the row's language (null for the whole catalogue). */
  slug: string | null;
}
/** How many pages a (category, filter) list has in another language, and its expertise's slug there. */
export interface ListSiblingRow {
  locale: string;
  categoryId: number;
  name: string;
  value: string;
  pages: number;
  slug: string | null;
}

/** A list is for search engines with a product, or MIN_FILTERED_LIST_PRODUCTS when it is filtered. */
const indexableCount = (eb: ExpressionBuilder<DB & { f: FacetSummaryTable }, 'f'>) =>
  eb.or([
    eb.and([eb('f.name', '=', FACET_SUMMARY_TOTAL), eb('f.count', '>', 0)]),
    eb('f.count', '>=', MIN_FILTERED_LIST_PRODUCTS),
  ]);

/** Which editorial pages a sitemap lists: a route family (or prefix) and the page types it answers with. */
export interface PageSelection {
  route: string;
  /** true: `route` is a prefix (brandCorner:), every brand corner. */
  prefix?: boolean;
  types: PageType[];
}

/**
 * The sitemaps' reads (SPEC: "Found by search engines"): keyset pages of ids, so a sitemap of 50,000
 * URLs is read `batch` rows at a time and never held whole; each read uses the primary key order.
 * A batch's ids travel as one array parameter, never as an `in (…)` list: every list length would be
 * another statement text, prepared and kept per connection (1,000 parameters, 40 KB of text each).
 */
@Injectable()
export class SeoRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Published products with a price in the sales plan and texts (and a brand name) in the language;
   * with `faq`, those with questions in the language (their FAQ pages).
   */
  private productsQuery(locale: string, salesPlanId: number, faq = false) {
    return this.db
      .selectFrom('product as p')
      .innerJoin('product_translation as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
      .innerJoin('product_price as pp', (j) =>
        j.onRef('pp.product_id', '=', 'p.id').on('pp.sales_plan_id', '=', salesPlanId),
      )
      .innerJoin('brand_translation as bt', (j) =>
        j.onRef('bt.brand_id', '=', 'p.brand_id').on('bt.locale', '=', locale),
      )
      .where('p.published', '=', true)
      .$if(faq, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('product_faq as f')
              .select(sql`1`.as('one'))
              .whereRef('f.product_id', '=', 'p.id')
              .where('f.locale', '=', locale),
          ),
        ),
      );
  }

  async countProducts(locale: string, salesPlanId: number, faq = false): Promise<number> {
    const { n } = await this.productsQuery(locale, salesPlanId, faq)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** The id after which the `skip`-th row starts (0 for the first), for the start of a split sitemap. */
  async productKeyAt(locale: string, salesPlanId: number, skip: number, faq = false): Promise<number | null> {
    if (skip === 0) return 0;
    const row = await this.productsQuery(locale, salesPlanId, faq)
      .select('p.id')
      .orderBy('p.id')
      .offset(skip - 1)
      .limit(1)
      .executeTakeFirst();
    return row ? row.id : null;
  }

  products(locale: string, salesPlanId: number, afterId: number, limit: number, faq = false): Promise<SitemapRow[]> {
    return this.productsQuery(locale, salesPlanId, faq)
      .select(['p.id', 't.slug', 'p.updated_at as updatedAt'])
      .where('p.id', '>', afterId)
      .orderBy('p.id')
      .limit(limit)
      .execute();
  }

  /** The products' pages (FAQ pages) in the other languages: only where that language lists them too. */
  productSiblings(ids: number[], locales: string[], salesPlanId: number, faq = false): Promise<SiblingRow[]> {
    if (!ids.length || !locales.length) return Promise.resolve([]);
    return this.db
      .selectFrom('product_translation as t')
      .innerJoin('product as p', 'p.id', 't.product_id')
      .innerJoin('product_price as pp', (j) =>
        j.onRef('pp.product_id', '=', 'p.id').on('pp.sales_plan_id', '=', salesPlanId),
      )
      .innerJoin('brand_translation as bt', (j) =>
        j.onRef('bt.brand_id', '=', 'p.brand_id').onRef('bt.locale', '=', 't.locale'),
      )
      .select(['t.product_id as id', 't.locale', 't.slug'])
      .where(sql<boolean>`t.product_id = any(${ids}::integer[])`)
      .where('t.locale', 'in', locales)
      .where('p.published', '=', true)
      .$if(faq, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('product_faq as f')
              .select(sql`1`.as('one'))
              .whereRef('f.product_id', '=', 't.product_id')
              .whereRef('f.locale', '=', 't.locale'),
          ),
        ),
      )
      .execute();
  }

  /**
   * The product lists' pages for search engines, one row per URL (key order): the whole catalogue and
   * each expertise with products, with no filter or one filter of `filters`, each page of `perPage`
   * products. Counted from the facet summary (the counts of the unfiltered lists, free products left
   * out as the product list does), so no list is counted again.
   */
  private listsQuery(locale: string, salesPlanId: number, filters: readonly string[]) {
    return this.db
      .selectFrom('facet_summary as f')
      .leftJoin('category_translation as ct', (j) =>
        j.onRef('ct.category_id', '=', 'f.category_id').on('ct.locale', '=', locale),
      )
      .where('f.sales_plan_id', '=', salesPlanId)
      .where('f.locale', '=', locale)
      .where('f.free_included', '=', false)
      .where(indexableCount)
      .where('f.name', 'in', [FACET_SUMMARY_TOTAL, ...filters])
      .where((eb) => eb.or([eb('f.category_id', '=', 0), eb('ct.slug', 'is not', null)]));
  }

  private listPagesQuery(locale: string, salesPlanId: number, perPage: number, filters: readonly string[]) {
    return this.listsQuery(locale, salesPlanId, filters)
      .innerJoin(
        // A scalar set-returning function's column is named after its alias: s.s is the page number.
        sql<{ s: number }>`generate_series(1, ceil(f.count::numeric / ${sql.lit(perPage)})::integer)`.as('s'),
        (j) => j.onTrue(),
      )
      .orderBy('f.category_id')
      .orderBy('f.name')
      .orderBy('f.value')
      .orderBy('s.s');
  }

  async countListPages(
    locale: string,
    salesPlanId: number,
    perPage: number,
    filters: readonly string[],
  ): Promise<number> {
    const { n } = await this.listsQuery(locale, salesPlanId, filters)
      .select(sql<string>`coalesce(sum(ceil(f.count::numeric / ${sql.lit(perPage)})), 0)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** The key after which the `skip`-th list page starts (a key before every page for 0); null past the end. */
  async listPageKeyAt(
    locale: string,
    salesPlanId: number,
    perPage: number,
    filters: readonly string[],
    skip: number,
  ): Promise<ListPageKey | null> {
    if (skip === 0) return { categoryId: -1, name: '', value: '', page: 0 };
    const row = await this.listPagesQuery(locale, salesPlanId, perPage, filters)
      .select(['f.category_id as categoryId', 'f.name', 'f.value', 's.s as page'])
      .offset(skip - 1)
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  /** List pages after `after`, in key order. */
  listPages(
    locale: string,
    salesPlanId: number,
    perPage: number,
    filters: readonly string[],
    after: ListPageKey,
    limit: number,
  ): Promise<ListPageRow[]> {
    return this.listPagesQuery(locale, salesPlanId, perPage, filters)
      .select(['f.category_id as categoryId', 'f.name', 'f.value', 's.s as page', 'ct.slug'])
      .where((eb) =>
        eb(
          eb.refTuple('f.category_id', 'f.name', 'f.value', 's.s'),
          '>',
          eb.tuple(after.categoryId, after.name, after.value, after.page),
        ),
      )
      .limit(limit)
      .execute();
  }

  /** The same lists (category, filter) in other languages: their number of pages, their expertise's slug. */
  listSiblings(
    keys: Array<Omit<ListPageKey, 'page'>>,
    locales: string[],
    salesPlanId: number,
    perPage: number,
  ): Promise<ListSiblingRow[]> {
    if (!keys.length || !locales.length) return Promise.resolve([]);
    return this.db
      .selectFrom('facet_summary as f')
      .leftJoin('category_translation as ct', (j) =>
        j.onRef('ct.category_id', '=', 'f.category_id').onRef('ct.locale', '=', 'f.locale'),
      )
      .select([
        'f.locale',
        'f.category_id as categoryId',
        'f.name',
        'f.value',
        sql<number>`ceil(f.count::numeric / ${sql.lit(perPage)})::integer`.as('pages'),
        'ct.slug',
      ])
      .where('f.sales_plan_id', '=', salesPlanId)
      .where('f.locale', 'in', locales)
      .where('f.free_included', '=', false)
      .where(indexableCount)
      .where((eb) => eb.or([eb('f.category_id', '=', 0), eb('ct.slug', 'is not', null)]))
      .where(
        sql<boolean>`(f.category_id, f.name, f.value) in (select * from unnest(${keys.map((k) => k.categoryId)}::integer[], ${keys.map((k) => k.name)}::text[], ${keys.map((k) => k.value)}::text[]))`,
      )
      .execute();
  }

  private pagesQuery(locale: string, selection: PageSelection) {
    return this.db
      .selectFrom('page as p')
      .innerJoin('page_translation as t', (j) => j.onRef('t.page_id', '=', 'p.id').on('t.locale', '=', locale))
      .where('p.published', '=', true)
      .where('p.type', 'in', selection.types)
      .$if(!selection.prefix, (q) => q.where('t.route', '=', selection.route))
      .$if(!!selection.prefix, (q) => q.where('t.route', 'like', `${selection.route}%`));
  }

  async countPages(locale: string, selection: PageSelection): Promise<number> {
    const { n } = await this.pagesQuery(locale, selection)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async pageKeyAt(locale: string, selection: PageSelection, skip: number): Promise<number | null> {
    if (skip === 0) return 0;
    const row = await this.pagesQuery(locale, selection)
      .select('p.id')
      .orderBy('p.id')
      .offset(skip - 1)
      .limit(1)
      .executeTakeFirst();
    return row ? row.id : null;
  }

  pages(locale: string, selection: PageSelection, afterId: number, limit: number): Promise<SitemapRow[]> {
    return this.pagesQuery(locale, selection)
      .select(['p.id', 't.slug', 't.route', 'p.updated_at as updatedAt'])
      .where('p.id', '>', afterId)
      .orderBy('p.id')
      .limit(limit)
      .execute();
  }

  pageSiblings(ids: number[], locales: string[], selection: PageSelection): Promise<SiblingRow[]> {
    if (!ids.length || !locales.length) return Promise.resolve([]);
    return this.db
      .selectFrom('page_translation as t')
      .innerJoin('page as p', 'p.id', 't.page_id')
      .select(['t.page_id as id', 't.locale', 't.slug', 't.route'])
      .where(sql<boolean>`t.page_id = any(${ids}::integer[])`)
      .where('t.locale', 'in', locales)
      .where('p.published', '=', true)
      .where('p.type', 'in', selection.types)
      .execute();
  }

  async countStores(): Promise<number> {
    const { n } = await this.db
      .selectFrom('store')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async storeKeyAt(skip: number): Promise<number | null> {
    if (skip === 0) return 0;
    const row = await this.db
      .selectFrom('store')
      .select('id')
      .orderBy('id')
      .offset(skip - 1)
      .limit(1)
      .executeTakeFirst();
    return row ? row.id : null;
  }

  /** Pharmacies have one slug, the same in every language; lastmod: their last write (migration 0019). */
  stores(afterId: number, limit: number): Promise<SitemapRow[]> {
    return this.db
      .selectFrom('store')
      .select(['id', 'slug', 'updated_at as updatedAt'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
