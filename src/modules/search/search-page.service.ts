import { Injectable } from '@nestjs/common';
import type { SearchResultsProps } from '../../../views/pages/SearchResultsPage';
import { labelsOf, type Translate } from '../../../contracts/i18n';
import { pageWindow } from '../../../contracts/pagination';
import { buildPath, type ListingTail, type Locale } from '../../../contracts/route-table';
import type { SearchResultView } from '../../../contracts/search';
import { DomainException } from '../../common/errors/domain.exception';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { parseListOptions, ProductListService } from '../catalogue';
import type { SiteContext } from '../shop';
import type { SearchHit } from './search.repository';
import { cleanSearchText, SEARCH_PER_PAGE, SEARCH_TABS, TAB_KIND, type SearchTab } from './search.rules';
import { SearchService } from './search.service';

/** The link of one result: products, brands and needs by slug, pages by their route family. */
export function resultHref(locale: Locale, hit: Pick<SearchHit, 'kind' | 'route' | 'slug'>): string {
  switch (hit.kind) {
    case 'product':
      return buildPath('product', locale, { slug: hit.slug });
    case 'brand':
      return buildPath('brand', locale, { slug: hit.slug });
    case 'need':
      return buildPath('need', locale, { slug: hit.slug });
    default:
      return buildPath(hit.route === 'innovation' ? 'innovation' : 'advice', locale, { slug: hit.slug });
  }
}

export function resultView(locale: Locale, hit: SearchHit, t: Translate): SearchResultView {
  const context =
    hit.kind === 'page'
      ? hit.context || t(hit.route === 'innovation' ? 'search.route_innovation' : 'search.route_advice')
      : hit.context;
  return { kind: hit.kind, title: hit.title, href: resultHref(locale, hit), context };
}

/** The path of a results page: the text, the page, the solutions tab's filters, the tab. */
function resultsPath(
  locale: Locale,
  text: string,
  tab: SearchTab,
  page?: number,
  filters: ListingTail['filters'] = [],
) {
  const path = buildPath('results', locale, { tail: { text, page, filters: tab === 'products' ? filters : [] } });
  return tab === 'products' ? path : `${path}?tab=${tab}`;
}

/**
 * The search results page (SPEC §2.2 "Search results"): tabs with counts (solutions, brands, needs,
 * pages), the solutions tab being the product list's listing restricted to the search's products
 * (its filters, sorts, facets and pages), 17 results per page; "no results" with the searched text.
 */
@Injectable()
export class SearchPageService {
  constructor(
    private readonly search: SearchService,
    private readonly lists: ProductListService,
    private readonly render: RenderService,
  ) {}

  /** The path form of a GET form's `?q=` (the header and panel forms), or null when there is none. */
  formTarget(site: SiteContext, query: Record<string, unknown>): string | null {
    if (!('q' in query)) return null;
    const text = cleanSearchText(query.q);
    return buildPath('results', site.locale, { tail: text ? { text, filters: [] } : undefined });
  }

  /**
   * The results page of a path's text, tab, page and filters. A search that finds nothing is counted
   * (search_miss) unless `countMiss` is false: the listing API answers such a path 400 and counts
   * nothing (a refused request is not a visitor's search).
   */
  async page(
    site: SiteContext,
    tail: ListingTail,
    query: Record<string, unknown>,
    { countMiss = true }: { countMiss?: boolean } = {},
  ): Promise<PageView<SearchResultsProps>> {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const text = cleanSearchText(tail.text ?? '');
    const requested = SEARCH_TABS.includes(query.tab as SearchTab) ? (query.tab as SearchTab) : null;
    const panel = this.panel(site, text, t);
    const base = {
      head: {
        title: text ? t('search.title_for', { text }) : t('search.title'),
        description: t('search.meta_description'),
        noindexFollow: true,
      },
      breadcrumb: [{ label: t('search.breadcrumb') }],
      alternates: Object.fromEntries(
        site.shop.languages
          .filter((l) => l.locale !== locale)
          .map((l) => [
            l.locale,
            buildPath('results', l.locale as Locale, { tail: text ? { text, filters: [] } : undefined }),
          ]),
      ),
    };
    const labels = labelsOf(t, 'search');
    if (!text) {
      if (tail.page || tail.filters.length) throw DomainException.notFound();
      return { ...base, props: { text, panel, labels, state: 'prompt', tabs: [], homeHref: '/' } };
    }

    const scope = { locale, salesPlanId: site.salesPlan.id };
    const found = await this.search.search(scope, text);
    if (found.empty) {
      if (tail.page || tail.filters.length) throw DomainException.notFound();
      if (countMiss) await this.search.countMiss(locale, text);
      return { ...base, props: { text, panel, labels, state: 'none', tabs: [], homeHref: '/' } };
    }
    // Without a tab in the URL: solutions, unless it is empty and another tab is not.
    const firstFound = SEARCH_TABS.find((tab) => found.counts[TAB_KIND[tab]] > 0) ?? 'products';
    const tab: SearchTab = requested ?? (found.counts.product > 0 ? 'products' : firstFound);
    if (tab !== 'products' && tail.filters.length) throw DomainException.notFound();

    const page = tail.page ?? 1;
    const tabs = (counts: Record<SearchTab, number>) =>
      SEARCH_TABS.map((name) => ({
        name,
        label: t(`search.tab_${name}`),
        count: counts[name],
        href: resultsPath(locale, text, name),
        active: name === tab,
      }));
    const counts: Record<SearchTab, number> = {
      products: found.counts.product,
      brands: found.counts.brand,
      needs: found.counts.need,
      pages: found.counts.page,
    };

    if (tab === 'products') {
      const listed = await this.lists.page(site, { filters: tail.filters, page: tail.page }, parseListOptions(query), {
        text,
        rankedIds: found.productIds,
        perPage: SEARCH_PER_PAGE,
      });
      const listing = { ...listed.props.listing, expertises: [], pushes: [] };
      return {
        ...base,
        head: {
          ...base.head,
          title: page > 1 ? `${base.head.title} - ${t('search.page', { page })}` : base.head.title,
        },
        props: {
          text,
          panel,
          labels,
          state: 'results',
          tab,
          tabs: tabs(counts),
          listing,
          capped:
            counts.products > found.productIds.length
              ? { shown: found.productIds.length, total: counts.products }
              : null,
          homeHref: '/',
        },
      };
    }

    const total = counts[tab];
    const pages = Math.max(1, Math.ceil(total / SEARCH_PER_PAGE));
    if (page > pages) throw DomainException.notFound();
    const hits = await this.search.page(
      TAB_KIND[tab],
      found.compiled,
      scope,
      SEARCH_PER_PAGE,
      (page - 1) * SEARCH_PER_PAGE,
    );
    return {
      ...base,
      head: { ...base.head, title: page > 1 ? `${base.head.title} - ${t('search.page', { page })}` : base.head.title },
      props: {
        text,
        panel,
        labels,
        state: 'results',
        tab,
        tabs: tabs(counts),
        results: {
          items: hits.map((hit) => resultView(locale, hit, t)),
          total,
          pagination: pageWindow(page, pages).map((n) => ({
            page: n,
            href: resultsPath(locale, text, tab, n),
            current: n === page,
          })),
          previousHref: page > 1 ? resultsPath(locale, text, tab, page - 1) : null,
          nextHref: page < pages ? resultsPath(locale, text, tab, page + 1) : null,
          paginationLabels: labelsOf(t, 'catalogue.listing'),
        },
        homeHref: '/',
      },
    };
  }

  /** The search panel of the page (SPEC §5: suggestions from 2 characters), prefilled with the text. */
  private panel(site: SiteContext, text: string, t: Translate) {
    return {
      action: buildPath('results', site.locale),
      locale: site.locale,
      text,
      labels: labelsOf(t, 'search.panel'),
      suggestLabels: labelsOf(t, 'search.suggest'),
    };
  }
}
