import { Injectable } from '@nestjs/common';
import type { ProductCardView } from '../../../contracts/catalogue';
import { BRAND_CORNERS, buildPath, type Locale, type RouteName } from '../../../contracts/route-table';
import type { HomeProps, HomeSlideView, HomeSuggestionView } from '../../../views/pages/HomePage';
import { AppCache } from '../../cache/app-cache.service';
import type { HomeContentJson, HomeVideo } from '../../database/schema';
import { organizationJsonLd, SEARCH_TERM, webSiteJsonLd } from '../../common/seo/json-ld';
import { truncate, type PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { BrandsService } from '../brands';
import { CatalogueService } from '../catalogue';
import { EditorialService, pageHref } from '../cms';
import { editorialPicture } from '../media';
import { NeedsService } from '../needs';
import { ShopService, type SiteContext } from '../shop';
import { DomainException } from '../../common/errors/domain.exception';
import { HomeRepository, type SlidePageRow } from './home.repository';
import { VideoDataService } from '../video';
import { safely } from '../../common/logging/safely';
import { Logger } from '@nestjs/common';

/** Packshots standing on a header slide's picture, at most. */
const MAX_SLIDE_PRODUCTS = 3;

/**
 * The home content of a site and language, read in one query with what it names: the ids of the
 * products its suggestions and slides name by reference, and the pages its slides name by key.
 */
interface HomeEntry {
  content: HomeContentJson;
  productIds: Record<string, number>;
  slidePages: Record<string, SlidePageRow>;
}

/**
 * The home page (SPEC §1, §2.2 "Home"): header slider with pictures, search, in-store advice, current
 * suggestions (products, articles or promotions), the pharmacy finder, the need selector, the news
 * video, the slider of brand landing pages and the search-engine text. Its content is data (the
 * homepage resource of the site and language).
 */
/** The legend under a playlist video: the first line of its description, cut (SPEC §9 promo text 300). */
const NEWS_LEGEND_MAX = 300;

@Injectable()
export class HomeService {
  constructor(
    private readonly repository: HomeRepository,
    private readonly cache: AppCache,
    private readonly render: RenderService,
    private readonly catalogue: CatalogueService,
    private readonly editorial: EditorialService,
    private readonly needs: NeedsService,
    private readonly brands: BrandsService,
    private readonly videos: VideoDataService,
    private readonly shops: ShopService,
  ) {}

  private readonly logger = new Logger(HomeService.name);

  /** The home content of the site and language, with the products and pages it names. */
  content(site: SiteContext): Promise<HomeEntry | null> {
    return this.cache.getOrSet(`home-entry:${site.shop.id}:${site.locale}`, async () => {
      const row = await this.repository.findContent(site.shop.id, site.locale);
      return row ? { content: row.content, productIds: row.product_ids, slidePages: row.slide_pages } : null;
    });
  }

  async page(site: SiteContext): Promise<PageView<HomeProps>> {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const entry = await this.content(site);
    const content = entry?.content ?? null;
    const resolved = this.slides(site, entry);
    // The cards of every product the page names (suggestions and slides), in one read.
    const [cards, selector, brandCards, shell] = await Promise.all([
      this.catalogue.cardsByIds(Object.values(entry?.productIds ?? {}), site),
      this.needs.selector(site, { parent: null, child: null, error: false }, 'home-need-title'),
      this.brands.cards(locale),
      this.shops.shell(site.shop.id, locale, t('shell.app_title')),
    ]);
    const byReference = new Map(
      Object.entries(entry?.productIds ?? {}).flatMap(([reference, id]) => {
        const card = cards.find((c) => c.id === id);
        return card ? [[reference, card] as const] : [];
      }),
    );
    const slides: HomeSlideView[] = resolved.map(({ slide, href, picture }) => ({
      title: slide.title,
      text: slide.text,
      linkLabel: slide.link_label,
      href,
      theme: slide.theme,
      image: picture ? editorialPicture(picture, 'slide', '') : null,
      products: (slide.products ?? [])
        .flatMap((reference) => {
          const card = byReference.get(reference);
          return card ? [{ ...card.image, alt: card.name }] : [];
        })
        .slice(0, MAX_SLIDE_PRODUCTS),
    }));
    const suggestions = await this.suggestions(site, content, byReference);
    const news = content?.video ? await this.newsVideo(content.video, locale, site.origin) : null;
    return {
      head: {
        title: content?.title ?? '',
        description: content?.meta_description,
        jsonLd: [
          webSiteJsonLd({
            origin: site.origin,
            name: t('shell.app_title'),
            locale,
            // The results route takes the text in its path: /resultats/-r--{text}.
            searchTemplate: `${buildPath('results', locale)}/-r--${SEARCH_TERM}`,
          }),
          organizationJsonLd({
            origin: site.origin,
            name: t('shell.app_title'),
            logo: `${site.origin}/favicon.svg`,
            telephone: shell.country.phone || undefined,
          }),
          ...(news?.jsonLd ?? []),
        ],
      },
      props: {
        slides,
        seo: content?.seo ?? null,
        storeFinderHref: buildPath('storeFinder', locale),
        newsletterHref: buildPath('newsletter', locale),
        searchAction: buildPath('results', locale),
        adviceHref: buildPath('whoCanGiveYouAdvice', locale),
        // Brand names are the same in every language (SPEC §1: the three brand corners).
        brands: BRAND_CORNERS.map((brand) => ({
          label: brand.charAt(0).toUpperCase() + brand.slice(1),
          href: buildPath('brandCorner', locale, { brand }),
        })),
        suggestions,
        needSelector: selector,
        needPicture: content?.need_picture ? editorialPicture(content.need_picture, 'paragraph', '') : null,
        video: news
          ? {
              title: news.content.paragraph_title,
              legend: news.legend,
              player: {
                videoId: news.id,
                title: news.title,
                variant: 'home' as const,
                // The content's own picture for its own video; the playlist's video shows its thumbnail.
                preview:
                  news.id === news.content.embed
                    ? editorialPicture(
                        { motif: news.content.motif, palette: news.content.palette },
                        'paragraph',
                        news.title,
                      )
                    : undefined,
                labels: {
                  blocked: t('cms.paragraphs.video_blocked'),
                  accept: t('cms.paragraphs.video_accept'),
                  see: t('home.video_see'),
                  watch: t('cms.paragraphs.video_watch', { title: news.title }),
                },
              },
            }
          : null,
        brandSlider: {
          items: brandCards.filter((card) => card.kind === 'landing'),
          label: t('home.brand_slider_title'),
          labels: {
            previous: t('brands.slider.previous'),
            next: t('brands.slider.next'),
            carousel: t('shell.carousel'),
          },
        },
        brandsHref: buildPath('brands', locale),
      },
    };
  }

  /**
   * The news video (SPEC §1 "optional news video"): the playlist's latest when the video platform is
   * configured (SPEC §7), else the home content's; with its VideoObject. The home content's texts go
   * with its own video; the playlist's video brings its title and description. The video data
   * failing is logged and the page goes on (SPEC §8).
   */
  private async newsVideo(content: HomeVideo, locale: Locale, origin: string) {
    const data = await safely(this.logger, 'home news video data', async () => {
      const id = await this.videos.newsVideoId(content.embed);
      // The playlist's video when its data is to be had, else the content's own.
      const [video] = await this.videos.videos([id, content.embed], locale);
      return video ?? null;
    });
    const id = data?.id ?? content.embed;
    const own = id === content.embed;
    return {
      id,
      content,
      title: own ? content.title : data!.title,
      legend: own ? content.legend : truncate(data!.description.split('\n')[0] ?? '', NEWS_LEGEND_MAX),
      jsonLd: data ? [this.videos.toJsonLd(data, origin)] : [],
    };
  }

  /**
   * The homepage resource (SPEC §7 "Homepage"): `type=homepage` gives the home content of the site and
   * language (slider links resolved to paths), `type=products` the product cards of its current
   * suggestions, priced in the site's sales plan. No home content: 404.
   */
  async resource(site: SiteContext, type: 'homepage' | 'products') {
    const entry = await this.content(site);
    if (!entry) throw DomainException.notFound('No homepage for this site');
    const { content, productIds } = entry;
    if (type === 'products') {
      const references = (content.suggestions ?? []).flatMap((s) => (s.type === 'product' ? [s.reference] : []));
      const ids = references.flatMap((reference) => (reference in productIds ? [productIds[reference]] : []));
      const cards = await this.catalogue.cardsByIds(ids, site);
      const byId = new Map(cards.map((card) => [card.id, card]));
      const items = references.flatMap((reference) => byId.get(productIds[reference] ?? -1) ?? []);
      return { data: { items, total: items.length } };
    }
    const slider = this.slides(site, entry).map(({ slide: { route, route_params, ...slide }, href, picture }) => ({
      ...slide,
      url: href,
      ...(picture ? { motif: picture.motif, palette: picture.palette } : {}),
    }));
    return { data: { ...content, slider } };
  }

  /**
   * The header slides with their link and picture resolved (SPEC §3 "slider (page with cover or own
   * cover)"): a slide naming a page links to it and takes its title, excerpt and cover where it has
   * none of its own; a slide whose page is not published (in this language) is left out.
   */
  private slides(site: SiteContext, entry: HomeEntry | null) {
    const locale = site.locale;
    const slider = entry?.content.slider ?? [];
    const byKey = new Map(Object.entries(entry?.slidePages ?? {}));
    const more = this.render.translator(locale)('home.slide_more');
    return slider.flatMap((slide) => {
      const page = slide.page ? byKey.get(slide.page) : undefined;
      if (slide.page && !page) return [];
      const own = slide.motif && slide.palette ? { motif: slide.motif, palette: slide.palette } : null;
      const href = page
        ? pageHref(page.route, page.slug, locale)
        : slide.route
          ? buildPath(slide.route as RouteName, locale, slide.route_params ?? {})
          : (slide.url ?? '/');
      return [
        {
          slide: {
            ...slide,
            title: slide.title ?? page?.title ?? '',
            text: slide.text ?? page?.excerpt ?? '',
            link_label: slide.link_label ?? more,
          },
          href,
          picture: own ?? page?.cover ?? null,
        },
      ];
    });
  }

  /** The current suggestions in their order: product cards, article cards, promotions. */
  private async suggestions(
    site: SiteContext,
    content: HomeContentJson | null,
    cards: Map<string, ProductCardView>,
  ): Promise<HomeSuggestionView[]> {
    const items = content?.suggestions ?? [];
    const keys = items.flatMap((s) => (s.type === 'page' ? [s.page] : []));
    const articles = await this.editorial.cardsByKeys(keys, site.locale);
    return items.flatMap((s, index): HomeSuggestionView[] => {
      if (s.type === 'product') {
        const card = cards.get(s.reference);
        return card ? [{ kind: 'product', key: `p${index}`, product: card }] : [];
      }
      if (s.type === 'page') {
        const card = articles.get(s.page);
        return card ? [{ kind: 'article', key: `a${index}`, article: card }] : [];
      }
      return [
        {
          kind: 'promo',
          key: `m${index}`,
          title: s.title,
          text: s.text,
          link: { label: s.link_label, href: s.link_url },
          image: editorialPicture({ motif: s.motif, palette: s.palette }, 'card', ''),
        },
      ];
    });
  }
}
