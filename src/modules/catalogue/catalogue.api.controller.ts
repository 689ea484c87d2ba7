import { Controller, Get, Param, Query, UsePipes } from '@nestjs/common';
import { Site } from '../../common/page/page.decorator';
import { apiValidation, ParseIdPipe } from '../../common/api';
import type { SiteContext } from '../shop';
import { CatalogueApiService } from './catalogue-api.service';
import {
  CategoriesQueryDto,
  FaqQueryDto,
  ListingQueryDto,
  ProductListQueryDto,
  ShopScopedQueryDto,
  UrlEntityQueryDto,
} from './dto/product-query.dto';

const id = new ParseIdPipe();

/** Catalogue calls of the content API (SPEC §7), under /api/v1. */
@Controller('api/v1')
@UsePipes(apiValidation)
export class CatalogueApiController {
  constructor(private readonly api: CatalogueApiService) {}

  @Get('product')
  async list(@Site() site: SiteContext, @Query() query: ProductListQueryDto) {
    return this.api.list(await this.api.site(site, query), query);
  }

  @Get('product/:id')
  async show(@Site() site: SiteContext, @Param('id', id) productId: number, @Query() query: ShopScopedQueryDto) {
    return this.api.product(await this.api.site(site, query), productId);
  }

  @Get('filtersProducts')
  async filters(@Site() site: SiteContext, @Query() query: ProductListQueryDto) {
    return this.api.filters(await this.api.site(site, query), query);
  }

  @Get('products/:id/faqs')
  async faqs(@Site() site: SiteContext, @Param('id', id) productId: number, @Query() query: FaqQueryDto) {
    return this.api.faqs(await this.api.site(site, query), productId, query.limit);
  }

  @Get('brands/:id/faqs')
  async brandFaqs(@Site() site: SiteContext, @Param('id', id) brandId: number, @Query() query: ShopScopedQueryDto) {
    return this.api.brandFaqs(await this.api.site(site, query), brandId);
  }

  @Get('url/entity')
  async urlEntity(@Site() site: SiteContext, @Query() query: UrlEntityQueryDto) {
    return this.api.urlEntity(await this.api.site(site, query), query);
  }

  /** GET /categories?depth=0&lang&shop_id (SPEC §7 "Categories / navigation"): data.items. */
  @Get('categories')
  async categories(@Site() site: SiteContext, @Query() query: CategoriesQueryDto) {
    return this.api.categories(await this.api.site(site, query), query.depth);
  }

  /** The product listing island's data (same view model as the page). */
  @Get('listing')
  async listing(@Site() site: SiteContext, @Query() query: ListingQueryDto) {
    return this.api.listing(await this.api.site(site, query), query.path);
  }
}
