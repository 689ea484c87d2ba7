import { Controller, Get, Query, UsePipes } from '@nestjs/common';
import { apiValidation } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import { ShopQueryDto, ShopScopedQueryDto, SlugsQueryDto, UrlQueryDto } from './dto/shop-query.dto';
import { ShopService } from './shop.service';
import type { SiteContext } from './shop.types';

/** Shop calls of the content API (SPEC §7 "Shop", "URL resolve", "Menus", "Settings"), under /api/v1. */
@Controller('api/v1')
@UsePipes(apiValidation)
export class ShopApiController {
  constructor(private readonly shops: ShopService) {}

  /** GET /shop?url=host: data.list, whose first entry gives id, url, languages and sales plan. */
  @Get('shop')
  async shop(@Site() site: SiteContext, @Query() query: ShopQueryDto) {
    return this.shops.shopList(await this.shops.scoped(site, query), query.url);
  }

  /** GET /url?shop_id: the address of the shop's site in each of its languages. */
  @Get('url')
  async url(@Site() site: SiteContext, @Query() query: UrlQueryDto) {
    return this.shops.siteUrls(await this.shops.scoped(site, query));
  }

  /** GET /menus?lang&shop_id: data.items, the site's menus (main, footer, social) with their children. */
  @Get('menus')
  async menus(@Site() site: SiteContext, @Query() query: ShopScopedQueryDto) {
    return this.shops.menus(await this.shops.scoped(site, query));
  }

  /** GET /settings?lang&shop_id: data, the site's global and country settings. */
  @Get('settings')
  async settings(@Site() site: SiteContext, @Query() query: ShopScopedQueryDto) {
    return this.shops.settings(await this.shops.scoped(site, query));
  }

  /** GET /slugs?site_id: the five entity slugs of the site in each of its languages. */
  @Get('slugs')
  async slugs(@Site() site: SiteContext, @Query() query: SlugsQueryDto) {
    return this.shops.slugs(await this.shops.scoped(site, query), query.site_id);
  }
}
