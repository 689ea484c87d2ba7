import { Injectable } from '@nestjs/common';
import { BRAND_CORNERS, buildPath, type Locale, type RouteName } from '../../../contracts/route-table';
import type { HomeProps, HomeSlideView, HomeSuggestionView } from '../../../views/pages/HomePage';
import { AppCache } from '../../cache/app-cache.service';
import type { HomeContentJson, HomeVideo } from '../../database/schema';
import { organizationJsonLd, SEARCH_TERM, webSiteJsonLd } from '../../common/seo/json-ld';
import { truncate, type PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { BrandsService } from '../brands';
import { CatalogueService } from '../catalogue';
import { EditorialService } from '../cms';
import { editorialPicture } from '../media';
import { NeedsService } from '../needs';
import { ShopService, type SiteContext } from '../shop';
import { DomainException } from '../../common/errors/domain.exception';
import { HomeRepository } from './home.repository';
import { VideoDataService } from '../video';
import { safely } from '../../common/logging/safely';
import { Logger } from '@nestjs/common';

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

  content(site: SiteContext): Promise<HomeContentJson | null> {
    return this.cache.getOrSet(`home:${site.shop.id}:${site.locale}`, async () => {
      const row = await this.repository.findContent(site.shop.id, site.locale);
      return row?.content ?? null;
    });
  }

  async page(site: SiteContext): Promise<PageView<HomeProps>> {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const content = await this.content(site);
    const slides: HomeSlideView[] = (content?.slider ?? []).map((slide) => ({
      title: slide.title,
      text: slide.text,
      linkLabel: slide.link_label,
      href: slide.route ? buildPath(slide.route as RouteName, locale, slide.route_params ?? {}) : (slide.url ?? '/'),
      theme: slide.theme,
      image:
        slide.motif && slide.palette
          ? editorialPicture({ motif: slide.motif, palette: slide.palette }, 'slide', '')
          : null,
    }));
    const [suggestions, selector, brandCards, shell] = await Promise.all([
      this.suggestions(site, content),
      this.needs.selector(site, { parent: null, child: null, error: false }, 'home-need-title'),
      this.brands.cards(locale),
      this.shops.shell(site.shop.id, locale, t('shell.app_title')),
    ]);
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
          labels: { previous: t('brands.slider.previous'), next: t('brands.slider.next') },
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
    const content = await this.content(site);
    if (!content) throw DomainException.notFound('No homepage for this site');
    if (type === 'products') {
      const references = (content.suggestions ?? []).flatMap((s) => (s.type === 'product' ? [s.reference] : []));
      const ids = await this.repository.productIds(references);
      const cards = await this.catalogue.cardsByIds([...ids.values()], site);
      const byId = new Map(cards.map((card) => [card.id, card]));
      const items = references.flatMap((reference) => byId.get(ids.get(reference) ?? -1) ?? []);
      return { data: { items, total: items.length } };
    }
    const slider = content.slider.map(({ route, route_params, ...slide }) => ({
      ...slide,
      url: route ? buildPath(route as RouteName, site.locale, route_params ?? {}) : (slide.url ?? '/'),
    }));
    return { data: { ...content, slider } };
  }

  /** The current suggestions in their order: product cards, article cards, promotions. */
  private async suggestions(site: SiteContext, content: HomeContentJson | null): Promise<HomeSuggestionView[]> {
    const items = content?.suggestions ?? [];
    const references = items.flatMap((s) => (s.type === 'product' ? [s.reference] : []));
    const keys = items.flatMap((s) => (s.type === 'page' ? [s.page] : []));
    const [ids, articles] = await Promise.all([
      this.repository.productIds(references),
      this.editorial.cardsByKeys(keys, site.locale),
    ]);
    const cards = await this.catalogue.cardsByIds([...ids.values()], site);
    const byId = new Map(cards.map((c) => [c.id, c]));
    return items.flatMap((s, index): HomeSuggestionView[] => {
      if (s.type === 'product') {
        const card = byId.get(ids.get(s.reference) ?? -1);
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
