import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainException } from '../errors/domain.exception';
import { requestPath, requestTarget, samePath } from '../http/safe-redirect';

export type RouteMiddleware = (req: Request, res: Response) => void | Promise<void>;

/**
 * Named route middleware (SPEC §2.1): a page lists names, each resolved here at request time; an
 * unknown name is a 500 'Unknown middleware {name}'.
 */
@Injectable()
export class RouteMiddlewareRegistry {
  private readonly handlers = new Map<string, RouteMiddleware>([
    ['seoRedirection', seoRedirection],
    ['headersConfig', headersConfig],
  ]);

  register(name: string, handler: RouteMiddleware): void {
    this.handlers.set(name, handler);
  }

  async run(names: readonly string[], req: Request, res: Response): Promise<void> {
    for (const name of names) {
      const handler = this.handlers.get(name);
      if (!handler) throw DomainException.unknownMiddleware(name);
      await handler(req, res);
    }
  }
}

/** One URL per page: a trailing slash or capitals answer 301 to the lower-case path without it. */
function seoRedirection(req: Request): void {
  const path = requestPath(req);
  if (path === '/') return;
  // samePath: "//host/Page/" is a path here, and its canonical form must not become "//host/page".
  let canonical = samePath(path.replace(/\/+$/, ''));
  if (/[A-Z]/.test(canonical) && !canonical.includes('/-r--')) canonical = canonical.toLowerCase();
  if (canonical !== path) {
    const query = requestTarget(req.originalUrl).slice(path.length);
    throw DomainException.redirect(canonical + query, 301);
  }
}

/** Pages vary with the Accept header (WebP) and say their language. */
function headersConfig(req: Request, res: Response): void {
  // Appended: the site middleware may already vary on the proxy headers that chose the site.
  res.vary('Accept');
  if (req.site) res.setHeader('Content-Language', `${req.site.locale}-${req.site.shop.code.toUpperCase()}`);
}
