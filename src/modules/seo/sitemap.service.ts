import { Inject, Injectable } from '@nestjs/common';
import { INDEXABLE_FILTERS } from '../../../contracts/filters';
import { buildPath, type Locale, type RouteName } from '../../../contracts/route-table';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { FACET_SUMMARY_TOTAL } from '../../database/schema';
import { ArticleListService, CATCH_ALL_TYPES, pageHref, type ListKind } from '../cms';
import type { SiteContext } from '../shop';
import {
  SeoRepository,
  type ListPageKey,
  type ListPageRow,
  type PageSelection,
  type SiblingRow,
  type SitemapRow,
} from './seo.repository';
import {
  fileCount,
  sitemapFile,
  sitemapIndex,
  SITEMAP_MAX_URLS,
  urlEntry,
  URLSET_CLOSE,
  URLSET_OPEN,
  type SitemapUrl,
} from './sitemap-xml';

/** The content types with a sitemap of their own, in the index's order. */
export const SITEMAP_TYPES = ['pages', 'products', 'needs', 'brands', 'advice', 'innovation', 'pharmacies'] as const;
export type SitemapType = (typeof SITEMAP_TYPES)[number];

/** Rows read per query while a sitemap is written. */
const BATCH = 1000;

/**
 * Pages of the route table that are indexable as they are (no parameter, no date of their own), first
 * in the `pages` sitemap. The lists (products, advice, innovation) are in their content's sitemap with
 * their pages and filters; the help page is a CMS page.
 */
const STATIC_ROUTES: RouteName[] = [
  'home',
  'needs',
  'brands',
  'storeFinder',
  'whoCanGiveYouAdvice',
  'contact',
  'newsletter',
];

const PAGE_SELECTIONS: Record<'pages' | 'needs' | 'advice' | 'innovation', PageSelection[]> = {
  pages: [{ route: 'cmsPage', types: CATCH_ALL_TYPES }],
  needs: [{ route: 'need', types: ['standard'] }],
  advice: [{ route: 'advice', types: ['advice'] }],
  innovation: [{ route: 'innovation', types: ['innovation'] }],
};
/** Brand landing pages, then the brand corners (main page and its pages). */
const BRAND_SELECTIONS: PageSelection[] = [
  { route: 'brand', types: ['brand_landing'] },
  { route: 'brandCorner:', prefix: true, types: ['brand_corner_main', 'brand_corner_page'] },
];

/**
 * One source of URLs: how many, and the URLs from the `skip`-th on, read in keyset batches and handed
 * on a batch at a time (one asynchronous step per batch through the nested sources, not per URL).
 */
interface Source {
  count(): Promise<number>;
  urls(skip: number, take: number): AsyncGenerator<SitemapUrl[]>;
}

/**
 * The sitemaps of a host (SPEC: "Found by search engines"): an index listing one sitemap per content
 * type in the host's language, each split at 50,000 URLs, with the same content's URL in every other
 * language of the shop as hreflang alternates (the sibling rows that drive the language switch) and
 * x-default (the shop's default language). Written as it is read: never all rows in memory.
 *
 * Every page that is for search engines is listed once (docs/architecture.md "Search engines"):
 * products, their FAQ pages (with questions in the language), the product lists (the whole catalogue
 * and each expertise, unfiltered or with one indexable filter, every page), the advice and innovation
 * lists (unfiltered, by one expertise or category, by one need, every page) and articles, needs,
 * brands and brand corners, CMS pages, pharmacies and the fixed pages. `lastmod` is the content's
 * own date where it has one (products, editorial pages); lists and fixed pages have none.
 */
@Injectable()
export class SitemapService {
  constructor(
    private readonly repository: SeoRepository,
    private readonly articleLists: ArticleListService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async index(site: SiteContext, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
    const files: string[] = [];
    for (const type of SITEMAP_TYPES) {
      const count = await this.source(site, type).count();
      if (count === 0) continue;
      for (let n = 1; n <= fileCount(count, maxUrls); n++) files.push(`${site.origin}/${sitemapFile(type, n)}`);
    }
    return sitemapIndex(files);
  }

  /** The parts of one sitemap file, or null when it does not exist (a part past the last). */
  async sitemap(
    site: SiteContext,
    type: SitemapType,
    part: number,
    maxUrls = SITEMAP_MAX_URLS,
  ): Promise<AsyncGenerator<string> | null> {
    const source = this.source(site, type);
    const count = await source.count();
    if (part > fileCount(count, maxUrls)) return null;
    return (async function* write() {
      yield URLSET_OPEN;
      for await (const batch of source.urls((part - 1) * maxUrls, maxUrls)) {
        let chunk = '';
        for (const url of batch) {
          chunk += urlEntry(url);
          if (chunk.length > 16_384) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      }
      yield URLSET_CLOSE;
    })();
  }

  private source(site: SiteContext, type: SitemapType): Source {
    switch (type) {
      case 'products':
        return this.concat([this.products(site, false), this.products(site, true), this.productLists(site)]);
      case 'pharmacies':
        return this.stores(site);
      case 'brands':
        return this.concat(BRAND_SELECTIONS.map((s) => this.pages(site, s)));
      case 'pages':
        return this.concat([this.statics(site), ...PAGE_SELECTIONS.pages.map((s) => this.pages(site, s))]);
      case 'advice':
      case 'innovation':
        return this.concat([this.lists(site, type), ...PAGE_SELECTIONS[type].map((s) => this.pages(site, s))]);
      default:
        return this.concat(PAGE_SELECTIONS[type].map((s) => this.pages(site, s)));
    }
  }

  /** The URL of a path on the host of a language of the shop. */
  private url(site: SiteContext, locale: string, path: string): string {
    const language = site.shop.languages.find((l) => l.locale === locale);
    return `${site.scheme}://${language?.host ?? site.hostname}${site.portSuffix}${path}`;
  }

  /** The entry of one entity: its URL here and in every language it exists in, x-default last. */
  private entry(site: SiteContext, paths: Map<string, string>, lastmod?: Date | null): SitemapUrl {
    const country = site.shop.code.toUpperCase();
    const alternates = site.shop.languages
      .filter((l) => paths.has(l.locale))
      .map((l) => ({ hreflang: `${l.locale}-${country}`, href: this.url(site, l.locale, paths.get(l.locale)!) }));
    const fallback = paths.get(site.shop.defaultLocale);
    if (fallback !== undefined)
      alternates.push({ hreflang: 'x-default', href: this.url(site, site.shop.defaultLocale, fallback) });
    return { loc: this.url(site, site.locale, paths.get(site.locale)!), lastmod, alternates };
  }

  private otherLocales(site: SiteContext): string[] {
    return site.shop.languages.map((l) => l.locale).filter((l) => l !== site.locale);
  }

  /** Keyset batches from the `skip`-th row: one offset look-up for the start, then `key > last`. */
  private async *batches<K, R>(
    keyAt: (skip: number) => Promise<K | null>,
    read: (after: K, limit: number) => Promise<R[]>,
    keyOf: (row: R) => K,
    skip: number,
    take: number,
  ): AsyncGenerator<R[]> {
    const start: K | null = await keyAt(skip);
    if (start === null) return;
    let after: K = start;
    let left = take;
    while (left > 0) {
      const rows = await read(after, Math.min(BATCH, left));
      if (!rows.length) return;
      yield rows;
      left -= rows.length;
      after = keyOf(rows[rows.length - 1]);
      if (rows.length < Math.min(BATCH, left + rows.length)) return;
    }
  }

  private ids(
    keyAt: (skip: number) => Promise<number | null>,
    read: (afterId: number, limit: number) => Promise<SitemapRow[]>,
    skip: number,
    take: number,
  ): AsyncGenerator<SitemapRow[]> {
    return this.batches(keyAt, read, (row) => row.id, skip, take);
  }

  private withSiblings(
    site: SiteContext,
    rows: SitemapRow[],
    siblings: SiblingRow[],
    path: (locale: Locale, slug: string, route?: string) => string,
  ): SitemapUrl[] {
    const byId = new Map<number, Map<string, string>>();
    for (const row of rows) byId.set(row.id, new Map([[site.locale, path(site.locale, row.slug, row.route)]]));
    for (const s of siblings) byId.get(s.id)?.set(s.locale, path(s.locale as Locale, s.slug, s.route));
    return rows.map((row) => this.entry(site, byId.get(row.id)!, row.updatedAt));
  }

  /** Product pages, or (`faq`) the FAQ pages of the products with questions in the language. */
  private products(site: SiteContext, faq: boolean): Source {
    return {
      count: () => this.repository.countProducts(site.locale, site.salesPlan.id, faq),
      urls: (skip, take) => this.productUrls(site, faq, skip, take),
    };
  }

  private async *productUrls(
    site: SiteContext,
    faq: boolean,
    skip: number,
    take: number,
  ): AsyncGenerator<SitemapUrl[]> {
    const { locale } = site;
    const plan = site.salesPlan.id;
    const others = this.otherLocales(site);
    const route = faq ? 'productFaq' : 'product';
    for await (const rows of this.ids(
      (n) => this.repository.productKeyAt(locale, plan, n, faq),
      (after, limit) => this.repository.products(locale, plan, after, limit, faq),
      skip,
      take,
    )) {
      const ids = rows.map((r) => r.id);
      const siblings = await this.repository.productSiblings(ids, others, plan, faq);
      // A FAQ page has no date of its own (its questions are not dated).
      const dated = faq ? rows.map((r) => ({ ...r, updatedAt: null })) : rows;
      yield this.withSiblings(site, dated, siblings, (l, slug) => buildPath(route, l, { slug }));
    }
  }

  /** The product lists' pages for search engines (facet summary rows, one URL per page). */
  private productLists(site: SiteContext): Source {
    const { locale } = site;
    const plan = site.salesPlan.id;
    const perPage = this.config.PRODUCT_PER_PAGE;
    return {
      count: () => this.repository.countListPages(locale, plan, perPage, INDEXABLE_FILTERS),
      urls: (skip, take) => this.productListUrls(site, skip, take),
    };
  }

  private async *productListUrls(site: SiteContext, skip: number, take: number): AsyncGenerator<SitemapUrl[]> {
    const { locale } = site;
    const plan = site.salesPlan.id;
    const perPage = this.config.PRODUCT_PER_PAGE;
    const others = this.otherLocales(site);
    const path = (l: Locale, row: Omit<ListPageRow, 'page'>, page: number) =>
      buildPath('productList', l, {
        tail: {
          expertise: row.categoryId === 0 ? undefined : (row.slug ?? undefined),
          page,
          filters: row.name === FACET_SUMMARY_TOTAL ? [] : [{ name: row.name, value: row.value }],
        },
      });
    const listKey = (k: Omit<ListPageKey, 'page'>) => `${k.categoryId}\u0000${k.name}\u0000${k.value}`;
    for await (const rows of this.batches(
      (n) => this.repository.listPageKeyAt(locale, plan, perPage, INDEXABLE_FILTERS, n),
      (after, limit) => this.repository.listPages(locale, plan, perPage, INDEXABLE_FILTERS, after, limit),
      (row): ListPageKey => ({ categoryId: row.categoryId, name: row.name, value: row.value, page: row.page }),
      skip,
      take,
    )) {
      const lists = new Map(rows.map((r) => [listKey(r), r]));
      const siblings = await this.repository.listSiblings([...lists.values()], others, plan, perPage);
      const twins = new Map<string, typeof siblings>();
      for (const s of siblings) twins.set(listKey(s), [...(twins.get(listKey(s)) ?? []), s]);
      yield rows.map((row) => {
        const paths = new Map<string, string>([[locale, path(locale, row, row.page)]]);
        // The same page of the same list where that language has it.
        for (const twin of twins.get(listKey(row)) ?? [])
          if (twin.pages >= row.page) paths.set(twin.locale, path(twin.locale as Locale, twin, row.page));
        return this.entry(site, paths);
      });
    }
  }

  /** The advice or innovation list's pages for search engines (the cms feature knows its rules). */
  private lists(site: SiteContext, kind: ListKind): Source {
    const locales = site.shop.languages.map((l) => l.locale as Locale);
    const entries = async () =>
      (await this.articleLists.indexablePages(kind, site.locale, locales)).map((paths) => this.entry(site, paths));
    return {
      count: async () => (await entries()).length,
      urls: async function* (skip, take) {
        yield (await entries()).slice(skip, skip + take);
      },
    };
  }

  private pages(site: SiteContext, selection: PageSelection): Source {
    return {
      count: () => this.repository.countPages(site.locale, selection),
      urls: (skip, take) => this.pageUrls(site, selection, skip, take),
    };
  }

  private async *pageUrls(
    site: SiteContext,
    selection: PageSelection,
    skip: number,
    take: number,
  ): AsyncGenerator<SitemapUrl[]> {
    const { locale } = site;
    const others = this.otherLocales(site);
    for await (const rows of this.ids(
      (n) => this.repository.pageKeyAt(locale, selection, n),
      (after, limit) => this.repository.pages(locale, selection, after, limit),
      skip,
      take,
    )) {
      const siblings = await this.repository.pageSiblings(
        rows.map((r) => r.id),
        others,
        selection,
      );
      yield this.withSiblings(site, rows, siblings, (l, slug, route) => pageHref(route ?? 'cmsPage', slug, l));
    }
  }

  private stores(site: SiteContext): Source {
    return {
      count: () => this.repository.countStores(),
      urls: (skip, take) => this.storeUrls(site, skip, take),
    };
  }

  private async *storeUrls(site: SiteContext, skip: number, take: number): AsyncGenerator<SitemapUrl[]> {
    const locales = site.shop.languages.map((l) => l.locale);
    for await (const rows of this.ids(
      (n) => this.repository.storeKeyAt(n),
      (after, limit) => this.repository.stores(after, limit),
      skip,
      take,
    ))
      yield rows.map((row) =>
        this.entry(site, new Map(locales.map((l) => [l, buildPath('store', l, { slug: row.slug })])), row.updatedAt),
      );
  }

  /** The route table's own pages (home, the lists, the finder, contact). */
  private statics(site: SiteContext): Source {
    const locales = site.shop.languages.map((l) => l.locale);
    const entries = STATIC_ROUTES.map((name) => this.entry(site, new Map(locales.map((l) => [l, buildPath(name, l)]))));
    return {
      count: () => Promise.resolve(entries.length),
      urls: (skip, take) => fromArray([entries.slice(skip, skip + take)]),
    };
  }

  /** Sources one after the other, as one. */
  private concat(sources: Source[]): Source {
    return {
      async count() {
        let n = 0;
        for (const s of sources) n += await s.count();
        return n;
      },
      async *urls(skip, take) {
        let toSkip = skip;
        let left = take;
        for (const s of sources) {
          if (left <= 0) return;
          const n = await s.count();
          if (toSkip >= n) {
            toSkip -= n;
            continue;
          }
          for await (const batch of s.urls(toSkip, Math.min(left, n - toSkip))) {
            yield batch;
            left -= batch.length;
          }
          toSkip = 0;
        }
      },
    };
  }
}

async function* fromArray<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}
