import { Controller, Get, Param, Query, UsePipes } from '@nestjs/common';
import { apiValidation, ParseIdPipe, ShopScopedQueryDto, SiteSource } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { NeedIndexQueryDto, NeedPagesQueryDto } from './dto/need-query.dto';
import { NeedsApiService } from './needs-api.service';

const id = new ParseIdPipe();

/** Needs calls of the content API (SPEC §7 "Needs"), under /api/v1. */
@Controller('api/v1')
@UsePipes(apiValidation)
export class NeedsApiController {
  constructor(
    private readonly api: NeedsApiService,
    private readonly sites: SiteSource,
  ) {}

  @Get('need')
  async index(@Site() site: SiteContext, @Query() query: NeedIndexQueryDto) {
    return this.api.index(await this.sites.scoped(site, query), query);
  }

  @Get('need/pages')
  async needPages(@Site() site: SiteContext, @Query() query: ShopScopedQueryDto) {
    return this.api.needPages(await this.sites.scoped(site, query));
  }

  @Get('need/:id')
  async show(@Site() site: SiteContext, @Param('id', id) needId: number, @Query() query: ShopScopedQueryDto) {
    return this.api.show(await this.sites.scoped(site, query), needId);
  }

  @Get('need/:id/pages')
  async pages(@Site() site: SiteContext, @Param('id', id) needId: number, @Query() query: NeedPagesQueryDto) {
    return this.api.pagesOf(await this.sites.scoped(site, query), needId, query);
  }
}
