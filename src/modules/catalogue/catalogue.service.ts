import { Injectable } from '@nestjs/common';
import { AppCache } from '../../cache/app-cache.service';
import type { Locale } from '../../../contracts/route-table';
import type { SiteContext } from '../shop';
import { CatalogueRepository } from './catalogue.repository';
import type { FacetCount, ProductCardRow, ProductQuery } from './catalogue.types';
import type { ProductCardView } from '../../../contracts/catalogue';
import { DROPDOWN_LIMIT, FILTERS, type FilterName, type FilterSelection } from '../../../contracts/filters';
import { toProductCard } from './product-card.mapper';

export interface CategoryNode {
  id: number;
  key: string;
  class: string;
  parentId: number | null;
  name: string;
  slug: string;
  /** Its slug in every locale it is translated into (language switch, alternates). */
  slugs: Record<string, string>;
  text: string;
  bannerTitle: string;
  metaDescription: string;
  pushes: Array<{ title: string; text: string; link_label: string; url: string; theme: string }>;
  children: CategoryNode[];
}

export interface Vocabulary {
  /** kind -> key -> label */
  labels: Record<string, Record<string, string>>;
  /** kind -> key -> extra (hex, clickable, title, text…) */
  extras: Record<string, Record<string, Record<string, unknown>>>;
  brands: Array<{ id: number; key: string; class: string; color: string; corner: boolean; name: string; slug: string }>;
  needs: Array<{ id: number; key: string; parentKey: string | null; order: number; label: string; slug: string }>;
}

const VOCABULARY_KINDS = ['galenic_format', 'flavour', 'color', 'diner_type', 'active_ingredient', 'labels'];

/**
 * Read models of the catalogue shared by pages, the API, search and CMS paragraphs: product lists,
 * facet counts, the expertise tree and vocabularies, all cached (misses coalesced).
 */
@Injectable()
export class CatalogueService {
  constructor(
    private readonly repository: CatalogueRepository,
    private readonly cache: AppCache,
  ) {}

  async vocabulary(locale: Locale): Promise<Vocabulary> {
    return this.cache.getOrSet(`catalogue:vocabulary:${locale}`, async () => {
      const { labels: rows, brands, needs } = await this.repository.vocabulary(VOCABULARY_KINDS, locale);
      const labels: Vocabulary['labels'] = {};
      const extras: Vocabulary['extras'] = {};
      for (const row of rows) {
        (labels[row.kind] ??= {})[row.key] = row.label;
        (extras[row.kind] ??= {})[row.key] = row.extra ?? {};
      }
      return {
        labels,
        extras,
        brands,
        needs: needs.map((n) => ({
          id: n.id,
          key: n.key,
          parentKey: n.parent_key,
          order: n.order,
          label: n.label,
          slug: n.slug,
        })),
      };
    });
  }

  async categories(locale: Locale): Promise<CategoryNode[]> {
    return this.cache.getOrSet(`catalogue:categories:${locale}`, async () => {
      const rows = await this.repository.categories(locale);
      const nodes = rows.map<CategoryNode>((r) => ({
        id: r.id,
        key: r.key,
        class: r.class,
        parentId: r.parent_id,
        name: r.name,
        slug: r.slug,
        slugs: r.slugs ?? {},
        text: r.text,
        bannerTitle: r.banner_title,
        metaDescription: r.meta_description,
        pushes: r.pushes ?? [],
        children: [],
      }));
      for (const node of nodes) if (node.parentId) nodes.find((n) => n.id === node.parentId)?.children.push(node);
      return nodes.filter((n) => !n.parentId);
    });
  }

  /** A category by its slug anywhere in the tree, with the ids of itself and its descendants. */
  async categoryBySlug(locale: Locale, slug: string): Promise<{ node: CategoryNode; ids: number[] } | null> {
    const walk = (nodes: CategoryNode[]): CategoryNode | null => {
      for (const n of nodes) {
        if (n.slug === slug) return n;
        const hit = walk(n.children);
        if (hit) return hit;
      }
      return null;
    };
    const node = walk(await this.categories(locale));
    if (!node) return null;
    const ids: number[] = [];
    const collect = (n: CategoryNode) => {
      ids.push(n.id);
      n.children.forEach(collect);
    };
    collect(node);
    return { node, ids };
  }

  async categoryById(locale: Locale, id: number): Promise<{ node: CategoryNode; ids: number[] } | null> {
    const all: CategoryNode[] = [];
    const flatten = (nodes: CategoryNode[]) => nodes.forEach((n) => (all.push(n), flatten(n.children)));
    flatten(await this.categories(locale));
    const node = all.find((n) => n.id === id);
    return node ? this.categoryBySlug(locale, node.slug) : null;
  }

  async listRows(query: ProductQuery): Promise<{ items: ProductCardRow[]; total: number }> {
    return this.cache.getOrSet(
      `catalogue:list:${JSON.stringify(query)}`,
      () => this.repository.listProducts(query),
      120,
    );
  }

  /**
   * Facet counts of a list. Dropdown filters (products, active ingredients) keep at most 15 values
   * (SPEC §4): the chosen ones, then the most frequent; so a catalogue of 10,000 products does not
   * send 10,000 product names to a list page.
   */
  async facets(query: ProductQuery): Promise<FacetCount[]> {
    return this.cache.getOrSet(
      `catalogue:facets:${JSON.stringify({ ...query, page: undefined, perPage: undefined, sort: undefined })}`,
      async () =>
        capDropdowns(
          await this.repository.facetCounts(
            query,
            FILTERS.map((f) => f.name),
          ),
          query,
        ),
      120,
    );
  }

  /**
   * A list page's products and facet counts (as listRows and facets give them), read together. A
   * search's list (`rankedIds`) is not cached: its key would carry up to 500 ids, and each search
   * text would fill the cache with entries hardly ever read again (the search itself is not cached).
   */
  async listWithFacets(query: ProductQuery): Promise<{ items: ProductCardRow[]; total: number; facets: FacetCount[] }> {
    const load = async () => {
      const { items, total, facets } = await this.repository.listWithFacets(
        query,
        FILTERS.map((f) => f.name),
      );
      return { items, total, facets: capDropdowns(facets, query) };
    };
    if (query.rankedIds !== undefined) return load();
    return this.cache.getOrSet(`catalogue:list-facets:${JSON.stringify(query)}`, load, 120);
  }

  /** The chosen filter values that exist nowhere in the catalogue (the list answers 404 for them). */
  async unknownFilterValues(selection: FilterSelection): Promise<string[]> {
    const pairs = Object.entries(selection).flatMap(([name, values]) =>
      (values ?? []).map((value) => ({ name, value })),
    );
    if (!pairs.length) return [];
    const key = `catalogue:facet-exists:${JSON.stringify(pairs)}`;
    const existing = await this.cache.getOrSet(key, () => this.repository.existingFacetValues(pairs));
    return pairs
      .filter((p) => !existing.some((e) => e.name === p.name && e.value === p.value))
      .map((p) => `${p.name}:${p.value}`);
  }

  /** Cards of listing rows (they carry their galenic format's label: no vocabulary to read). */
  async cards(rows: ProductCardRow[], site: Pick<SiteContext, 'locale' | 'salesPlan'>): Promise<ProductCardView[]> {
    const now = new Date();
    return rows.map((row) => toProductCard(row, site, now));
  }

  /**
   * The first products of a brand or of needs as the product list shows them (its listing, its
   * catalogue order, its cards): the brand landing page's and the need page's products.
   */
  async listCards(
    site: Pick<SiteContext, 'locale' | 'salesPlan'>,
    scope: { brandKey?: string; needId?: number },
    perPage: number,
  ): Promise<ProductCardView[]> {
    const { items } = await this.listRows({
      locale: site.locale,
      salesPlanId: site.salesPlan.id,
      ...(scope.brandKey ? { selection: { brand: [scope.brandKey] } } : {}),
      ...(scope.needId ? { needIds: [scope.needId] } : {}),
      page: 1,
      perPage,
    });
    return this.cards(items, site);
  }

  /** A brand's FAQ in a locale, cached: the brand landing page and GET /brands/{id}/faqs. */
  brandFaqs(brandId: number, locale: Locale) {
    return this.cache.getOrSet(`catalogue:brand-faqs:${locale}:${brandId}`, () =>
      this.repository.brandFaqs(brandId, locale),
    );
  }

  /** Product cards by id, in the given order (related products, CMS paragraphs, search). */
  async cardsByIds(ids: number[], site: Pick<SiteContext, 'locale' | 'salesPlan'>): Promise<ProductCardView[]> {
    const rows = await this.cache.getOrSet(`catalogue:cards:${site.locale}:${site.salesPlan.id}:${ids.join(',')}`, () =>
      this.repository.cardsByIds(ids, { locale: site.locale, salesPlanId: site.salesPlan.id }),
    );
    return this.cards(rows, site);
  }

  filterLabel(vocabulary: Vocabulary, name: FilterName, value: string, productNames: Map<string, string>): string {
    switch (name) {
      case 'brand':
        return vocabulary.brands.find((b) => b.key === value)?.name ?? value;
      case 'need':
        return vocabulary.needs.find((n) => n.key === value)?.label ?? value;
      case 'products':
        return productNames.get(value) ?? value.toUpperCase();
      case 'no_sell_inline':
        return value;
      default:
        return vocabulary.labels[name]?.[value] ?? value;
    }
  }

  productNames(locale: Locale, keys: string[]) {
    return this.repository.productNames(locale, keys);
  }
}

/** Dropdown filters keep their DROPDOWN_LIMIT values: the chosen ones, then the most frequent. */
function capDropdowns(counts: FacetCount[], query: ProductQuery): FacetCount[] {
  const kept: FacetCount[] = [];
  for (const def of FILTERS) {
    const group = counts.filter((c) => c.name === def.name);
    if (!def.dropdown || group.length <= DROPDOWN_LIMIT) {
      kept.push(...group);
      continue;
    }
    const chosen = query.selection?.[def.name] ?? [];
    const ranked = group.sort(
      (a, b) =>
        Number(chosen.includes(b.value)) - Number(chosen.includes(a.value)) ||
        b.count - a.count ||
        a.value.localeCompare(b.value),
    );
    kept.push(...ranked.slice(0, Math.max(DROPDOWN_LIMIT, chosen.length)));
  }
  return kept;
}
