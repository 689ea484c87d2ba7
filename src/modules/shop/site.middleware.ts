import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { sameTargetOn, sendRedirect } from '../../common/http/safe-redirect';
import { ShopService, splitHost } from './shop.service';

/**
 * SPEC §4 start order, first steps: shop and locale from the host (default shop 1, fr). A `www.` host
 * of a site we serve answers 301 to the bare host (SPEC §2.1).
 */
@Injectable()
export class SiteMiddleware implements NestMiddleware {
  constructor(private readonly shops: ShopService) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      const scheme = req.protocol === 'https' ? 'https' : 'http';
      // Not Express's req.host, which believes any client's X-Forwarded-Host once TRUST_PROXY is set.
      const host = this.shops.hostOf(req);
      const { hostname, port } = splitHost(host);
      this.shops.varyOnSite(res);
      if (hostname.startsWith('www.') && (await this.shops.isKnownHost(hostname.slice(4)))) {
        // The path only: a request target in absolute form (GET http://evil.example/) keeps our host.
        const origin = `${scheme}://${hostname.slice(4)}${port ? `:${port}` : ''}`;
        return sendRedirect(res, 301, sameTargetOn(origin, req.originalUrl));
      }
      req.site = await this.shops.resolve(host, scheme, req.headers.accept);
      next();
    } catch (error) {
      next(error);
    }
  }
}
