import { Injectable, Logger } from '@nestjs/common';
import { articleJsonLd } from '../../common/seo/json-ld';
import type { Picture } from '../../../contracts/catalogue';
import type { ArticleCardView, LinkView, ParagraphView, TocEntryView } from '../../../contracts/editorial';
import type { Crumb } from '../../../contracts/shell';
import { buildPath, type Locale } from '../../../contracts/route-table';
import type { LogoutFormProps } from '../../../views/components/LogoutForm';
import type { EditorialPageProps } from '../../../views/pages/EditorialPage';
import { AppCache } from '../../cache/app-cache.service';
import { PageEntities, type PageEntityAnswer } from '../../common/editorial/page-entities';
import { ProductArticles } from '../../common/editorial/product-articles';
import { DomainException } from '../../common/errors/domain.exception';
import { SiteSource } from '../../common/site/site-source';
import { sanitize } from '../../common/security/sanitize';
import { routeFamily } from '../../database/editorial-schema';
import type { DrawnPicture, PageType } from '../../database/schema';
import { META_DESCRIPTION_MAX, truncate, type PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { CatalogueService } from '../catalogue';
import { editorialPicture } from '../media';
import { VideoDataService } from '../video';
import type { SiteContext } from '../shop';
import { CmsRepository, type PageCardRow, type PageDetailRow, type PageListQuery } from './cms.repository';
import {
  extract,
  linkView,
  listPath,
  resolveShopLinks,
  pageHref,
  paragraphAnchor,
  plainText,
  relatedTake,
} from './editorial.rules';
import { mapParagraphs, paragraphReferences, type ParagraphContext } from './paragraphs.mapper';
import { safely } from '../../common/logging/safely';

/** The cover of a page without one. */
const DEFAULT_COVER: DrawnPicture = { motif: 'leaves', palette: 'green' };

/** The page types a catch-all slug shows (SPEC §2.1: news or CMS page). */
export const CATCH_ALL_TYPES: PageType[] = ['actualite', 'cms_page', 'contact', 'standard'];

/** Where a page type is listed, for the breadcrumb and the "all articles" link. */
const LIST_OF: Partial<Record<PageType, 'adviceList' | 'innovationList'>> = {
  advice: 'adviceList',
  innovation: 'innovationList',
};

/**
 * Editorial pages (SPEC §2.2 "Editorial (CMS) page"): a page by route and slug (or by id for the
 * preview), its paragraphs with their references resolved, its tags, table of contents, link button
 * and the articles it links to.
 */
@Injectable()
export class EditorialService implements ProductArticles, PageEntities {
  constructor(
    private readonly repository: CmsRepository,
    private readonly cache: AppCache,
    private readonly render: RenderService,
    private readonly catalogue: CatalogueService,
    private readonly sites: SiteSource,
    private readonly videos: VideoDataService,
  ) {}

  private readonly logger = new Logger(EditorialService.name);

  /** A published page of a route family, or a 301 to its current slug (query kept), or 404. */
  async bySlug(site: SiteContext, route: string, slug: string, search: string, types?: PageType[]) {
    const row = await this.cache.getOrSet(
      `cms:page:${route}:${site.locale}:${slug}`,
      async () => (await this.repository.pageDetail({ route, slug }, site.locale, true)) ?? null,
      undefined,
      { shareAbsent: false },
    );
    if (row && (!types || types.includes(row.type))) return row;
    const current = await this.repository.currentSlug(route, site.locale, slug);
    if (current && current !== slug)
      throw DomainException.redirect(pageHref(route, current, site.locale) + search, 301);
    throw DomainException.pageNotFound();
  }

  /** Any page by id, published or not, in its latest version (the preview). */
  async byId(site: SiteContext, id: number): Promise<PageDetailRow> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw DomainException.pageNotFound();
    const row = await this.repository.pageDetail({ id }, site.locale, false);
    if (!row) throw DomainException.pageNotFound();
    return row;
  }

  picture(subject: DrawnPicture | null, size: Parameters<typeof editorialPicture>[1], alt: string): Picture {
    return editorialPicture(subject ?? DEFAULT_COVER, size, alt);
  }

  /** Article cards of card rows (lists, linked pages, paragraphs). */
  cards(rows: PageCardRow[], locale: Locale, highlightFirst = false): ArticleCardView[] {
    return rows.map((row, index) => {
      const highlighted = highlightFirst && index === 0 && row.highlighted;
      return {
        id: row.id,
        type: row.type as ArticleCardView['type'],
        title: row.title,
        excerpt: extract(row.excerpt, highlighted),
        href: pageHref(row.route, row.slug, locale),
        cover: this.picture(row.cover, highlighted ? 'paragraph' : 'card', ''),
        expertise: row.expertise_name ? { name: row.expertise_name, class: row.expertise_class ?? '' } : null,
        need: row.need_label ? { label: row.need_label } : null,
        publishedAt: row.published_at,
        highlighted,
      };
    });
  }

  /** Article cards of published pages named by key, in the keys' order (home suggestions). */
  async cardsByKeys(keys: string[], locale: Locale): Promise<Map<string, ArticleCardView>> {
    const rows = await this.repository.cardsByKeys(keys, locale);
    const cards = this.cards(rows, locale);
    return new Map(rows.map((row, index) => [row.key, cards[index]]));
  }

  /** The "our advices" tab of a product page (SPEC §2.2, §7 per_page 4). */
  async forProduct(site: SiteContext, productId: number, limit: number): Promise<ArticleCardView[]> {
    const { items } = await this.cache.getOrSet(`cms:product-pages:${site.locale}:${productId}:${limit}`, () =>
      this.repository.listPages({
        locale: site.locale,
        types: [],
        published: true,
        productId,
        orderBy: 'published_at',
        direction: 'desc',
        limit,
        offset: 0,
      }),
    );
    return this.cards(items, site.locale);
  }

  /** GET /url/entity for a page type (SPEC §7): the page, or the 301 to its current slug, or null. */
  async entity(site: SiteContext, type: string, slug: string, parents: boolean): Promise<PageEntityAnswer | null> {
    const rows = await this.repository.pagesBySlug([type as PageType], site.locale, slug);
    if (rows.length)
      return {
        items: rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          title: r.title,
          type: r.type,
          url: pageHref(r.route, r.slug, site.locale),
          ...(parents
            ? {
                parent: r.parent_id
                  ? { id: r.parent_id, type: r.parent_type, title: r.parent_title, slug: r.parent_slug }
                  : null,
              }
            : {}),
        })),
      };
    const family = routeFamily(type as PageType, null, type === 'standard' ? 'need' : null);
    if (family.startsWith('brandCorner:')) return null;
    const current = await this.repository.currentSlug(family, site.locale, slug);
    return current && current !== slug ? { code: 301, slug: current } : null;
  }

  async list(query: PageListQuery) {
    return this.repository.listPages(query);
  }

  /** The view model of an editorial page (article, news, CMS page, help, preview). */
  async view(site: SiteContext, row: PageDetailRow, options: { preview?: { logout: LogoutFormProps | null } } = {}) {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const refs = paragraphReferences(row.paragraphs);
    const [productIds, articleRows, related, shell] = await Promise.all([
      // SPEC §8: products and pages a paragraph names are logged and left out when their lookup fails.
      safely(this.logger, 'paragraph products', () => this.repository.productIds(refs.products), new Map()),
      safely(this.logger, 'paragraph pages', () => this.repository.cardsByKeys(refs.pages, locale), []),
      this.related(site, row, !!options.preview),
      this.sites.shell(site.shop.id, locale, t('shell.app_title')),
    ]);
    const shopUrl = shell.settings.shop_url ?? null;
    const rich = (value: string | null) => (value ? resolveShopLinks(sanitize(value), shopUrl) : null);
    const ids = refs.products.map((r) => productIds.get(r)).filter((id): id is number => id !== undefined);
    const cards = await safely(this.logger, 'paragraph products', () => this.catalogue.cardsByIds(ids, site), []);
    const byId = new Map(cards.map((c) => [c.id, c]));
    const products = new Map(
      refs.products.flatMap((r) => {
        const card = byId.get(productIds.get(r) ?? -1);
        return card ? [[r, card] as const] : [];
      }),
    );
    const articleCards = this.cards(articleRows, locale);
    const context: ParagraphContext = {
      locale,
      picture: (subject, size, alt) => this.picture(subject, size, alt),
      products,
      articles: new Map(articleRows.map((r, i) => [r.key, articleCards[i]])),
      cover: row.cover ?? DEFAULT_COVER,
      shopUrl,
    };
    const paragraphs = mapParagraphs(row.paragraphs, context);
    const shown = new Set(paragraphs.map((p) => p.key));
    const toc: TocEntryView[] = row.toc
      .filter((key) => shown.has(key))
      .map((key) => ({ anchor: paragraphAnchor(key), title: paragraphs.find((p) => p.key === key)?.title ?? '' }))
      .filter((entry) => entry.title !== '');
    const link = this.linkButton(row, shown);
    const tags: EditorialPageProps['tags'] = [];
    const listRoute = LIST_OF[row.type] ?? 'adviceList';
    if (row.expertise && row.type === 'advice')
      tags.push({
        kind: 'expertise',
        label: row.expertise.name,
        href: listPath(listRoute, locale, { page: 1, category: row.expertise.slug, filter: null }),
      });
    if (row.need && (row.type === 'advice' || row.type === 'innovation'))
      tags.push({
        kind: 'need',
        label: row.need.label,
        href: listPath(listRoute, locale, { page: 1, category: null, filter: row.need.slug }),
      });
    const props: EditorialPageProps = {
      pageType: row.type,
      title: row.title,
      titleOutsideCover: row.title_outside_cover,
      cover: this.picture(row.cover, 'cover', ''),
      coverMobile: this.picture(row.cover, 'mobile', ''),
      introduction: rich(row.introduction),
      content: rich(row.content),
      publishedAt: row.published_at && row.type !== 'cms_page' ? row.published_at : null,
      tags,
      link,
      toc,
      tocTitle: t('cms.toc_title'),
      paragraphs,
      related,
      preview: options.preview ? { vid: row.vid, published: row.published, logout: options.preview.logout } : null,
    };
    const alternates = Object.fromEntries(
      site.shop.languages.map((l) => {
        const other = row.slugs.find((s) => s.locale === l.locale);
        return [l.locale, other ? pageHref(other.route, other.slug, l.locale as Locale) : null];
      }),
    );
    const description = truncate(
      row.meta_description || plainText(row.introduction) || row.excerpt,
      META_DESCRIPTION_MAX,
    );
    const path = pageHref(row.route, row.slug, locale);
    // The picture the page shows in its header (its cover, else the default one), never the site root.
    const headerPicture = (size: Parameters<typeof editorialPicture>[1]) =>
      `${site.origin}${this.picture(row.cover, size, '').fallback}`;
    const cover = headerPicture('cover');
    const videoLd = await safely(
      this.logger,
      `page ${row.id} video data`,
      () => this.videos.jsonLd(videoIds(paragraphs), locale, site.origin),
      [],
    );
    const jsonLd: object[] = [
      ...(row.type === 'advice' || row.type === 'innovation' || row.type === 'actualite'
        ? [
            articleJsonLd({
              type: row.type === 'actualite' ? 'NewsArticle' : 'Article',
              headline: truncate(row.title, 110),
              description,
              // Google's three ratios: 16:9, 4:3 and 1:1.
              images: [headerPicture('card2x'), headerPicture('paragraph2x'), headerPicture('thumb')],
              datePublished: row.published_at,
              dateModified: row.updated_at,
              locale,
              url: `${site.origin}${path}`,
              publisher: t('shell.app_title'),
            }),
          ]
        : []),
      ...videoLd,
    ];
    const view: PageView<EditorialPageProps> = {
      head: {
        title: row.meta_title || row.title,
        description,
        ogType: LIST_OF[row.type] || row.type === 'actualite' ? 'article' : 'website',
        ogImage: cover,
        jsonLd,
        ...(options.preview ? { noindex: true, canonicalPath: path } : {}),
      },
      breadcrumb: this.breadcrumb(row, locale, t),
      props,
      alternates,
    };
    return view;
  }

  /** SPEC §2.2: the breadcrumb from the page type, its parent and its title. */
  private breadcrumb(row: PageDetailRow, locale: Locale, t: (key: never) => string): Crumb[] {
    const tr = t as unknown as (key: string) => string;
    const crumbs: Crumb[] = [];
    const list = LIST_OF[row.type];
    if (list === 'adviceList') crumbs.push({ label: tr('cms.advice_list.breadcrumb'), href: buildPath(list, locale) });
    if (list === 'innovationList')
      crumbs.push({ label: tr('cms.innovation_list.breadcrumb'), href: buildPath(list, locale) });
    if (row.parent) crumbs.push({ label: row.parent.title, href: pageHref(row.parent.route, row.parent.slug, locale) });
    crumbs.push({ label: row.title });
    return crumbs;
  }

  /**
   * The link button (SPEC §3 link_label, link_url, link_paragraph_id): to a paragraph shown on the
   * page, or to a path of the site.
   */
  private linkButton(row: PageDetailRow, shown: Set<string>): LinkView | null {
    const target = row.link;
    if (!target || !row.link_label) return null;
    if ('paragraph' in target)
      return shown.has(target.paragraph)
        ? { label: row.link_label, href: `#${paragraphAnchor(target.paragraph)}`, external: false }
        : null;
    return linkView(row.link_label, row.link_url ?? target.url);
  }

  /**
   * "These articles may interest you" (SPEC §2.2, §9): the pages the page links to, in their order,
   * at most 3 for an innovation article and 2 for an advice article (3 for other pages); an article
   * linking to fewer is completed with the latest of its kind (advice: on the same expertise). Each
   * lookup runs on its own: a failure is logged and the page goes on without it (SPEC §8).
   */
  private async related(
    site: SiteContext,
    row: PageDetailRow,
    preview: boolean,
  ): Promise<EditorialPageProps['related']> {
    const locale = site.locale;
    const t = this.render.translator(locale) as unknown as (key: string) => string;
    const list = LIST_OF[row.type];
    const take = relatedTake(row.type);
    const linked = await safely(
      this.logger,
      'linked pages',
      async () =>
        (
          await this.repository.listPages({
            locale,
            types: [],
            // The preview shows the links as they will be, unpublished pages included.
            published: preview ? null : true,
            linkedFrom: row.id,
            limit: take,
            offset: 0,
          })
        ).items,
      [],
    );
    let rows: PageCardRow[] = linked;
    if (rows.length < take && list)
      rows = rows.concat(
        await safely(
          this.logger,
          'related pages',
          async () =>
            (
              await this.repository.listPages({
                locale,
                types: [row.type],
                published: true,
                exclude: [row.id, ...rows.map((r) => r.id)],
                ...(row.type === 'advice' && row.expertise_id ? { expertiseId: row.expertise_id } : {}),
                orderBy: 'published_at',
                direction: 'desc',
                limit: take - rows.length,
                offset: 0,
              })
            ).items,
          [],
        ),
      );
    if (!rows.length) return null;
    // SPEC §2.2 'Ces conseils/articles…': an article's own kind; another page's (news, CMS page) is the
    // kind of the pages it shows, advice when they mix.
    const kind =
      row.type === 'innovation' || (row.type !== 'advice' && rows.every((r) => r.type === 'innovation'))
        ? 'innovation'
        : 'advice';
    return {
      title: t(`cms.related.${kind}`),
      items: this.cards(rows, locale),
      all: {
        label: t(`cms.related.all_${kind}`),
        href: buildPath(kind === 'innovation' ? 'innovationList' : 'adviceList', locale),
        external: false,
      },
    };
  }
}

/** The videos a page embeds (its video paragraphs), in page order. */
function videoIds(paragraphs: ParagraphView[]): string[] {
  return paragraphs.flatMap((p) => (p.type === 'video' ? [p.videoId] : []));
}
