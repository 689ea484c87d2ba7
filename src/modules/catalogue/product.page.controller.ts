import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ProductFaqPage } from '../../../views/pages/ProductFaqPage';
import { ProductPage } from '../../../views/pages/ProductPage';
import { Page, RouteParam, Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { ProductService } from './product.service';

const search = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at >= 0 ? req.originalUrl.slice(at) : '';
};

/** Product FAQ first: its path is the product path plus a segment. */
@Controller()
export class ProductPageController {
  constructor(private readonly products: ProductService) {}

  @Page('productFaq', ProductFaqPage)
  faq(@Site() site: SiteContext, @RouteParam('slug') slug: string, @Req() req: Request) {
    return this.products.faqPage(site, slug, search(req));
  }

  @Page('product', ProductPage)
  show(@Site() site: SiteContext, @RouteParam('slug') slug: string, @Req() req: Request) {
    return this.products.page(site, slug, search(req));
  }
}
