import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LoginPage } from '../../../views/pages/LoginPage';
import { LogoutPage } from '../../../views/pages/LogoutPage';
import { Page, Site } from '../../common/page/page.decorator';
import { CsrfGuard } from '../../common/security/csrf';
import type { SiteContext } from '../../common/site/site.types';
import { LoginService } from './login.service';

/** Login and logout (issue 9): forms that post to their own path, never cached. */
@Controller()
export class LoginPageController {
  constructor(private readonly login: LoginService) {}

  @Page('login', LoginPage, { cache: false })
  form(@Site() site: SiteContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.login.form(site, req, res);
  }

  @Page('login', LoginPage, { cache: false, method: 'POST' })
  @UseGuards(CsrfGuard)
  submit(@Site() site: SiteContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.login.submit(site, req, res);
  }

  @Page('logout', LogoutPage, { cache: false })
  logoutPage(@Site() site: SiteContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.login.logoutPage(site, req, res);
  }

  @Page('logout', LogoutPage, { cache: false, method: 'POST' })
  @UseGuards(CsrfGuard)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.login.logout(req, res);
  }
}
