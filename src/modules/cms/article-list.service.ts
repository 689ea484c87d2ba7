import { Injectable } from '@nestjs/common';
import type { Locale } from '../../../contracts/route-table';
import type { ArticleFilterGroup, ArticleListPageProps } from '../../../views/pages/ArticleListPage';
import { AppCache } from '../../cache/app-cache.service';
import { DomainException } from '../../common/errors/domain.exception';
import type { PageType } from '../../database/schema';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import type { SiteContext } from '../shop';
import { CmsRepository } from './cms.repository';
import { ADVICE_MAX_PAGE, ADVICE_PAGE_SIZE, INNOVATION_PAGE_SIZE, listPath, parseListParams } from './editorial.rules';
import { EditorialService } from './editorial.service';

export type ListKind = 'advice' | 'innovation';
type ListFacets = Awaited<ReturnType<CmsRepository['listFacets']>>;
/** A list's page and filters by id (the same in every language; slugs are not). */
interface ListState {
  page: number;
  categoryId: number | null;
  needId: number | null;
}

/**
 * The need a list's filter names (SPEC §2.2: a need slug). SPEC §5/§8 "non-numeric filter param
 * gives 404" comes from the original site, whose filter was the need's id: digits are still read as
 * a need id (and answered by a 301 to the slug form); any other filter must be a need slug. Either
 * way a filter that names no need with articles in the list is 404 (docs/decisions.md).
 */
function findNeed<N extends { id: number; slug: string }>(needs: N[], filter: string): N | undefined {
  return /^[0-9]{1,10}$/.test(filter)
    ? needs.find((n) => n.id === Number(filter))
    : needs.find((n) => n.slug === filter);
}

const KINDS: Record<
  ListKind,
  { route: 'adviceList' | 'innovationList'; types: PageType[]; size: number; maxPage: number | null }
> = {
  // SPEC §5: the advice page must be digits and above 10 is 404; §9 sizes.
  advice: { route: 'adviceList', types: ['advice'], size: ADVICE_PAGE_SIZE, maxPage: ADVICE_MAX_PAGE },
  innovation: { route: 'innovationList', types: ['innovation'], size: INNOVATION_PAGE_SIZE, maxPage: null },
};

/**
 * The advice list and the quality and innovation list (SPEC §2.2, §5, §9): 11 or 9 per page, the
 * highlighted advice first on the first unfiltered page, filters by expertise (innovation category)
 * and need. Every rule of 404: a page that is not digits or beyond the limit, an unknown category or
 * need, an empty list.
 */
@Injectable()
export class ArticleListService {
  constructor(
    private readonly repository: CmsRepository,
    private readonly editorial: EditorialService,
    private readonly render: RenderService,
    private readonly cache: AppCache,
  ) {}

  /** The path form of a filter form's choice (GET ?category=&filter=), or null when it names nothing. */
  async formTarget(site: SiteContext, kind: ListKind, query: Record<string, unknown>): Promise<string | null> {
    if (!('category' in query) && !('filter' in query)) return null;
    const category = typeof query.category === 'string' ? query.category : '';
    const filter = typeof query.filter === 'string' ? query.filter : '';
    const facets = await this.facets(kind, site.locale);
    const categories = kind === 'advice' ? facets.expertises : facets.innovationCategories;
    if (category && !categories.some((c) => c.slug === category)) throw this.missing();
    if (filter && !facets.needs.some((n) => n.slug === filter)) throw this.missing();
    return listPath(KINDS[kind].route, site.locale, { page: 1, category: category || null, filter: filter || null });
  }

  /**
   * A list page. `request` is the path and query asked: a list state has one URL (SPEC §2.1), so
   * another spelling of it (`/conseils/1`, `/conseils/01`, `/conseils/1/tous`, a need named by its id)
   * is a 301 to that URL, the query kept.
   */
  async page(
    site: SiteContext,
    kind: ListKind,
    raw: Record<string, unknown>,
    request: { path: string; search: string },
  ): Promise<PageView<ArticleListPageProps>> {
    const def = KINDS[kind];
    const locale = site.locale;
    const t = this.render.translator(locale) as unknown as (key: string, args?: Record<string, unknown>) => string;
    const params = parseListParams(raw, def.maxPage, locale);
    if (!params) throw this.missing();
    const facets = await this.facets(kind, locale);
    const categories = kind === 'advice' ? facets.expertises : facets.innovationCategories;
    const category = params.category ? categories.find((c) => c.slug === params.category) : null;
    const need = params.filter ? findNeed(facets.needs, params.filter) : null;
    if ((params.category && !category) || (params.filter && !need)) throw this.missing();
    const canonical = listPath(def.route, locale, {
      page: params.page,
      category: category?.slug ?? null,
      filter: need?.slug ?? null,
    });
    if (canonical !== request.path) throw DomainException.redirect(canonical + request.search, 301);
    const unfiltered = !category && !need;
    const offset = (params.page - 1) * def.size;
    const { items, total } = await this.cache.getOrSet(
      `cms:list:${kind}:${locale}:${params.page}:${category?.id ?? ''}:${need?.id ?? ''}`,
      () =>
        this.editorial.list({
          locale,
          types: def.types,
          published: true,
          ...(category
            ? kind === 'advice'
              ? { expertiseId: category.id }
              : { innovationCategoryIds: [category.id] }
            : {}),
          ...(need ? { needId: need.id } : {}),
          highlightedFirst: unfiltered,
          limit: def.size,
          offset,
        }),
    );
    // SPEC §8: an empty list is 404 (a page beyond the last one included).
    if (!items.length) throw this.missing();
    const cards = this.editorial.cards(items, locale, unfiltered && params.page === 1);
    const highlighted = cards[0]?.highlighted ? cards[0] : null;
    const state = (page: number) =>
      listPath(def.route, locale, { page, category: params.category, filter: params.filter });
    const pages = Math.min(Math.ceil(total / def.size), def.maxPage ?? Infinity);
    const title = t(`cms.${kind}_list.title`);
    const groups: ArticleFilterGroup[] = [
      {
        name: 'category',
        label: t(kind === 'advice' ? 'cms.list.expertise' : 'cms.list.category'),
        allLabel: t(kind === 'advice' ? 'cms.list.all_expertises' : 'cms.list.all_categories'),
        options: categories
          .filter((c) => Number(c.count) > 0)
          .map((c) => ({ value: c.slug, label: c.name, count: Number(c.count), selected: c.id === category?.id })),
      },
      {
        name: 'filter',
        label: t('cms.list.need'),
        allLabel: t('cms.list.all_needs'),
        options: facets.needs.map((n) => ({
          value: n.slug,
          label: n.label,
          count: Number(n.count),
          selected: n.id === need?.id,
        })),
      },
    ];
    const filtered = [category?.name, need?.label].filter(Boolean).join(', ');
    return {
      head: {
        title: [title, filtered, params.page > 1 ? t('cms.list.page_title', { page: params.page }) : '']
          .filter(Boolean)
          .join(' - '),
        description: t(`cms.${kind}_list.meta_description`),
        // The list as the site writes it (/conseils for /conseils/1 or /conseils/1/tous). One filter is
        // a page for search engines; both (expertise and need) are `noindex, follow`.
        canonicalPath: listPath(def.route, locale, {
          page: params.page,
          category: category?.slug ?? null,
          filter: need?.slug ?? null,
        }),
        ...(category && need ? { noindexFollow: true } : {}),
      },
      breadcrumb: [{ label: t(`cms.${kind}_list.breadcrumb`) }],
      props: {
        kind,
        title,
        intro: t(`cms.${kind}_list.intro`),
        total,
        highlighted,
        items: highlighted ? cards.slice(1) : cards,
        filters: {
          action: listPath(def.route, locale, { page: 1, category: null, filter: null }),
          groups,
          resetHref: unfiltered ? null : listPath(def.route, locale, { page: 1, category: null, filter: null }),
        },
        pagination: {
          previous: params.page > 1 ? state(params.page - 1) : null,
          next: params.page < pages ? state(params.page + 1) : null,
          pages: Array.from({ length: pages }, (_, i) => ({
            page: i + 1,
            href: state(i + 1),
            current: i + 1 === params.page,
          })),
        },
      },
      alternates: await this.alternates(site, kind, {
        page: params.page,
        categoryId: category?.id ?? null,
        needId: need?.id ?? null,
      }),
    };
  }

  /**
   * The same list in each language of the shop (its filters have their own slugs there): the same page
   * with the same expertise or need, or null where that list page does not exist. A list filtered by
   * both (not for search engines) goes to the plain list there.
   */
  private async alternates(site: SiteContext, kind: ListKind, state: ListState): Promise<PageView['alternates']> {
    const out: PageView['alternates'] = {};
    for (const { locale } of site.shop.languages) {
      const other = locale as Locale;
      out[other] =
        state.categoryId !== null && state.needId !== null && other !== site.locale
          ? listPath(KINDS[kind].route, other, { page: 1, category: null, filter: null })
          : this.pathIn(kind, other, await this.facets(kind, other), state);
    }
    return out;
  }

  /** The path of a list state (ids) in a language, or null when its expertise, need or page is not there. */
  private pathIn(kind: ListKind, locale: Locale, facets: ListFacets, state: ListState): string | null {
    const def = KINDS[kind];
    const categories = kind === 'advice' ? facets.expertises : facets.innovationCategories;
    const category = state.categoryId === null ? null : categories.find((c) => c.id === state.categoryId);
    const need = state.needId === null ? null : facets.needs.find((n) => n.id === state.needId);
    if (category === undefined || need === undefined) return null;
    // Both filters: the page exists wherever both do (its count is not among the facets).
    const count = category && need ? Infinity : Number(category?.count ?? need?.count ?? facets.total);
    const pages = Math.min(Math.ceil(count / def.size), def.maxPage ?? Infinity);
    if (state.page > pages) return null;
    return listPath(def.route, locale, {
      page: state.page,
      category: category?.slug ?? null,
      filter: need?.slug ?? null,
    });
  }

  /**
   * Every page of a list that is for search engines (SPEC §2.1 lists; docs/architecture.md "Search
   * engines"): each page of the plain list, of the list by one expertise (innovation category) and of
   * the list by one need, in `locale`, each with its path in every language of `locales` where it exists.
   */
  async indexablePages(kind: ListKind, locale: Locale, locales: Locale[]): Promise<Array<Map<Locale, string>>> {
    const def = KINDS[kind];
    const all = new Map<Locale, ListFacets>();
    for (const l of new Set([locale, ...locales])) all.set(l, await this.facets(kind, l));
    const here = all.get(locale)!;
    const categories = kind === 'advice' ? here.expertises : here.innovationCategories;
    const scopes: Array<{ categoryId: number | null; needId: number | null; count: number }> = [
      { categoryId: null, needId: null, count: Number(here.total) },
      ...categories.map((c) => ({ categoryId: c.id, needId: null, count: Number(c.count) })),
      ...here.needs.map((n) => ({ categoryId: null, needId: n.id, count: Number(n.count) })),
    ];
    const out: Array<Map<Locale, string>> = [];
    for (const scope of scopes) {
      const pages = Math.min(Math.ceil(scope.count / def.size), def.maxPage ?? Infinity);
      for (let page = 1; page <= pages; page++) {
        const paths = new Map<Locale, string>();
        for (const [l, facets] of all) {
          const path = this.pathIn(kind, l, facets, { ...scope, page });
          if (path !== null) paths.set(l, path);
        }
        if (paths.has(locale)) out.push(paths);
      }
    }
    return out;
  }

  private facets(kind: ListKind, locale: Locale): Promise<ListFacets> {
    return this.cache.getOrSet(`cms:list-facets:${kind}:${locale}`, () =>
      this.repository.listFacets(KINDS[kind].types, locale),
    );
  }

  private missing() {
    // SPEC §8 "Cette page n'existe pas".
    return DomainException.pageNotFound();
  }
}
