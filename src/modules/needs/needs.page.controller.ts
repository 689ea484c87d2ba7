import { Controller, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { NeedPage } from '../../../views/pages/NeedPage';
import { NeedsPage } from '../../../views/pages/NeedsPage';
import { Page, RouteParam, Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { NeedPageService } from './need-page.service';
import { NeedsService } from './needs.service';

const search = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at >= 0 ? req.originalUrl.slice(at) : '';
};

/** The needs list (with its search and the selector's server side) and the need detail pages. */
@Controller()
export class NeedsPageController {
  constructor(
    private readonly needs: NeedsService,
    private readonly needPage: NeedPageService,
  ) {}

  @Page('needs', NeedsPage)
  list(@Site() site: SiteContext, @Query() query: Record<string, unknown>) {
    return this.needs.listPage(site, query);
  }

  @Page('need', NeedPage)
  detail(@Site() site: SiteContext, @RouteParam('slug') slug: string, @Req() req: Request) {
    return this.needPage.page(site, slug, search(req));
  }
}
