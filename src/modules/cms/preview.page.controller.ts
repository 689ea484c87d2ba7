import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EditorialPage } from '../../../views/pages/EditorialPage';
import { Page, RouteParam, Site } from '../../common/page/page.decorator';
import { EditorGuard, LoginService } from '../auth';
import type { SiteContext } from '../shop';
import { EditorialService } from './editorial.service';

/**
 * `/preview/{id}` (SPEC §2.1, §2.2 "Preview mode loads a page by id"): the latest version of any page,
 * published or not, with a visible banner, noindex, never cached; editors only (anonymous visitors
 * are sent to the login page with the path to come back to).
 */
@Controller()
export class PreviewPageController {
  constructor(
    private readonly editorial: EditorialService,
    private readonly login: LoginService,
  ) {}

  @Page('preview', EditorialPage, { cache: false, notFound: 'page' })
  @UseGuards(EditorGuard)
  async show(
    @Site() site: SiteContext,
    @RouteParam('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const row = await this.editorial.byId(site, Number(id));
    return this.editorial.view(site, row, { preview: { logout: this.login.logoutForm(site, req, res) } });
  }
}
