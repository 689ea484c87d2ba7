import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { DomainException } from '../errors/domain.exception';
import { readCookie } from '../http/cookies';

/** The hidden field every protected form carries. */
export const CSRF_FIELD = '_csrf';
/** The browser's random value, HttpOnly: page scripts never read it. */
export const CSRF_COOKIE = 'csrf';

/** 32 random bytes in base64url. */
const NONCE = /^[A-Za-z0-9_-]{43}$/;

/**
 * CSRF protection for the site's form posts, a signed double-submit token (OWASP "signed double
 * submit cookie"): the browser holds a random value in an HttpOnly SameSite=Lax cookie; the form
 * carries its HMAC under CSRF_SECRET in a hidden field. A post is accepted when the field is the
 * HMAC of the cookie that came with it. Another site can neither read the field (same-origin policy)
 * nor compute it for a cookie it managed to plant (it lacks the secret), and SameSite=Lax keeps the
 * cookie off cross-site posts anyway. Stateless: nothing is stored, every replica checks with the
 * shared secret.
 *
 * A form page: `csrf.token(req, res)` in its view model (the page must not be cached:
 * `@Page(…, { cache: false })`) rendered as `<input type="hidden" name={CSRF_FIELD} value={token}>`;
 * its POST handler: `@UseGuards(CsrfGuard)`, which answers 403 when the token is missing or wrong.
 */
@Injectable()
export class CsrfService {
  private readonly secret: string;
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secret = config.CSRF_SECRET;
    this.secure = config.production;
  }

  /** The hidden field's value for this browser; sets the cookie when the browser has none yet. */
  token(req: Request, res: Response): string {
    let nonce = readCookie(req, CSRF_COOKIE);
    if (!nonce || !NONCE.test(nonce)) {
      nonce = randomBytes(32).toString('base64url');
      // No Max-Age: a browser-session cookie, renewed by the next form page.
      res.cookie(CSRF_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' });
    }
    return this.sign(nonce);
  }

  /** Whether the posted field is the signature of the request's cookie (constant-time). */
  verify(req: Request): boolean {
    const nonce = readCookie(req, CSRF_COOKIE);
    const field: unknown = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
    if (!nonce || !NONCE.test(nonce) || typeof field !== 'string') return false;
    const expected = Buffer.from(this.sign(nonce));
    const given = Buffer.from(field);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.secret).update(`csrf:${nonce}`).digest('base64url');
  }
}

/** On a form's POST handler: 403 (the error page, or JSON under /api) without a valid token. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly csrf: CsrfService) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.csrf.verify(context.switchToHttp().getRequest<Request>()))
      throw DomainException.forbidden('Missing or invalid CSRF token');
    return true;
  }
}
