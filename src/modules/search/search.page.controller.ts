import { Controller, Query } from '@nestjs/common';
import { SearchResultsPage } from '../../../views/pages/SearchResultsPage';
import type { ListingTail } from '../../../contracts/route-table';
import { DomainException } from '../../common/errors/domain.exception';
import { Page, RouteParam, Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { SearchPageService } from './search-page.service';

@Controller()
export class SearchPageController {
  constructor(private readonly pages: SearchPageService) {}

  /** /resultats/-r--{text}[/-p--N][/-name--value]…; a GET form's `?q=` is redirected to that path. */
  // Not kept in the page cache: every search is counted (misses) and result pages are noindex, long-tail URLs.
  @Page('results', SearchResultsPage, { cache: false })
  async results(
    @Site() site: SiteContext,
    @RouteParam('tail') tail: ListingTail,
    @Query() query: Record<string, unknown>,
  ) {
    const target = this.pages.formTarget(site, query);
    if (target) throw DomainException.redirect(target, 303);
    return this.pages.page(site, tail, query);
  }
}
