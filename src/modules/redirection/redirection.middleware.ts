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
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_PAGES.test(requestPath(req)) || !req.site) return next();
    try {
      const queryAt = req.originalUrl.indexOf('?');
      const search = queryAt >= 0 ? req.originalUrl.slice(queryAt) : '';
      const redirect = await this.redirections.find(req.site, req.site.hostname, requestPath(req), search);
      if (redirect) return sendRedirect(res, redirect.type, redirect.url);
      next();
    } catch (error) {
      next(error);
    }
  }
}
