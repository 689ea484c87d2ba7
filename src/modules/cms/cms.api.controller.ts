import { Controller, Get, Param, Query, UsePipes } from '@nestjs/common';
import { apiValidation, ParseIdPipe, ShopScopedQueryDto, SiteSource } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { CmsApiService } from './cms-api.service';
import { InnovationCategoriesQueryDto, PageListQueryDto, ProductPagesQueryDto } from './dto/page-query.dto';

const id = new ParseIdPipe();

/** Editorial calls of the content API (SPEC §7 "Pages", "Product pages", "Innovation categories"). */
@Controller('api/v1')
@UsePipes(apiValidation)
export class CmsApiController {
  constructor(
    private readonly api: CmsApiService,
    private readonly sites: SiteSource,
  ) {}

  @Get('page')
  async list(@Site() site: SiteContext, @Query() query: PageListQueryDto) {
    return this.api.list(await this.sites.scoped(site, query), query);
  }

  @Get('page/:id')
  async show(@Site() site: SiteContext, @Param('id', id) pageId: number, @Query() query: ShopScopedQueryDto) {
    return this.api.show(await this.sites.scoped(site, query), pageId);
  }

  @Get('page/:id/associate')
  async associate(@Site() site: SiteContext, @Param('id', id) pageId: number, @Query() query: ShopScopedQueryDto) {
    return this.api.associates(await this.sites.scoped(site, query), pageId);
  }

  /** The pages of a product's "our advices" tab (per_page 4 on the product page). */
  @Get('products/:id/pages')
  async productPages(
    @Site() site: SiteContext,
    @Param('id', id) productId: number,
    @Query() query: ProductPagesQueryDto,
  ) {
    return this.api.productPages(await this.sites.scoped(site, query), productId, query.per_page ?? 4);
  }

  @Get('innovation-categories')
  async innovationCategories(@Site() site: SiteContext, @Query() query: InnovationCategoriesQueryDto) {
    return this.api.innovationCategories(await this.sites.scoped(site, query), query);
  }
}
