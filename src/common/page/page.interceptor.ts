import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { ComponentType } from 'react';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { pageCacheKey, sendCachedPage, sendRenderedPage, toCachedPage } from '../../render/cached-page';
import { PageCache, type CachedPage } from '../../render/page-cache';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { DomainException } from '../errors/domain.exception';
import { isPrivate, PRIVATE_NO_STORE } from '../http/private-response';
import { requestPath } from '../http/safe-redirect';
import { matchRoute } from '../../../contracts/route-table';
import { PAGE_METADATA, type PageDefinition } from './page-definition';
import { RouteMiddlewareRegistry } from './route-middleware.registry';
import { recordCache } from '../timing/request-timing';

export const DEFAULT_PAGE_MIDDLEWARE = ['seoRedirection', 'headersConfig'];

/**
 * The single render mechanism: named middleware, route check for the visitor's locale, page cache,
 * then the handler's view model rendered to HTML with the request's nonce.
 */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  private readonly logger = new Logger('PageCache');

  constructor(
    private readonly reflector: Reflector,
    private readonly render: RenderService,
    private readonly pageCache: PageCache,
    private readonly routeMiddleware: RouteMiddlewareRegistry,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<string> {
    return from(this.page(context, next));
  }

  private async page(context: ExecutionContext, next: CallHandler): Promise<string> {
    const definition = this.reflector.get<PageDefinition>(PAGE_METADATA, context.getHandler());
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    try {
      return await this.renderPage(definition, req, res, next);
    } catch (error) {
      // Stale if error (RFC 5861): the refresh of an expired page failed (database out of reach…);
      // the copy rendered earlier is sent, and kept, instead of the error page. Domain answers
      // (not found, redirects…) are answers, not failures.
      const stale =
        !(error instanceof DomainException) && req.site && reusable(definition, req, res)
          ? this.pageCache.staleOnError(pageCacheKey(req.site, req.originalUrl))
          : undefined;
      if (!stale) throw error;
      recordCache('stale');
      this.logger.warn(`${requestPath(req)}: sent the stale copy, the page failed: ${(error as Error)?.message}`);
      return sendThroughNest(req, res, stale);
    }
  }

  private async renderPage(
    definition: PageDefinition,
    req: Request,
    res: Response,
    next: CallHandler,
  ): Promise<string> {
    const site = req.site;
    if (!site) throw new Error('SiteMiddleware did not run');
    await this.routeMiddleware.run(definition.middleware ?? DEFAULT_PAGE_MIDDLEWARE, req, res);
    const params = matchRoute(definition.route, site.locale, requestPath(req));
    if (!params) throw definition.notFound === 'page' ? DomainException.pageNotFound() : DomainException.notFound();
    req.pageRoute = { name: definition.route, params };
    res.type('html');
    // A guard may have marked the response private already (markPrivate): it stays so.
    if (definition.cache === false || isPrivate(res)) res.setHeader('Cache-Control', PRIVATE_NO_STORE);
    else res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const view = await lastValueFrom(next.handle() as Observable<PageView>);
    if (view.status) res.status(view.status);
    const html = await this.render.renderPage(
      req,
      site,
      req.pageRoute,
      view,
      definition.component as ComponentType<object>,
    );
    if (!this.pageCache.keeps || !reusable(definition, req, res)) return sendRenderedThroughNest(req, res, html);
    const page = toCachedPage(html, res);
    // Later requests for this URL are answered by PageCacheMiddleware before the router.
    this.pageCache.set(pageCacheKey(site, req.originalUrl), page, res.locals.pageEpoch);
    return sendThroughNest(req, res, page);
  }
}

/** Whether the page may be kept for replay to other visitors (and served stale if it fails). */
function reusable(definition: PageDefinition, req: Request, res: Response): boolean {
  return definition.cache !== false && !isPrivate(res) && req.method === 'GET' && res.statusCode === 200;
}

/**
 * Nest sends what the interceptor returns with `res.send`: for this response, that writes the page
 * as the fast path does (its prepared bytes, gzip when accepted) and ignores the string, so none is
 * made (joining the page's text again would cost as much as encoding it).
 */
function sendThroughNest(req: Request, res: Response, page: CachedPage): string {
  const nonce = res.locals.cspNonce ?? '';
  res.send = function sendPage(this: Response) {
    sendCachedPage(req, this, page, nonce);
    return this;
  } as Response['send'];
  return '';
}

/** The same for a page that is not kept: written as it is, with no cached form made. */
function sendRenderedThroughNest(req: Request, res: Response, html: string): string {
  res.send = function sendPage(this: Response) {
    sendRenderedPage(req, this, html, res.locals.cspNonce ?? '');
    return this;
  } as Response['send'];
  return html;
}
