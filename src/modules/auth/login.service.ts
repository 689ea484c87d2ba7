import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { LoginPageProps } from '../../../views/pages/LoginPage';
import type { LogoutPageProps } from '../../../views/pages/LogoutPage';
import type { LogoutFormProps } from '../../../views/components/LogoutForm';
import { buildPath } from '../../../contracts/route-table';
import { DomainException } from '../../common/errors/domain.exception';
import { readCookie } from '../../common/http/cookies';
import { CSRF_FIELD, CsrfService } from '../../common/security/csrf';
import type { SiteContext } from '../../common/site/site.types';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { AuthService } from './auth.service';
import { SESSION_COOKIE } from './auth.types';
import { readLoginForm } from './dto/login-form.dto';
import { LoginThrottle } from './login-throttle';
import { sameSitePath } from './redirect-target';

/**
 * The login and logout pages (issue 9): the form, its post (validation, rate limit, credentials,
 * session cookie, redirect) and the logout. The page is `noindex` and never cached (it carries the
 * visitor's CSRF token).
 */
@Injectable()
export class LoginService {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    private readonly csrf: CsrfService,
    private readonly render: RenderService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  form(site: SiteContext, req: Request, res: Response): PageView<LoginPageProps> {
    return this.loginView(site, req, res, { email: '', errors: {} });
  }

  /** The post: back to the form with its messages (400, 401, 429), or a 303 with the session cookie. */
  async submit(site: SiteContext, req: Request, res: Response): Promise<PageView<LoginPageProps>> {
    const { form, email, errors } = await readLoginForm(req.body);
    if (errors.email || errors.password) return this.loginView(site, req, res, { email, errors, status: 400 });
    const ip = req.ip ?? 'unknown';
    if (!(await this.throttle.admit(ip, form.email)))
      return this.loginView(site, req, res, { email, errors: {}, formError: 'auth.login.rate_limited', status: 429 });
    const editor = await this.auth.authenticate(form.email, form.password);
    if (!editor)
      return this.loginView(site, req, res, {
        email,
        errors: {},
        formError: 'auth.login.invalid_credentials',
        status: 401,
      });
    await this.throttle.succeeded(ip, form.email);
    // A session the browser still held ends: one browser, one session (and no fixation).
    await this.auth.closeSession(readCookie(req, SESSION_COOKIE));
    const session = await this.auth.openSession(editor);
    res.cookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.production,
      path: '/',
      maxAge: session.maxAgeMs,
    });
    throw DomainException.redirect(sameSitePath(req.query.redirect) ?? '/', 303);
  }

  logoutPage(site: SiteContext, req: Request, res: Response): PageView<LogoutPageProps> {
    return {
      head: { title: this.render.translator(site.locale)('auth.logout.title'), noindex: true },
      props: { form: this.logoutForm(site, req, res) },
    };
  }

  /** Ends the session of the request (if any), clears the cookie, and goes home. */
  async logout(req: Request, res: Response): Promise<never> {
    await this.auth.closeSession(readCookie(req, SESSION_COOKIE));
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.config.production, path: '/' });
    throw DomainException.redirect('/', 303);
  }

  /** A logout button for any page of a signed-in editor (the preview banner): render `<LogoutForm>`. */
  logoutForm(site: SiteContext, req: Request, res: Response): LogoutFormProps {
    return { action: buildPath('logout', site.locale), csrf: { field: CSRF_FIELD, token: this.csrf.token(req, res) } };
  }

  private loginView(
    site: SiteContext,
    req: Request,
    res: Response,
    state: Pick<LoginPageProps, 'email' | 'errors' | 'formError'> & { status?: number },
  ): PageView<LoginPageProps> {
    const redirect = sameSitePath(req.query.redirect);
    const action = buildPath('login', site.locale) + (redirect ? `?redirect=${encodeURIComponent(redirect)}` : '');
    return {
      head: { title: this.render.translator(site.locale)('auth.login.title'), noindex: true },
      status: state.status,
      props: {
        action,
        csrf: { field: CSRF_FIELD, token: this.csrf.token(req, res) },
        email: state.email,
        errors: state.errors,
        formError: state.formError,
      },
    };
  }
}
