import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { SiteContext } from '../common/site/site.types';
import { pageCacheKey, replayPage } from './cached-page';
import type { PageCache } from './page-cache';

/** What the fast lane runs and asks, each the very function the ordinary pipeline uses. */
export interface PageReplayLane {
  /**
   * The middlewares before the site pipeline, in their order (request context, IP filter, connection
   * draining, security headers). Each is synchronous: it calls `next` or answers (the IP filter's 401).
   */
  front: RequestHandler[];
  /** The request's site when it is known without waiting; undefined sends the request the ordinary way. */
  siteNow(req: Request): SiteContext | undefined;
  /** Whether it is known without waiting that no redirection rule applies (rules in memory, none matches). */
  noRedirectNow(req: Request): boolean;
  /** What the site pipeline adds to every answer of a site (its Vary headers). */
  onSite(res: Response): void;
  cache: PageCache;
}

/**
 * The fast lane of the page cache (docs/decisions.md, "Cached pages"): a GET or HEAD for a page kept
 * fresh in the page cache is answered before Express's router, by the same middlewares in the same
 * order, the same site and redirection decisions (taken from memory), then the page. What it skips is
 * the router itself (matching a dozen layers, a tick per `next`), Nest's wrappers and the waits of the
 * async site and redirection middlewares; the static files are not asked (a kept page is never one of
 * their paths). Whatever it cannot decide from memory (a host index or redirection rules not held
 * fresh, a `www.` host, a rule that matches, an entry missing, expired or stale, another method)
 * takes the ordinary pipeline, untouched: stale-while-revalidate and stale-if-error stay in
 * PageCacheMiddleware.
 */
export function installPageReplayLane(server: Server, app: Express, lane: PageReplayLane): void {
  const listeners = server.listeners('request');
  if (listeners.length !== 1 || listeners[0] !== app)
    throw new Error('page replay lane: the server must have Express as its only request listener');
  server.removeListener('request', app);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!replayed(app, lane, req, res)) app(req, res);
  });
}

function replayed(app: Express, lane: PageReplayLane, incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') return false;
  // What Express's app.handle does first (its request and response prototypes: req.ip, req.path,
  // res.vary…); it does it again, harmlessly, when the request goes on its way.
  const req = Object.setPrototypeOf(incoming, app.request as object) as Request;
  const res = Object.setPrototypeOf(outgoing, app.response as object) as Response;
  req.res = res;
  res.req = req;
  req.originalUrl = req.url;
  const site = lane.siteNow(req);
  if (!site || site.hostname.startsWith('www.')) return false;
  req.site = site;
  const page = lane.cache.getFresh(pageCacheKey(site, req.originalUrl));
  if (!page || !lane.noRedirectNow(req)) return false;
  res.locals ??= Object.create(null) as Response['locals'];
  let step = 0;
  const next = (error?: unknown): void => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const middleware = lane.front[step++];
    if (middleware) return void middleware(req, res, next);
    lane.onSite(res);
    replayPage(req, res, page);
  };
  try {
    next();
  } catch (error) {
    // Not expected (the front middlewares do not fail): the ordinary pipeline answers, from the start.
    if (res.headersSent) res.destroy(error as Error);
    else return false;
  }
  return true;
}
