import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { requestPath, sendRedirect } from '../../common/http/safe-redirect';
import { RedirectionService } from './redirection.service';

const NOT_PAGES = /^\/(api|health|assets|media)(\/|$)/;

/** Redirection rules before any page renders (SPEC §2.1, §4 start order). */
@Injectable()
export class RedirectionMiddleware implements NestMiddleware {
  constructor(private readonly redirections: RedirectionService) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (!applies(req)) return next();
    try {
      const redirect = await this.redirections.find(req.site, req.site.hostname, requestPath(req), searchOf(req));
      if (redirect) return sendRedirect(res, redirect.type, redirect.url);
      next();
    } catch (error) {
      next(error);
    }
  }

  /**
   * Whether it is known, without waiting, that no rule redirects this request (the page cache's fast
   * lane, which reads the request target before Express); false also when the rules are not in memory.
   */
  noneNow(site: NonNullable<Request['site']>, method: string, originalUrl: string): boolean {
    const req = { method, site, originalUrl };
    if (!applies(req)) return true;
    return this.redirections.findNow(site, site.hostname, requestPath(req), searchOf(req)) === null;
  }
}

type Target = Pick<Request, 'method' | 'site' | 'originalUrl'>;

function applies<T extends Target>(req: T): req is T & { site: NonNullable<Request['site']> } {
  return (req.method === 'GET' || req.method === 'HEAD') && !!req.site && !NOT_PAGES.test(requestPath(req));
}

function searchOf(req: Target): string {
  const queryAt = req.originalUrl.indexOf('?');
  return queryAt >= 0 ? req.originalUrl.slice(queryAt) : '';
}
