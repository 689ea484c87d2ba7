import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { buildPath, FALLBACK_LOCALE } from '../../../contracts/route-table';
import { DomainException } from '../../common/errors/domain.exception';
import { readCookie } from '../../common/http/cookies';
import { markPrivate } from '../../common/http/private-response';
import { requestPath, requestTarget } from '../../common/http/safe-redirect';
import { AuthService } from './auth.service';
import { SESSION_COOKIE, type AuthenticatedEditor } from './auth.types';

/**
 * Lets through requests with a live editor session (SPEC §2.1 "A guard redirects an unauthenticated
 * user to a login route with a redirect query holding the original path"). Any other page request
 * gets a 303 to the login page of the visitor's language, `?redirect=` holding the path and query it
 * asked for; under /api/ a 401 JSON answer. Either way the response is private: neither the page
 * cache nor a CDN keeps it (`Cache-Control: private, no-store`).
 *
 *   @Page('preview', PreviewPage)
 *   @UseGuards(EditorGuard)
 *   show(@RouteParam('id') id: string, @CurrentEditor() editor: AuthenticatedEditor) { … }
 */
@Injectable()
export class EditorGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    markPrivate(context.switchToHttp().getResponse<Response>());
    const editor = await this.auth.editorOf(readCookie(req, SESSION_COOKIE));
    if (editor) {
      req.editor = editor;
      return true;
    }
    if (requestPath(req).startsWith('/api/')) throw DomainException.unauthorized('An editor session is required');
    const login = buildPath('login', req.site?.locale ?? FALLBACK_LOCALE);
    throw DomainException.redirect(`${login}?redirect=${encodeURIComponent(requestTarget(req.originalUrl))}`, 303);
  }
}

/** The signed-in editor of a route behind EditorGuard. */
export const CurrentEditor = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): AuthenticatedEditor | undefined =>
    ctx.switchToHttp().getRequest<Request>().editor,
);
