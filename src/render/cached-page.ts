import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { SiteContext } from '../modules/shop/shop.types';
import { PageCache, type CachedPage } from './page-cache';
import { NONCE_PLACEHOLDER } from './render.service';

/** Headers a cached page replays (content type, caching, language, variation). */
const REPLAYED = ['Cache-Control', 'Vary', 'Content-Language'];

export function pageCacheKey(site: SiteContext, originalUrl: string): string {
  return `${site.origin}${originalUrl}`;
}

/** Keeps a rendered response for replay, split where each response's own nonce goes. */
export function toCachedPage(html: string, res: Response): CachedPage {
  const headers: Array<[string, string]> = [];
  for (const name of REPLAYED) {
    const value = res.getHeader(name);
    if (value !== undefined) headers.push([name, String(value)]);
  }
  const parts = html.split(NONCE_PLACEHOLDER);
  const buffers = parts.map((part) => Buffer.from(part, 'utf8'));
  return { status: res.statusCode, headers, parts, buffers, byteLength: buffers.reduce((n, b) => n + b.length, 0) };
}

export function withNonceParts(page: CachedPage, nonce: string): string {
  return page.parts.join(nonce);
}

/**
 * The fast path of the page cache: a GET for a URL rendered moments ago (page or 404) is answered
 * here, after the IP filter, the site resolution and the redirections, without going through the
 * router, the interceptors and React. Each answer still carries its own CSP nonce.
 */
@Injectable()
export class PageCacheMiddleware implements NestMiddleware {
  constructor(private readonly cache: PageCache) {}

  use(req: Request, res: Response, next: NextFunction): void {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.site) return next();
    const page = this.cache.getForReplay(pageCacheKey(req.site, req.originalUrl));
    if (!page) return next();
    const nonce = Buffer.from(res.locals.cspNonce ?? '', 'latin1');
    res.statusCode = page.status;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', page.byteLength + nonce.length * (page.buffers.length - 1));
    if (req.method === 'HEAD') return void res.end();
    // The page's own bytes, prepared once, and the nonce between them: one corked write, no copy.
    res.cork();
    page.buffers.forEach((buffer, index) => {
      if (index > 0) res.write(nonce);
      res.write(buffer);
    });
    res.end();
    res.uncork();
  }
}
