import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import type { PageType } from '../../database/schema';

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
 */
@Injectable()
export class SeoRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Published products with a price in the sales plan and texts (and a brand name) in the language. */
  private productsQuery(locale: string, salesPlanId: number) {
    return this.db
      .selectFrom('product as p')
      .innerJoin('product_translation as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
      .innerJoin('product_price as pp', (j) =>
        j.onRef('pp.product_id', '=', 'p.id').on('pp.sales_plan_id', '=', salesPlanId),
      )
      .innerJoin('brand_translation as bt', (j) =>
        j.onRef('bt.brand_id', '=', 'p.brand_id').on('bt.locale', '=', locale),
      )
      .where('p.published', '=', true);
  }

  async countProducts(locale: string, salesPlanId: number): Promise<number> {
    const { n } = await this.productsQuery(locale, salesPlanId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** The id after which the `skip`-th row starts (0 for the first), for the start of a split sitemap. */
  async productKeyAt(locale: string, salesPlanId: number, skip: number): Promise<number | null> {
    if (skip === 0) return 0;
    const row = await this.productsQuery(locale, salesPlanId)
      .select('p.id')
      .orderBy('p.id')
      .offset(skip - 1)
      .limit(1)
      .executeTakeFirst();
    return row ? row.id : null;
  }

  products(locale: string, salesPlanId: number, afterId: number, limit: number): Promise<SitemapRow[]> {
    return this.productsQuery(locale, salesPlanId)
      .select(['p.id', 't.slug', 'p.updated_at as updatedAt'])
      .where('p.id', '>', afterId)
      .orderBy('p.id')
      .limit(limit)
      .execute();
  }

  /** The products' pages in the other languages: only where that language lists them too. */
  productSiblings(ids: number[], locales: string[], salesPlanId: number): Promise<SiblingRow[]> {
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
      .where('t.product_id', 'in', ids)
      .where('t.locale', 'in', locales)
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
      .where('t.page_id', 'in', ids)
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
