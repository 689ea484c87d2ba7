import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { BrandCornerRoute } from '../../../views/pages/BrandCornerRoute';
import { BrandPage } from '../../../views/pages/BrandPage';
import { BrandsPage } from '../../../views/pages/BrandsPage';
import { Page, RouteParam, Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { BrandsService } from './brands.service';
import { CornerService } from './corner.service';

const search = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at >= 0 ? req.originalUrl.slice(at) : '';
};

/** The brands list, the brand landing pages and the brand corners (SPEC §2.1). */
@Controller()
export class BrandsPageController {
  constructor(
    private readonly brands: BrandsService,
    private readonly corners: CornerService,
  ) {}

  @Page('brands', BrandsPage)
  list(@Site() site: SiteContext) {
    return this.brands.listPage(site);
  }

  @Page('brand', BrandPage)
  landing(@Site() site: SiteContext, @RouteParam('slug') slug: string, @Req() req: Request) {
    return this.brands.landingPage(site, slug, search(req));
  }

  /**
   * Registered on /lactibiane, /insudiet and /formag only (contracts/route-table.ts expressPaths); a
   * slug that is no page of the corner is the CMS page of that path, if there is one.
   */
  @Page('brandCorner', BrandCornerRoute)
  corner(
    @Site() site: SiteContext,
    @RouteParam('brand') brand: string,
    @RouteParam('slug') slug: string | undefined,
    @Req() req: Request,
  ) {
    return this.corners.route(site, brand, slug, search(req));
  }
}
