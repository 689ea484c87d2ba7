import { Injectable } from '@nestjs/common';
import type { HomeProps, HomeSlideView } from '../../../views/pages/HomePage';
import { AppCache } from '../../cache/app-cache.service';
import { BRAND_CORNERS, buildPath, type RouteName } from '../../../contracts/route-table';
import type { PageView } from '../../render/page-view';
import type { SiteContext } from '../shop';
import { HomeRepository } from './home.repository';

/**
 * The home page (SPEC §1, §2.2 "Home"): header slider and search-engine text from the database, plus
 * the links of the search, advice and store-finder blocks.
 */
@Injectable()
export class HomeService {
  constructor(
    private readonly repository: HomeRepository,
    private readonly cache: AppCache,
  ) {}

  async page(site: SiteContext): Promise<PageView<HomeProps>> {
    const content = await this.cache.getOrSet(`home:${site.shop.id}:${site.locale}`, async () => {
      const row = await this.repository.findContent(site.shop.id, site.locale);
      return row?.content ?? null;
    });
    const slides: HomeSlideView[] = (content?.slider ?? []).map((slide) => ({
      title: slide.title,
      text: slide.text,
      linkLabel: slide.link_label,
      href: slide.route
        ? buildPath(slide.route as RouteName, site.locale, slide.route_params ?? {})
        : (slide.url ?? '/'),
      theme: slide.theme,
    }));
    return {
      head: { title: content?.title ?? '', description: content?.meta_description },
      props: {
        slides,
        seo: content?.seo ?? null,
        storeFinderHref: buildPath('storeFinder', site.locale),
        searchAction: buildPath('results', site.locale),
        adviceHref: buildPath('whoCanGiveYouAdvice', site.locale),
        // Brand names are the same in every language (SPEC §1: the three brand corners).
        brands: BRAND_CORNERS.map((brand) => ({
          label: brand.charAt(0).toUpperCase() + brand.slice(1),
          href: buildPath('brandCorner', site.locale, { brand }),
        })),
      },
    };
  }
}
