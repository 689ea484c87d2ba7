import { Injectable } from '@nestjs/common';
import type { Locale } from '../../../contracts/route-table';
import { DomainException } from '../../common/errors/domain.exception';
import type { PageType } from '../../database/schema';
import { RenderService } from '../../render/render.service';
import type { SiteContext } from '../shop';
import { CmsRepository, type PageCardRow, type PageDetailRow, type PageListQuery } from './cms.repository';
import { pageHref, paragraphAnchor } from './editorial.rules';
import { EditorialService } from './editorial.service';
import type { InnovationCategoriesQueryDto, PageListQueryDto } from './dto/page-query.dto';

const DEFAULT_PER_PAGE = 12;
/** More than any page links to: the API lists them all. */
const MAX_LINKED = 100;

/**
 * The pages part of the content API (SPEC §7 "Pages", "Product pages", "Innovation categories"), in
 * the shapes of SPEC §3 "CMS page", answered from the stored records (never from a page's view model).
 * Only published pages are served: unpublished content is seen through the preview, behind login.
 */
@Injectable()
export class CmsApiService {
  constructor(
    private readonly repository: CmsRepository,
    private readonly editorial: EditorialService,
    private readonly render: RenderService,
  ) {}

  async list(site: SiteContext, query: PageListQueryDto) {
    if (query.published === false) throw DomainException.invalidInput({ published: 'only published pages are served' });
    const perPage = query.take ?? query.perPage ?? DEFAULT_PER_PAGE;
    const page = query.take ? 1 : (query.page ?? 1);
    const q: PageListQuery = {
      locale: site.locale,
      types: (query.type ?? []) as PageType[],
      published: true,
      ...(query.expertise !== undefined ? { expertiseId: query.expertise } : {}),
      ...(query.need !== undefined ? { needId: query.need } : {}),
      ...(query.innovationCategories ? { innovationCategoryIds: query.innovationCategories } : {}),
      ...(query.highlighted !== undefined ? { highlighted: query.highlighted } : {}),
      ...(query.exclude ? { exclude: query.exclude } : {}),
      ...(query.associated_to !== undefined ? { productId: query.associated_to } : {}),
      ...(query.product_list_display ? { withProducts: true } : {}),
      orderBy: query.order_by ?? 'order',
      direction: query.order ?? (query.order_by === 'published_at' ? 'desc' : 'asc'),
      limit: perPage,
      offset: (page - 1) * perPage,
    };
    const { items, total } = await this.repository.listPages(q);
    return { data: { items: items.map((row) => this.summary(row, site.locale)), total, page, perPage } };
  }

  async show(site: SiteContext, id: number) {
    const row = await this.repository.pageDetail({ id }, site.locale, true);
    if (!row) throw DomainException.pageNotFound();
    return { data: this.detail(row, await this.linked(site, id), site.locale) };
  }

  /** The pages a page links to ("these articles may interest you"). */
  async associates(site: SiteContext, id: number) {
    const row = await this.repository.pageDetail({ id }, site.locale, true);
    if (!row) throw DomainException.pageNotFound();
    const items = (await this.linked(site, id)).map((r) => this.summary(r, site.locale));
    return { data: { items, total: items.length } };
  }

  /** Every published page a page links to, in its order (the page itself shows the first 2 or 3). */
  private async linked(site: SiteContext, id: number): Promise<PageCardRow[]> {
    const { items } = await this.repository.listPages({
      locale: site.locale,
      types: [],
      published: true,
      linkedFrom: id,
      limit: MAX_LINKED,
      offset: 0,
    });
    return items;
  }

  /** GET /products/{id}/pages (SPEC §7): the published pages associated with a product. */
  async productPages(site: SiteContext, productId: number, perPage: number) {
    if (!(await this.repository.productExists(productId))) throw DomainException.notFound('Product not found');
    const { items, total } = await this.repository.listPages({
      locale: site.locale,
      types: [],
      published: true,
      productId,
      orderBy: 'published_at',
      direction: 'desc',
      limit: perPage,
      offset: 0,
    });
    return { data: { items: items.map((row) => this.summary(row, site.locale)), total } };
  }

  async innovationCategories(site: SiteContext, query: InnovationCategoriesQueryDto) {
    const facets = await this.repository.listFacets([(query.page_type ?? 'innovation') as PageType], site.locale);
    const items = facets.innovationCategories.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      total: Number(c.count),
    }));
    return { data: { items, total: items.length } };
  }

  private typeOf(type: string, locale: Locale) {
    const t = this.render.translator(locale) as unknown as (key: string) => string;
    const label = t(`cms.types.${type}`);
    return { technical_name: type, label: label === `cms.types.${type}` ? type : label };
  }

  /** SPEC §3 "Article card" plus the identifying fields of a page. */
  private summary(row: PageCardRow, locale: Locale) {
    const cover = this.editorial.picture(row.cover, 'card', '');
    return {
      id: row.id,
      type: this.typeOf(row.type, locale),
      title: row.title,
      slug: row.slug,
      url: pageHref(row.route, row.slug, locale),
      content: row.excerpt,
      highlighted: row.highlighted,
      order: row.position,
      published_at: row.published_at,
      cover: { url: cover.fallback, webp: cover.webp },
      expertise: row.expertise_id
        ? { id: row.expertise_id, name: row.expertise_name, class: row.expertise_class, slug: row.expertise_slug }
        : null,
      need: row.need_id ? { id: row.need_id, label: row.need_label, slug: row.need_slug } : null,
      innovation_category: row.innovation_category_id ? { id: row.innovation_category_id } : null,
    };
  }

  /** SPEC §3 "CMS page", every field. */
  private detail(row: PageDetailRow, linked: PageCardRow[], locale: Locale) {
    const cover = this.editorial.picture(row.cover, 'cover', '');
    const mobile = this.editorial.picture(row.cover, 'mobile', '');
    const icon = row.icon
      ? this.editorial.picture({ motif: row.icon, palette: row.cover?.palette ?? 'green' }, 'icon', '')
      : null;
    const titles = new Map(
      row.paragraphs.map((p) => [p.key, typeof p.texts?.title === 'string' ? (p.texts.title as string) : '']),
    );
    const link = row.link;
    const linkParagraph =
      link && 'paragraph' in link ? row.paragraphs.find((p) => p.key === link.paragraph) : undefined;
    return {
      id: row.id,
      vid: row.vid,
      title: row.title,
      title_outside_cover: row.title_outside_cover,
      content: row.content,
      introduction: row.introduction,
      ingredient: row.extra.ingredient ?? null,
      slug: row.slug,
      url: pageHref(row.route, row.slug, locale),
      metas: { title: row.meta_title || row.title, description: row.meta_description },
      cover: { url: cover.fallback, webp: cover.webp },
      mobile_image: { url: mobile.fallback, webp: mobile.webp },
      icon: icon ? { url: icon.fallback, webp: icon.webp } : null,
      highlighted: row.highlighted,
      order: row.position,
      published_at: row.published_at,
      updated_at: row.updated_at,
      parent: row.parent ? { id: row.parent.id, title: row.parent.title, slug: row.parent.slug } : null,
      type: this.typeOf(row.type, locale),
      paragraphs_display: row.toc
        .filter((key) => titles.has(key))
        .map((key) => ({ id: paragraphAnchor(key), title: titles.get(key) })),
      paragraphs: row.paragraphs.map((p) => ({ id: p.id, key: p.key, type: p.type, ...p.data, ...(p.texts ?? {}) })),
      expertise: row.expertise ? { id: row.expertise.id, name: row.expertise.name, class: row.expertise.class } : null,
      need: row.need
        ? {
            id: row.need.id,
            label: row.need.label,
            slug: row.need.slug,
            order: row.need.order,
            parent: row.need.parent_id,
          }
        : null,
      innovation_category: row.innovation_category ? { id: row.innovation_category.id } : null,
      link_paragraph_id: linkParagraph?.id ?? null,
      link_url: link && 'url' in link ? (row.link_url ?? link.url) : null,
      link_label: row.link_label,
      switch: Object.fromEntries(row.slugs.map((s) => [s.locale, s.slug])),
      brand: row.brand
        ? { name: row.brand.name, slug: row.brand.slug, class: row.brand.class, color: row.brand.color }
        : null,
      wording_presentation: row.extra.wording_presentation ?? null,
      wording_solution: row.extra.wording_solution ?? null,
      description: row.extra.description ?? null,
      linked_pages: linked.map((r) => this.summary(r, locale)),
    };
  }
}
