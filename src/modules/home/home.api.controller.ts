import { Controller, Get, Query, UsePipes } from '@nestjs/common';
import { apiValidation, SiteSource } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { HomepageQueryDto } from './dto/homepage-query.dto';
import { HomeService } from './home.service';

/** Homepage call of the content API (SPEC §7 "Homepage"), under /api/v1. */
@Controller('api/v1')
@UsePipes(apiValidation)
export class HomeApiController {
  constructor(
    private readonly home: HomeService,
    private readonly sites: SiteSource,
  ) {}

  /** GET /homepage?type=homepage|products&saleplan_id: the home content, or its suggested products. */
  @Get('homepage')
  async show(@Site() site: SiteContext, @Query() query: HomepageQueryDto) {
    return this.home.resource(await this.sites.scoped(site, query), query.type ?? 'homepage');
  }
}
