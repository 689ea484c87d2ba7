import { Injectable } from '@nestjs/common';
import { matchRoute, type ListingTail, type Locale } from '../../../contracts/route-table';
import { SEARCH_TAB_NAMES, type SuggestAnswer } from '../../../contracts/search';
import { DomainException } from '../../common/errors/domain.exception';
import { SiteSource } from '../../common/api';
import { RenderService } from '../../render/render.service';
import { ProductListService, parseListOptions } from '../catalogue';
import type { SiteContext } from '../shop';
import type { SearchListingQueryDto, SearchQueryDto } from './dto/search-query.dto';
import { resultView, SearchPageService } from './search-page.service';
import { buildPath } from '../../../contracts/route-table';
import {
  cleanSearchText,
  SEARCH_PER_PAGE,
  SUGGEST_LIMITS,
  SUGGEST_MIN_LENGTH,
  TAB_KIND,
  type SearchTab,
} from './search.rules';
import { SearchService } from './search.service';

const FILTER_VALUE = /^[a-z0-9][a-z0-9_-]*$/;

/** Search calls of the content API (SPEC §7 "Search", "Suggest"), and the results island's data. */
@Injectable()
export class SearchApiService {
  constructor(
    private readonly sites: SiteSource,
    private readonly search: SearchService,
    private readonly pages: SearchPageService,
    private readonly lists: ProductListService,
    private readonly render: RenderService,
  ) {}

  async site(site: SiteContext, query: SearchQueryDto | SearchListingQueryDto): Promise<SiteContext> {
    const dto = query as SearchQueryDto;
    if (dto.language && query.lang && dto.language !== query.lang)
      throw DomainException.invalidInput({ language: 'language and lang name different languages' });
    try {
      return await this.sites.scoped(site, {
        shop_id: query.shop_id,
        lang: dto.language ?? query.lang,
        saleplan_id: dto.saleplan_id,
      });
    } catch (error) {
      // SPEC §7 names the parameter `language`: a refusal names the one the client sent.
      const details = error instanceof DomainException ? (error.details as Record<string, string>) : undefined;
      if (dto.language && details?.lang) {
        const { lang, ...rest } = details;
        throw DomainException.invalidInput({ ...rest, language: lang });
      }
      throw error;
    }
  }

  /** GET /api/v1/search: the groups with total and items (Search), or the suggestions (Suggest). */
  async answer(site: SiteContext, query: SearchQueryDto) {
    return query.type === 'Suggest' ? this.suggest(site, query.text) : this.results(site, query);
  }

  async suggest(site: SiteContext, raw: string): Promise<SuggestAnswer> {
    const text = cleanSearchText(raw);
    const resultsHref = buildPath('results', site.locale, { tail: text ? { text, filters: [] } : undefined });
    if (Array.from(text).length < SUGGEST_MIN_LENGTH) return { data: { text, total: 0, resultsHref, groups: [] } };
    const t = this.render.translator(site.locale);
    const found = await this.search.suggest(
      { locale: site.locale, salesPlanId: site.salesPlan.id },
      text,
      SUGGEST_LIMITS,
    );
    const groups = (['product', 'need', 'brand', 'page'] as const).map((kind) => ({
      kind,
      total: found[kind].length,
      items: found[kind].map((hit) => resultView(site.locale, hit, t)),
    }));
    return { data: { text, total: groups.reduce((n, g) => n + g.total, 0), resultsHref, groups } };
  }

  private async results(site: SiteContext, query: SearchQueryDto) {
    const text = cleanSearchText(query.text);
    const perPage = query.perPage ?? SEARCH_PER_PAGE;
    const tab = (query.tab ?? 'products') as SearchTab;
    const pageOf = (name: SearchTab) => (name === tab ? (query.page ?? 1) : 1);
    const filters: ListingTail['filters'] = [];
    for (const [name, values] of Object.entries(query.caracteristics ?? {})) {
      const list = Array.isArray(values) ? values : [values];
      if (!/^[a-z][a-z0-9_]*$/.test(name) || !list.every((v) => typeof v === 'string' && FILTER_VALUE.test(v)))
        throw DomainException.invalidInput({ caracteristics: `bad filter ${name}` });
      for (const value of list as string[]) filters.push({ name, value });
    }
    const empty = { total: 0, items: [] };
    if (!text) return { data: { text, groups: { products: empty, brands: empty, needs: empty, pages: empty } } };
    const scope = { locale: site.locale, salesPlanId: site.salesPlan.id };
    const found = await this.search.search(scope, text);
    const names = query.all === false ? [] : SEARCH_TAB_NAMES.filter((n) => n !== 'products');
    if (found.empty) {
      await this.search.countMiss(site.locale, text);
      return { data: { text, groups: Object.fromEntries([['products', empty], ...names.map((n) => [n, empty])]) } };
    }
    const t = this.render.translator(site.locale);
    // The products' list and the other groups' pages are independent: read together. A group the
    // search counted nothing of needs no query; its total is the search's count.
    const [products, ...others] = await Promise.all([
      found.counts.product > 0
        ? this.products(site, query, filters, text, found.productIds, perPage, pageOf('products')).then((group) => ({
            ...group,
            // Every product the text matches; `total` is what the group pages through (its best 500).
            matched: found.counts.product,
          }))
        : empty,
      ...names.map(async (name) => {
        const total = found.counts[TAB_KIND[name]];
        if (total === 0) return empty;
        const hits = await this.search.page(
          TAB_KIND[name],
          found.compiled,
          scope,
          perPage,
          (pageOf(name) - 1) * perPage,
        );
        return { total, items: hits.map((h) => resultView(site.locale, h, t)) };
      }),
    ]);
    const groups: Record<string, { total: number; items: unknown[] }> = { products };
    names.forEach((name, i) => (groups[name] = others[i]));
    return { data: { text, groups } };
  }

  /** The solutions group: the product list's page of the search's products, with its filters. */
  private async products(
    site: SiteContext,
    query: SearchQueryDto,
    filters: ListingTail['filters'],
    text: string,
    rankedIds: number[],
    perPage: number,
    page: number,
  ): Promise<{ total: number; items: unknown[] }> {
    try {
      const listed = await this.lists.page(site, { filters, page }, parseListOptions({ display: query.display }), {
        text,
        rankedIds,
        perPage,
      });
      return { total: listed.props.listing.total, items: listed.props.listing.products };
    } catch (error) {
      // Unknown filter values or a page past the end: the list is empty, as the page would 404.
      if (!(error instanceof DomainException)) throw error;
      return { total: 0, items: [] };
    }
  }

  /** The results island's data for a results URL: the same view model as the page. */
  async listing(site: SiteContext, query: SearchListingQueryDto) {
    const url = new URL(query.path, 'http://site.invalid');
    const params = matchRoute('results', site.locale as Locale, url.pathname);
    if (!params) throw DomainException.invalidInput({ path: 'not a search results path of this site' });
    const view = await this.pages.page(site, params.tail as ListingTail, Object.fromEntries(url.searchParams), {
      countMiss: false,
    });
    const listing = view.props.state === 'results' ? view.props.listing : undefined;
    if (!listing) throw DomainException.invalidInput({ path: 'not a search results path with products' });
    return { data: listing, title: await this.render.documentTitle(site, view.head.title) };
  }
}
