import { Controller, Get, Query, UsePipes } from '@nestjs/common';
import { apiValidation, SiteSource } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { RedirectionQueryDto } from './dto/redirection-query.dto';
import { RedirectionService } from './redirection.service';

/** Redirection call of the content API (SPEC §7 "Redirections"), under /api/v1. */
@Controller('api/v1')
@UsePipes(apiValidation)
export class RedirectionApiController {
  constructor(
    private readonly redirections: RedirectionService,
    private readonly sites: SiteSource,
  ) {}

  /** GET /redirections?url|path|origin: data.type (the status) and data.url (the target), or 404. */
  @Get('redirections')
  async find(@Site() site: SiteContext, @Query() query: RedirectionQueryDto) {
    return this.redirections.lookup(await this.sites.scoped(site, query), query);
  }
}
