import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { IP_NOT_ALLOWED_TEXT } from '../errors/domain.exception';
import { isProbeRequest } from '../http/probe-paths';
import { IpFilterService } from './ip-filter.service';

/**
 * Runs before everything else but the request id (docs/operations.md: a Nest guard would run after
 * middleware and only on matched routes, letting redirects, 404 pages and assets through).
 * The client address is `req.ip`, which honours only TRUST_PROXY hops of X-Forwarded-For.
 * Health probes are exempt: the load balancer must reach them whatever the allow list says. Exactly
 * GET/HEAD on those two paths: a prefix test would also exempt `/health/anything`, and any other
 * method would reach the 404 page, which the catch-all CMS route or the site shell serves to anyone.
 */
@Injectable()
export class IpFilterMiddleware implements NestMiddleware {
  constructor(private readonly filter: IpFilterService) {}

  use(req: Request, res: Response, next: NextFunction): void {
    if (isProbeRequest(req) || this.filter.isAllowed(req.ip)) return next();
    res.status(401).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-store');
    res.send(IP_NOT_ALLOWED_TEXT);
  }
}
