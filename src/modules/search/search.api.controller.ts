import { Controller, Get, Query, UsePipes } from '@nestjs/common';
import { apiValidation } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { SearchListingQueryDto, SearchQueryDto } from './dto/search-query.dto';
import { SearchApiService } from './search-api.service';

/** Search calls of the content API (SPEC §7 "Search", "Suggest"), under /api/v1. */
@Controller('api/v1')
@UsePipes(apiValidation)
export class SearchApiController {
  constructor(private readonly api: SearchApiService) {}

  /** type=Search (default): groups with total and items; type=Suggest: suggestions. */
  @Get('search')
  async search(@Site() site: SiteContext, @Query() query: SearchQueryDto) {
    return this.api.answer(await this.api.site(site, query), query);
  }

  /** The results page's listing island: the solutions tab of a results URL. */
  @Get('search/listing')
  async listing(@Site() site: SiteContext, @Query() query: SearchListingQueryDto) {
    return this.api.listing(await this.api.site(site, query), query);
  }
}
