import { Controller, Query } from '@nestjs/common';
import { ProductListPage } from '../../../views/pages/ProductListPage';
import { Page, RouteParam, Site } from '../../common/page/page.decorator';
import type { ListingTail } from '../../../contracts/route-table';
import type { SiteContext } from '../shop';
import { parseListOptions, ProductListService } from './product-list.service';

@Controller()
export class ProductListPageController {
  constructor(private readonly lists: ProductListService) {}

  @Page('productList', ProductListPage)
  show(@Site() site: SiteContext, @RouteParam('tail') tail: ListingTail, @Query() query: Record<string, unknown>) {
    return this.lists.page(site, tail, parseListOptions(query));
  }
}
