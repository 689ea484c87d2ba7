import { Inject, Injectable, Optional } from '@nestjs/common';
import { PageEntities } from '../../common/editorial/page-entities';
import { PAGE_TYPES } from '../../database/editorial-schema';
import { DomainException } from '../../common/errors/domain.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { buildPath, matchRoute, type ListingTail, type Locale } from '../../../contracts/route-table';
import { RenderService } from '../../render/render.service';
import { ShopService, type SiteContext } from '../shop';
import { CatalogueRepository } from './catalogue.repository';
import { isNew } from './catalogue.rules';
import { CatalogueService, type CategoryNode } from './catalogue.service';
import { DEFAULT_PRICE_RANGE, type ProductCardRow, type ProductQuery, type Sort } from './catalogue.types';
import type { ProductListQueryDto, UrlEntityQueryDto } from './dto/product-query.dto';
import type { ShopScope } from '../../common/api';
import { FILTERS, isFilterName, type FilterSelection } from '../../../contracts/filters';
import { brandPicture, productPicture } from './product-card.mapper';
import { parseListOptions, ProductListService } from './product-list.service';
import { ProductDetailsService } from './product-details.service';

const VALUE = /^[a-z0-9][a-z0-9_-]*$/;

type ProductFields = Pick<
  ProductCardRow,
  | 'id'
  | 'name'
  | 'slug'
  | 'reference'
  | 'ean'
  | 'price'
  | 'is_new_from'
  | 'is_new_to'
  | 'is_new_formulae'
  | 'promoted'
  | 'is_free'
  | 'product_type'
  | 'brand_key'
  | 'brand_name'
  | 'brand_name_fr'
  | 'brand_slug'
  | 'brand_class'
  | 'brand_color'
>;

/** The fields a product has in every API answer (list item or whole product), SPEC §3 names. */
function productFields(row: ProductFields, brandId: number | undefined) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    reference: row.reference,
    ean: row.ean,
    price: Number(row.price),
    is_new_from: row.is_new_from,
    is_new_to: row.is_new_to,
    is_new: isNew(row.is_new_from, row.is_new_to),
    is_new_formulae: row.is_new_formulae,
    promoted: row.promoted,
    is_free: row.is_free,
    product_type: row.product_type,
    brand: {
      id: brandId,
      name: row.brand_name,
      slug: row.brand_slug,
      class: row.brand_class,
      logo: brandPicture({
        key: row.brand_key,
        name_fr: row.brand_name_fr,
        color: row.brand_color,
        alt: row.brand_name,
      }).fallback,
    },
  };
}

/** A category as the API shows it, with its children down to `depth` levels (0: none). */
function categoryItem(node: CategoryNode, depth: number): CategoryItem {
  return {
    id: node.id,
    name: node.name,
    slug: node.slug,
    class: node.class,
    text: node.text,
    childs: depth > 0 ? node.children.map((child) => categoryItem(child, depth - 1)) : [],
  };
}

interface CategoryItem {
  id: number;
  name: string;
  slug: string;
  class: string | null;
  text: string | null;
  childs: CategoryItem[];
}

/**
 * The catalogue part of the content API (SPEC §7): the same services as the pages, answered in the
 * shapes of the spec (`data.items`, `data.total`, `data.code`…).
 */
@Injectable()
export class CatalogueApiService {
  constructor(
    private readonly repository: CatalogueRepository,
    private readonly catalogue: CatalogueService,
    private readonly details: ProductDetailsService,
    private readonly lists: ProductListService,
    private readonly shops: ShopService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly render: RenderService,
    @Optional() private readonly pages?: PageEntities,
  ) {}

  /** The request's site, or the one named by shop_id / lang / saleplan_id (each checked: SiteSource.scoped). */
  site(site: SiteContext, query: ShopScope): Promise<SiteContext> {
    return this.shops.scoped(site, query);
  }

  async list(site: SiteContext, query: ProductListQueryDto) {
    const built = await this.query(site, query);
    const { items, total } = await this.catalogue.listRows(built);
    const vocabulary = await this.catalogue.vocabulary(site.locale);
    return { data: { items: items.map((row) => this.productSummary(row, site, vocabulary.brands)), total } };
  }

  async filters(site: SiteContext, query: ProductListQueryDto) {
    const built = await this.query(site, query);
    const [facets, vocabulary] = await Promise.all([
      this.catalogue.facets(built),
      this.catalogue.vocabulary(site.locale),
    ]);
    const productNames = new Map(
      (
        await this.catalogue.productNames(
          site.locale,
          facets.filter((f) => f.name === 'products').map((f) => f.value),
        )
      ).map((p) => [p.reference.toLowerCase(), p.name]),
    );
    const selection = built.selection ?? {};
    const filtersAvailable = FILTERS.map((def) => ({
      type: def.type,
      name: def.name,
      data: facets
        .filter((f) => f.name === def.name)
        .map((f) => ({
          value: this.catalogue.filterLabel(vocabulary, def.name, f.value, productNames),
          slug: f.value,
          count: f.count,
        })),
    })).filter((f) => f.data.length > 0);
    const expertise = built.categoryIds?.length
      ? await this.catalogue.categoryById(site.locale, built.categoryIds[0])
      : null;
    return {
      filtersAvailable,
      fieldChoose: Object.entries(selection).map(([type, data]) => ({ type, data })),
      filters: FILTERS.map((f) => f.name),
      expertise: expertise
        ? {
            id: expertise.node.id,
            name: expertise.node.name,
            slug: expertise.node.slug,
            class: expertise.node.class,
            text: expertise.node.text,
          }
        : null,
    };
  }

  /** One product (SPEC §7 "Products"), from its records (ProductDetailsService), not from the page. */
  async product(site: SiteContext, id: number) {
    const row = await this.details.byId(site, id);
    const details = await this.details.details(site, row);
    const vocabulary = await this.catalogue.vocabulary(site.locale);
    const brand = vocabulary.brands.find((b) => b.key === row.brand_key);
    const caracteristics: Record<string, { value: unknown }> = {
      small_image: {
        value: {
          url: productPicture(row, 'card').fallback,
          webp: productPicture(row, 'card').webp,
          alt: row.name,
          title: row.name,
        },
      },
      ...Object.fromEntries(
        Object.entries(row.texts ?? {})
          .filter(([, v]) => v !== null && v !== '')
          .map(([k, v]) => [k, { value: v }]),
      ),
      ...Object.fromEntries(
        Object.entries(row.caracteristics ?? {})
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([k, v]) => [k, { value: v }]),
      ),
    };
    return {
      data: {
        ...productFields(row, brand?.id),
        source_id: row.source_id,
        original_price: {
          price: row.original_price === null ? null : Number(row.original_price),
          marketing_description: row.texts?.marketing_description ?? null,
          legal_notices: row.texts?.legal_notices ?? null,
        },
        volume_discounts: row.volume_discounts,
        override_brand_logo: null,
        categories: details.categories.map((c) => ({
          id: c.id,
          name: c.name,
          slug: c.slug,
        })),
        packaging: details.packagings.map((o) => ({
          value: o.label,
          url: buildPath('product', site.locale, { slug: o.slug }),
        })),
        needs: details.needs.map((n) => ({
          label: n.label,
          parent: n.parent_label ? { label: n.parent_label, slug: n.parent_slug } : null,
          page: { slug: n.slug },
        })),
        associates: details.associates.map((r) => ({
          id: r.id,
          name: r.name,
          url: buildPath('product', site.locale, { slug: r.slug }),
        })),
        nutritions: row.nutrition,
        push_promote: details.promo
          ? {
              text: details.promo.text,
              background: details.promo.background,
              packshot: details.promo.packshot,
              label_link: details.promo.labelLink,
              url_link: details.promo.href,
            }
          : null,
        metas: { description: details.meta },
        description: details.description,
        caracteristics,
        documents: details.documents.map((d) => ({ value: { type: d.type, url: d.href, title: d.title } })),
      },
    };
  }

  async faqs(site: SiteContext, productId: number, limit = 4) {
    const exists = await this.repository.findProduct({
      locale: site.locale,
      salesPlanId: site.salesPlan.id,
      id: productId,
    });
    if (!exists) throw DomainException.notFound('Product not found');
    const items = await this.repository.productFaqs(productId, site.locale, Math.min(limit, 4));
    return { data: { items, total: items.length } };
  }

  async brandFaqs(site: SiteContext, brandId: number) {
    if (!(await this.repository.brandExists(brandId))) throw DomainException.notFound('Brand not found');
    const items = await this.catalogue.brandFaqs(brandId, site.locale);
    return { data: { items, total: items.length } };
  }

  /** GET /url/entity (SPEC §7): items, or code 301 with the new slug, or 404. */
  async urlEntity(site: SiteContext, query: UrlEntityQueryDto) {
    const locale = site.locale;
    if (query.entity_type === 'product') {
      const row = await this.repository.findProduct(
        { locale, salesPlanId: site.salesPlan.id, slug: query.slug },
        query.published === false,
      );
      if (row) return { data: { items: [{ id: row.id, slug: row.slug, name: row.name, type: 'product' }] } };
      const renamed = await this.repository.renamedProductSlug(locale, query.slug);
      if (renamed) return { data: { code: 301, slug: renamed } };
    } else if (query.entity_type === 'category') {
      const found = await this.catalogue.categoryBySlug(locale, query.slug);
      if (found) {
        return { data: { items: [categoryItem(found.node, query.depth ?? 1)] } };
      }
    } else if ((PAGE_TYPES as readonly string[]).includes(query.entity_type)) {
      const page = await this.pages?.entity(site, query.entity_type, query.slug, query.parents === true);
      if (page) return { data: page };
    } else {
      const brand = (await this.catalogue.vocabulary(locale)).brands.find((b) => b.slug === query.slug);
      if (brand) return { data: { items: [{ id: brand.id, name: brand.name, slug: brand.slug, class: brand.class }] } };
    }
    throw DomainException.notFound('Entity not found');
  }

  /** GET /categories (SPEC §7 "Categories / navigation"): the top categories, `depth` levels of children. */
  async categories(site: SiteContext, depth = 0) {
    const roots = await this.catalogue.categories(site.locale);
    return { data: { items: roots.map((node) => categoryItem(node, depth)) } };
  }

  /** The listing island's data: the same view model as the page for a list path of this locale. */
  async listing(site: SiteContext, path: string) {
    const url = new URL(path, 'http://site.invalid');
    const params = matchRoute('productList', site.locale, url.pathname);
    if (!params) throw DomainException.invalidInput({ path: 'not a product list path of this site' });
    const view = await this.lists.page(
      site,
      params.tail as ListingTail,
      parseListOptions(Object.fromEntries(url.searchParams)),
    );
    return { data: view.props.listing, title: await this.render.documentTitle(site, view.head.title) };
  }

  private async query(site: SiteContext, dto: ProductListQueryDto): Promise<ProductQuery> {
    const selection: FilterSelection = {};
    const add = (name: string, values: unknown, field: string) => {
      if (!isFilterName(name)) throw DomainException.invalidInput({ [field]: `unknown filter ${name}` });
      const list = Array.isArray(values) ? values : [values];
      if (!list.every((v) => typeof v === 'string' && VALUE.test(v)))
        throw DomainException.invalidInput({ [field]: `bad values for ${name}` });
      selection[name] = [...new Set([...(selection[name] ?? []), ...(list as string[])])];
    };
    for (const [name, values] of Object.entries(dto.caracteristics ?? {})) add(name, values, 'caracteristics');
    if (dto.filters !== undefined) {
      for (const entry of dto.filters as unknown[]) {
        const f = entry as { type?: unknown; data?: unknown };
        if (typeof f?.type !== 'string' || !Array.isArray(f.data))
          throw DomainException.invalidInput({ filters: 'each filter is {"type": name, "data": [values]}' });
        if (f.data.length) add(f.type, f.data, 'filters');
      }
    }
    const categoryIds = [...(dto.categories ?? []), ...(dto.categoryId ? [dto.categoryId] : [])];
    let expanded: number[] | undefined;
    let expertiseId: number | undefined;
    if (dto.category) {
      const found = await this.catalogue.categoryBySlug(site.locale as Locale, dto.category);
      if (!found) throw DomainException.invalidInput({ category: `unknown expertise ${dto.category}` });
      expanded = found.ids;
      expertiseId = found.node.id;
    } else if (categoryIds.length) {
      expanded = [];
      for (const id of categoryIds) {
        const found = await this.catalogue.categoryById(site.locale, id);
        const field = dto.categories?.includes(id) ? 'categories' : 'categoryId';
        if (!found) throw DomainException.invalidInput({ [field]: `unknown category ${id}` });
        expanded.push(...found.ids);
      }
      if (categoryIds.length === 1) expertiseId = categoryIds[0];
    }
    if (dto.price && dto.price.min > dto.price.max)
      throw DomainException.invalidInput({ price: 'min must not exceed max' });
    return {
      locale: site.locale,
      salesPlanId: site.salesPlan.id,
      categoryIds: expanded,
      expertiseId,
      selection,
      price: dto.price ? { min: dto.price.min, max: dto.price.max } : { ...DEFAULT_PRICE_RANGE },
      sort: (dto.sort ?? dto.orderBy ?? 'asc_order') as Sort,
      page: dto.page ?? 1,
      perPage: dto.perPage ?? this.config.PRODUCT_PER_PAGE,
      text: dto.text?.trim() || undefined,
      published: dto.published,
      noFree: dto.no_free,
      soldInStore: dto.asm,
      needIds: dto.needs,
    };
  }

  private productSummary(
    row: ProductCardRow,
    site: SiteContext,
    brands: Array<{ id: number; key: string; color: string }>,
  ) {
    const brand = brands.find((b) => b.key === row.brand_key);
    const image = productPicture(row, 'card');
    return {
      ...productFields(row, brand?.id),
      original_price: { price: row.original_price === null ? null : Number(row.original_price) },
      caracteristics: {
        small_image: { value: { url: image.fallback, webp: image.webp, alt: row.name, title: row.name } },
        tagline: { value: row.tagline },
        galenic_format: { value: row.galenic_format },
        not_sold_in_store: { value: row.not_sold_in_store },
      },
    };
  }
}
