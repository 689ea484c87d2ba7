import { Inject, Injectable } from '@nestjs/common';
import type { ProductListProps } from '../../../views/pages/ProductListPage';
import { labelsOf, type Translate } from '../../../contracts/i18n';
import { DomainException } from '../../common/errors/domain.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { pageWindow } from '../../../contracts/pagination';
import { buildPath, type ListingTail, type Locale } from '../../../contracts/route-table';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import type { SiteContext } from '../shop';
import { CATEGORY_EXTRACT_MAX, CATEGORY_META_MAX, cutText, stripHtml } from './catalogue.rules';
import { CatalogueService, type CategoryNode, type Vocabulary } from './catalogue.service';
import { DEFAULT_PRICE_RANGE, SORTS, type FacetCount, type ProductQuery, type Sort } from './catalogue.types';
import type { ExpertiseLinkView, FilterGroupView, PageLinkView, SortOptionView } from '../../../contracts/catalogue';
import {
  COLOUR_GROUP_FOLD,
  countSelected,
  DROPDOWN_LIMIT,
  FILTERS,
  GROUP_FOLD,
  isIndexableSelection,
  pairsToSelection,
  selectionToPairs,
  toggleFilter,
  type FilterName,
  type FilterSelection,
} from '../../../contracts/filters';

export interface ListOptions {
  sort: Sort;
  price: { min: number; max: number };
  display: 'grid' | 'horizontal';
}

/** Reads the list's query string; anything out of range falls back to the default (never a 500). */
export function parseListOptions(query: Record<string, unknown>): ListOptions {
  const sort = SORTS.includes(query.sort as Sort) ? (query.sort as Sort) : 'asc_order';
  const num = (v: unknown, fallback: number) => {
    const n = typeof v === 'string' && /^\d{1,5}(\.\d{1,2})?$/.test(v) ? Number(v) : NaN;
    return Number.isFinite(n) ? Math.min(Math.max(n, DEFAULT_PRICE_RANGE.min), DEFAULT_PRICE_RANGE.max) : fallback;
  };
  let min = num(query.price_min, DEFAULT_PRICE_RANGE.min);
  let max = num(query.price_max, DEFAULT_PRICE_RANGE.max);
  if (min > max) [min, max] = [max, min];
  return { sort, price: { min, max }, display: query.display === 'horizontal' ? 'horizontal' : 'grid' };
}

function queryString(options: ListOptions): string {
  const params = new URLSearchParams();
  if (options.sort !== 'asc_order') params.set('sort', options.sort);
  if (options.price.min !== DEFAULT_PRICE_RANGE.min) params.set('price_min', String(options.price.min));
  if (options.price.max !== DEFAULT_PRICE_RANGE.max) params.set('price_max', String(options.price.max));
  if (options.display !== 'grid') params.set('display', options.display);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Whether a product list is a page for search engines: products, at most one filter, of an indexable
 * kind (and then two products at least), the default sort and price range (display is presentation:
 * the canonical URL covers it).
 */
export function isIndexableList(selection: FilterSelection, options: ListOptions, total: number): boolean {
  return (
    isIndexableSelection(selectionToPairs(selection), total) &&
    options.sort === 'asc_order' &&
    options.price.min === DEFAULT_PRICE_RANGE.min &&
    options.price.max === DEFAULT_PRICE_RANGE.max
  );
}

/**
 * A search's products, for the results page's "solutions" tab: the list shows only these, best first
 * under the default sort, with the same filters, sorts, facets and pages, linked on the results route.
 */
export interface ListSearchScope {
  text: string;
  rankedIds: number[];
  /** Results per page (SPEC §9: search 17), instead of the product list's. */
  perPage: number;
}

/**
 * The product list (SPEC §2.2 "Product list", §4 Filters): expertise, page and up to 10 filters from
 * the path, sort / price / display from the query; every control is also a plain link.
 */
@Injectable()
export class ProductListService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly render: RenderService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async page(
    site: SiteContext,
    tail: ListingTail,
    options: ListOptions,
    search?: ListSearchScope,
  ): Promise<PageView<ProductListProps>> {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const { selection, expertise } = await this.scope(locale, tail);
    const page = tail.page ?? 1;
    const perPage = search?.perPage ?? this.config.PRODUCT_PER_PAGE;
    const [{ items, total, facets }, vocabulary, tree] = await Promise.all([
      this.catalogue.listWithFacets(listQuery(site, { selection, expertise, options, page, perPage, search })),
      this.catalogue.vocabulary(locale),
      // A search's list has no expertise links (the results page shows none): no tree to read.
      search ? [] : this.catalogue.categories(locale),
    ]);
    const pages = Math.max(1, Math.ceil(total / perPage));
    if (page > 1 && page > pages) throw DomainException.notFound();
    const link = listLinks(locale, tail, selection, options, search);
    const filters = await this.filterGroups(locale, t, selection, facets, vocabulary, link);
    const cards = await this.catalogue.cards(items, site);
    const title = expertise ? expertise.node.name : t('catalogue.list.title');
    return {
      head: listHead(locale, t, { title, expertise, tail, options, page, selection, total }),
      breadcrumb: expertise
        ? [
            { label: t('catalogue.list.breadcrumb'), href: buildPath('productList', locale) },
            { label: expertise.node.name },
          ]
        : [{ label: t('catalogue.list.breadcrumb') }],
      alternates: listAlternates(site, tail, expertise),
      props: {
        banner: {
          title: expertise?.node.bannerTitle || t('catalogue.list.banner_title'),
          text: expertise ? cutText(expertise.node.text, CATEGORY_EXTRACT_MAX) : t('catalogue.list.banner_text'),
          className: expertise?.node.class ?? 'all',
        },
        heading: title,
        listing: {
          ...listingControls(locale, t, { selection, options, page, pages, link }),
          state: { expertise: tail.expertise, selection, options, page },
          basePath: search ? buildPath('results', locale) : buildPath('productList', locale),
          ...expertiseLinks(tree, expertise, link),
          filters,
          total,
          products: cards,
          pushes: (expertise?.node.pushes ?? []).map((p) => ({
            title: p.title,
            text: p.text,
            linkLabel: p.link_label,
            href: p.url,
            theme: p.theme,
          })),
          storeFinderHref: buildPath('storeFinder', locale),
        },
      },
    };
  }

  /** The filters and expertise of the path; a value or an expertise the catalogue does not have is a 404. */
  private async scope(
    locale: Locale,
    tail: ListingTail,
  ): Promise<{ selection: FilterSelection; expertise: Expertise }> {
    const selection = pairsToSelection(tail.filters);
    if (!selection) throw DomainException.notFound();
    if ((await this.catalogue.unknownFilterValues(selection)).length) throw DomainException.notFound();
    if (!tail.expertise) return { selection, expertise: null };
    const expertise = await this.catalogue.categoryBySlug(locale, tail.expertise);
    if (!expertise) throw DomainException.notFound();
    return { selection, expertise };
  }

  /**
   * The filter panel (SPEC §4 Filters): each type with its values and counts, a chosen value kept even
   * when the other filters leave it no product, by label, dropdowns cut at DROPDOWN_LIMIT, folded
   * after their first values unless a chosen one is further down; each value links to the list with
   * it toggled. Types without values are left out.
   */
  private async filterGroups(
    locale: Locale,
    t: Translate,
    selection: FilterSelection,
    facets: FacetCount[],
    vocabulary: Vocabulary,
    link: ListLink,
  ): Promise<FilterGroupView[]> {
    const productKeys = facets.filter((f) => f.name === 'products').map((f) => f.value);
    const productNames = new Map(
      (await this.catalogue.productNames(locale, productKeys)).map((p) => [p.reference.toLowerCase(), p.name]),
    );
    return FILTERS.map((def) => {
      const selected = selection[def.name] ?? [];
      const counts = facets.filter((f) => f.name === def.name);
      for (const value of selected)
        if (!counts.some((c) => c.value === value)) counts.push({ name: def.name, value, count: 0 });
      const values = counts
        .map((c) => ({
          slug: c.value,
          label:
            def.name === 'no_sell_inline'
              ? t('catalogue.filters.no_sell_inline_value')
              : this.catalogue.filterLabel(vocabulary, def.name, c.value, productNames),
          count: c.count,
          selected: selected.includes(c.value),
          href: link({ selection: toggleFilter(selection, def.name, c.value) }),
          hex: def.colour ? (vocabulary.extras.color?.[c.value]?.hex as string | undefined) : undefined,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, locale))
        .slice(0, def.dropdown ? DROPDOWN_LIMIT : undefined);
      const fold = def.colour ? COLOUR_GROUP_FOLD : GROUP_FOLD;
      return {
        name: def.name,
        type: def.type,
        title: t(`catalogue.filters.${def.name}`),
        dropdown: !!def.dropdown,
        colour: !!def.colour,
        fold,
        expanded: values.slice(fold).some((v) => v.selected),
        values,
      };
    }).filter((group) => group.values.length > 0);
  }
}

/** The expertise a list is narrowed to (with its sub-expertises' ids), if any. */
type Expertise = { node: CategoryNode; ids: number[] } | null;

/** A link to the same list with some of its state changed (the rest kept). */
type ListLink = (next: {
  expertise?: string | null;
  selection?: FilterSelection;
  page?: number;
  options?: Partial<ListOptions>;
}) => string;

/** The catalogue query of a list: published, not free, in the site's plan and language. */
function listQuery(
  site: SiteContext,
  list: {
    selection: FilterSelection;
    expertise: Expertise;
    options: ListOptions;
    page: number;
    perPage: number;
    search?: ListSearchScope;
  },
): ProductQuery {
  return {
    locale: site.locale,
    salesPlanId: site.salesPlan.id,
    categoryIds: list.expertise?.ids,
    expertiseId: list.expertise?.node.id,
    selection: list.selection,
    price: list.options.price,
    sort: list.options.sort,
    page: list.page,
    perPage: list.perPage,
    noFree: true,
    rankedIds: list.search?.rankedIds,
  };
}

/** Links of a list: on the product list route, or on the results route for a search's list. */
function listLinks(
  locale: Locale,
  tail: ListingTail,
  selection: FilterSelection,
  options: ListOptions,
  search?: ListSearchScope,
): ListLink {
  return (next) =>
    (search
      ? buildPath('results', locale, {
          tail: { text: search.text, page: next.page, filters: selectionToPairs(next.selection ?? selection) },
        })
      : buildPath('productList', locale, {
          tail: {
            expertise: next.expertise === null ? undefined : (next.expertise ?? tail.expertise),
            page: next.page,
            filters: selectionToPairs(next.selection ?? selection),
          },
        })) + queryString({ ...options, ...next.options });
}

/** Sort, display, pages, price form and the clear-filters link of a list, each a plain link. */
function listingControls(
  locale: Locale,
  t: Translate,
  list: { selection: FilterSelection; options: ListOptions; page: number; pages: number; link: ListLink },
) {
  const { selection, options, page, pages, link } = list;
  const sorts: SortOptionView[] = SORTS.map((value) => ({
    value,
    label: t(`catalogue.sort.${value}`),
    href: link({ page: undefined, options: { sort: value } }),
    selected: options.sort === value,
  }));
  const pagination: PageLinkView[] = pageWindow(page, pages).map((n) => ({
    page: n,
    href: link({ page: n }),
    current: n === page,
  }));
  return {
    locale,
    activeFilterCount: countSelected(selection),
    clearFiltersHref: link({ selection: {}, page: undefined }),
    pagination,
    pageCount: pages,
    previousHref: page > 1 ? link({ page: page - 1 }) : null,
    nextHref: page < pages ? link({ page: page + 1 }) : null,
    display: options.display,
    displayLinks: {
      grid: link({ options: { display: 'grid' } }),
      horizontal: link({ options: { display: 'horizontal' } }),
    },
    sorts,
    price: { ...options.price, defaultMin: DEFAULT_PRICE_RANGE.min, defaultMax: DEFAULT_PRICE_RANGE.max },
    formAction: link({ page: undefined, options: {} }).split('?')[0],
    labels: labelsOf(t, 'catalogue.listing'),
  };
}

/** The expertise links (the chosen one active), each resetting the filters, and "all expertise". */
function expertiseLinks(tree: CategoryNode[], expertise: Expertise, link: ListLink) {
  const expertiseLink = (node: CategoryNode): ExpertiseLinkView => ({
    slug: node.slug,
    name: node.name,
    href: link({ expertise: node.slug, selection: {}, page: undefined }),
    active: expertise?.node.id === node.id,
    children: node.children.map(expertiseLink),
  });
  return {
    expertises: tree.map(expertiseLink),
    allExpertiseHref: link({ expertise: null, selection: {}, page: undefined }),
    allExpertiseActive: !expertise,
  };
}

/**
 * The head of a list: its page in the title, the expertise's meta description (or its text, or the
 * list's) cut per SPEC §5, and its robots and canonical rules (docs/architecture.md "Search engines"):
 * only the list, an expertise, one indexable filter and their pages are for search engines; more
 * filters, another filter, a sort, a price range or an empty list are `noindex, follow`. The canonical
 * is the list's own URL as the site writes it (filters in order, no page 1, no query).
 */
function listHead(
  locale: Locale,
  t: Translate,
  list: {
    title: string;
    expertise: Expertise;
    tail: ListingTail;
    options: ListOptions;
    page: number;
    selection: FilterSelection;
    total: number;
  },
): PageView['head'] {
  const { title, expertise, tail, options, page, selection, total } = list;
  const description =
    expertise?.node.metaDescription || stripHtml(expertise?.node.text ?? '') || t('catalogue.list.meta_description');
  return {
    title: page > 1 ? `${title} - ${t('catalogue.list.page', { page })}` : title,
    description: cutText(description, CATEGORY_META_MAX),
    ...(isIndexableList(selection, options, total) ? {} : { noindexFollow: true }),
    canonicalPath: buildPath('productList', locale, {
      tail: { expertise: tail.expertise, page, filters: selectionToPairs(selection) },
    }),
  };
}

/** The same list in the other languages of the shop: the expertise has its own slug there (none: null). */
function listAlternates(site: SiteContext, tail: ListingTail, expertise: Expertise): PageView['alternates'] {
  const alternates: PageView['alternates'] = {};
  for (const language of site.shop.languages) {
    if (language.locale === site.locale) continue;
    let otherExpertise: string | undefined;
    if (expertise) {
      otherExpertise = expertise.node.slugs[language.locale];
      if (!otherExpertise) {
        alternates[language.locale] = null;
        continue;
      }
    }
    alternates[language.locale] = buildPath('productList', language.locale as Locale, {
      tail: { expertise: otherExpertise, page: tail.page, filters: tail.filters },
    });
  }
  return alternates;
}

export type { FilterName };
