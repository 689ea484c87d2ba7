import { Controller, Query } from '@nestjs/common';
import { AdvicePage, StoreFinderPage } from '../../../views/pages/StoreFinderPage';
import { StorePage } from '../../../views/pages/StorePage';
import { Page, RouteParam, Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { StoreFinderPageService, type FinderQuery } from './storefinder-page.service';

@Controller()
export class StoreFinderPageController {
  constructor(private readonly pages: StoreFinderPageService) {}

  @Page('storeFinder', StoreFinderPage)
  finder(@Site() site: SiteContext, @Query() query: FinderQuery) {
    return this.pages.finderPage(site, query);
  }

  @Page('whoCanGiveYouAdvice', AdvicePage)
  advice(@Site() site: SiteContext, @Query() query: FinderQuery) {
    return this.pages.advicePage(site, query);
  }

  @Page('store', StorePage)
  store(@Site() site: SiteContext, @RouteParam('slug') slug: string) {
    return this.pages.storePage(site, slug);
  }
}
