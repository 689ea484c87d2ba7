import { Body, Controller, Get, HttpCode, Post, Query, Req, UseGuards, UsePipes } from '@nestjs/common';
import type { Request } from 'express';
import { apiValidation } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../../common/site/site.types';
import { ContactApiService } from './contact-api.service';
import { ContactThrottlerGuard } from './contact-throttler.guard';
import { CivilitiesQueryDto, ProvincialsQueryDto } from './dto/vocabulary-query.dto';

/** The contact feature's content API (SPEC §7 "Civilities", "Provincials", "Contact create", "Newsletter subscribe"). */
@Controller('api/v1')
@UsePipes(apiValidation)
export class ContactApiController {
  constructor(private readonly api: ContactApiService) {}

  @Get('civilities')
  civilities(@Site() site: SiteContext, @Query() query: CivilitiesQueryDto) {
    return this.api.civilities(query.language ?? query.lang ?? site.locale);
  }

  @Get('provincials')
  provincials(@Site() site: SiteContext, @Query() query: ProvincialsQueryDto) {
    return this.api.provincials(query.lang ?? site.locale);
  }

  /** 201 when stored; 400 with a code per field (`details`), RECAPTCHA_ERROR for a refused captcha. */
  @Post('contact')
  @HttpCode(201)
  @UseGuards(ContactThrottlerGuard)
  contact(@Site() site: SiteContext, @Req() req: Request, @Body() body: unknown) {
    return this.api.contact(site, req, body);
  }

  @Post('newsletter')
  @HttpCode(201)
  @UseGuards(ContactThrottlerGuard)
  newsletter(@Site() site: SiteContext, @Req() req: Request, @Body() body: unknown) {
    return this.api.newsletter(site, req, body);
  }
}
