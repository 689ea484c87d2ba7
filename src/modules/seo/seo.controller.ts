import { Controller, Get, Next, Param, Req, Res } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { PageCache } from '../../render/page-cache';
import { pageCacheKey, toCachedPage } from '../../render/cached-page';
import { DomainException } from '../../common/errors/domain.exception';
import type { SiteContext } from '../shop';
import { robotsTxt } from './robots';
import { SITEMAP_TYPES, SitemapService, type SitemapType } from './sitemap.service';
import { parseSitemapFile } from './sitemap-xml';

/** The pages' caching: a CDN keeps it a minute and serves it stale while it refreshes. */
const PUBLIC_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** A sitemap up to this size is kept in the page cache (replayed like a page); larger ones are streamed. */
const CACHEABLE_BYTES = 1024 * 1024;

/** robots.txt and the sitemaps of the request's host (SPEC: "Found by search engines"). */
@Controller()
export class SeoController {
  constructor(
    private readonly sitemaps: SitemapService,
    private readonly pageCache: PageCache,
  ) {}

  @Get('robots.txt')
  robots(@Req() req: Request, @Res() res: Response): void {
    const site = siteOf(req);
    this.send(req, res, 'text/plain; charset=utf-8', robotsTxt(site.origin));
  }

  @Get('sitemap.xml')
  async index(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.send(req, res, 'application/xml; charset=utf-8', await this.sitemaps.index(siteOf(req)));
  }

  @Get('sitemap-:file')
  async sitemap(
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
    @Next() next: NextFunction,
  ): Promise<void> {
    const site = siteOf(req);
    const name = parseSitemapFile(`sitemap-${file}`, SITEMAP_TYPES);
    // Any other such path may be a CMS page: the catch-all route further down answers it.
    if (!name) return next();
    const parts = await this.sitemaps.sitemap(site, name.type as SitemapType, name.part);
    if (!parts) throw DomainException.notFound();
    res.status(200).type('application/xml; charset=utf-8').setHeader('Cache-Control', PUBLIC_CACHE);
    res.vary('Accept-Encoding');
    // The parts are kept for the page cache only while the file may still fit in it (1 MB): a larger
    // file is never held whole, whatever its size (17 MB for 50,000 pharmacies).
    let kept: string[] | null = [];
    let size = 0;
    for await (const part of parts) {
      size += Buffer.byteLength(part);
      if (kept && size <= CACHEABLE_BYTES) kept.push(part);
      else kept = null;
      if (!res.write(part)) await drainedOrClosed(res);
      // The client left: stop reading rows (leaving the loop closes the database stream).
      if (res.destroyed) return;
    }
    res.end();
    if (kept)
      this.pageCache.set(pageCacheKey(site, req.originalUrl), toCachedPage(kept.join(''), res), res.locals.pageEpoch);
  }

  private send(req: Request, res: Response, type: string, body: string): void {
    res.status(200).type(type).setHeader('Cache-Control', PUBLIC_CACHE);
    // Replayed by the page cache's fast path until it expires, like a page.
    this.pageCache.set(pageCacheKey(siteOf(req), req.originalUrl), toCachedPage(body, res), res.locals.pageEpoch);
    res.send(body);
  }
}

function siteOf(req: Request): SiteContext {
  if (!req.site) throw new Error('SiteMiddleware did not run');
  return req.site;
}

/** Waits until the socket takes more data, or is gone (a client that leaves never drains). */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
