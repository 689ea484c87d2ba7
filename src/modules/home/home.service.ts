import { Injectable } from '@nestjs/common';
import { BRAND_CORNERS, buildPath, type RouteName } from '../../../contracts/route-table';
import type { HomeProps, HomeSlideView, HomeSuggestionView } from '../../../views/pages/HomePage';
import { AppCache } from '../../cache/app-cache.service';
import type { HomeContentJson } from '../../database/schema';
import { organizationJsonLd, SEARCH_TERM, webSiteJsonLd } from '../../common/seo/json-ld';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { BrandsService } from '../brands';
import { CatalogueService } from '../catalogue';
import { EditorialService } from '../cms';
import { editorialPicture } from '../media';
import { NeedsService } from '../needs';
import type { SiteContext } from '../shop';
import { DomainException } from '../../common/errors/domain.exception';
import { HomeRepository } from './home.repository';

/** The home content of a site and language, with the ids of the products it names by reference. */
interface HomeEntry {
  content: HomeContentJson;
  productIds: Record<string, number>;
}

/**
 * The home page (SPEC §1, §2.2 "Home"): header slider with pictures, search, in-store advice, current
 * suggestions (products, articles or promotions), the pharmacy finder, the need selector, the news
 * video, the slider of brand landing pages and the search-engine text. Its content is data (the
 * homepage resource of the site and language).
 */
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
  ) {}

  /** The home content of the site and language, and the ids of the products it names (by reference). */
  content(site: SiteContext): Promise<HomeEntry | null> {
    return this.cache.getOrSet(`home-entry:${site.shop.id}:${site.locale}`, async () => {
      const row = await this.repository.findContent(site.shop.id, site.locale);
      return row ? { content: row.content, productIds: row.product_ids } : null;
    });
  }

  async page(site: SiteContext): Promise<PageView<HomeProps>> {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const entry = await this.content(site);
    const content = entry?.content ?? null;
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
    const [suggestions, selector, brandCards] = await Promise.all([
      this.suggestions(site, content, entry?.productIds ?? {}),
      this.needs.selector(site, { parent: null, child: null, error: false }, 'home-need-title'),
      this.brands.cards(locale),
    ]);
    const video = content?.video ?? null;
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
          organizationJsonLd({ origin: site.origin, name: t('shell.app_title'), logo: `${site.origin}/favicon.svg` }),
        ],
      },
      props: {
        slides,
        seo: content?.seo ?? null,
        storeFinderHref: buildPath('storeFinder', locale),
        searchAction: buildPath('results', locale),
        adviceHref: buildPath('whoCanGiveYouAdvice', locale),
        // Brand names are the same in every language (SPEC §1: the three brand corners).
        brands: BRAND_CORNERS.map((brand) => ({
          label: brand.charAt(0).toUpperCase() + brand.slice(1),
          href: buildPath('brandCorner', locale, { brand }),
        })),
        suggestions,
        needSelector: selector,
        video: video
          ? {
              title: video.paragraph_title,
              legend: video.legend,
              player: {
                videoId: video.embed,
                title: video.title,
                variant: 'home' as const,
                preview: editorialPicture({ motif: video.motif, palette: video.palette }, 'paragraph', video.title),
                labels: {
                  blocked: t('cms.paragraphs.video_blocked'),
                  accept: t('cms.paragraphs.video_accept'),
                  see: t('home.video_see'),
                  watch: t('cms.paragraphs.video_watch', { title: video.title }),
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
      const cards = await this.catalogue.cardsByIds(Object.values(productIds), site);
      const byId = new Map(cards.map((card) => [card.id, card]));
      const items = references.flatMap((reference) => byId.get(productIds[reference] ?? -1) ?? []);
      return { data: { items, total: items.length } };
    }
    const slider = content.slider.map(({ route, route_params, ...slide }) => ({
      ...slide,
      url: route ? buildPath(route as RouteName, site.locale, route_params ?? {}) : (slide.url ?? '/'),
    }));
    return { data: { ...content, slider } };
  }

  /** The current suggestions in their order: product cards, article cards, promotions. */
  private async suggestions(
    site: SiteContext,
    content: HomeContentJson | null,
    productIds: Record<string, number>,
  ): Promise<HomeSuggestionView[]> {
    const items = content?.suggestions ?? [];
    const keys = items.flatMap((s) => (s.type === 'page' ? [s.page] : []));
    const [cards, articles] = await Promise.all([
      this.catalogue.cardsByIds(Object.values(productIds), site),
      this.editorial.cardsByKeys(keys, site.locale),
    ]);
    const byId = new Map(cards.map((c) => [c.id, c]));
    return items.flatMap((s, index): HomeSuggestionView[] => {
      if (s.type === 'product') {
        const card = byId.get(productIds[s.reference] ?? -1);
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
