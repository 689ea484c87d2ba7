import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { sendRedirect } from '../../common/http/safe-redirect';
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
      const host = req.host;
      const { hostname, port } = splitHost(host);
      if (hostname.startsWith('www.') && (await this.shops.isKnownHost(hostname.slice(4)))) {
        return sendRedirect(res, 301, `${scheme}://${hostname.slice(4)}${port ? `:${port}` : ''}${req.originalUrl}`);
      }
      req.site = await this.shops.resolve(host, scheme, req.headers.accept);
      next();
    } catch (error) {
      next(error);
    }
  }
}
