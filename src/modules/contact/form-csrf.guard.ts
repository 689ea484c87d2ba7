import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { CsrfService } from '../../common/security/csrf';

const CSRF_REFUSED = Symbol('contact.csrfRefused');

/** Whether the post's CSRF token was refused (FormCsrfGuard): the flow answers the form again. */
export function isCsrfRefused(req: Request): boolean {
  return (req as Request & { [CSRF_REFUSED]?: boolean })[CSRF_REFUSED] === true;
}

/**
 * The CSRF check of the contact and newsletter page posts. The site-wide CsrfGuard answers a refused
 * post with the 403 page, which loses what the visitor typed, and the common cause here is innocent:
 * the browser-session cookie went away (the browser was closed and the tab restored, cookies
 * cleared). This guard marks the request instead, and the flow answers the form again (403) with the
 * values kept, a message and a fresh token; the post itself is still refused: nothing is stored.
 */
@Injectable()
export class FormCsrfGuard implements CanActivate {
  constructor(private readonly csrf: CsrfService) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!this.csrf.verify(req)) (req as Request & { [CSRF_REFUSED]?: boolean })[CSRF_REFUSED] = true;
    return true;
  }
}
