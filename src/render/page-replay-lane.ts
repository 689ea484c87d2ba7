import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logging } from '../common/logging/logging';
import { requestIdOf } from '../common/logging/logging';
import { cspNonce } from '../common/http/request-context.middleware';
import type { SecurityHeaderSet } from '../common/security/security-headers';
import type { SiteContext } from '../common/site/site.types';
import { serverTimingHeader } from '../common/timing/request-timing';
import { keptPageHeaders, pageBody, pageCacheKey, writeBody } from './cached-page';
import type { CachedPage, PageCache } from './page-cache';

/**
 * What the fast lane asks, each answered by the very object the ordinary pipeline asks, from what it
 * holds in memory. Any "no" or "not known now" sends the request the ordinary way.
 */
export interface PageReplayLane {
  /** The request's site when it is known without waiting (host index held fresh). */
  siteNow(req: IncomingMessage): SiteContext | undefined;
  /** Whether it is known without waiting that no redirection rule applies (rules in memory, none matches). */
  noRedirectNow(site: SiteContext, method: string, url: string): boolean;
  /** Whether the IP filter lets the request through (the pipeline answers the refusal, its 401). */
  allowed(req: IncomingMessage): boolean;
  /** The client address as the pipeline reads it (req.ip: TRUST_PROXY hops of X-Forwarded-For). */
  clientIp(req: IncomingMessage): string | undefined;
  /** Once shutdown has begun the pipeline answers, with `Connection: close`. */
  draining(): boolean;
  /** The security middleware's headers, read from it once (security-headers.ts). */
  security: SecurityHeaderSet;
  /** The Vary fields the site pipeline adds to every answer of a site. */
  siteVary: readonly string[];
  logging: Logging;
  cache: PageCache;
}

/**
 * The fast lane of the page cache (docs/decisions.md, "Cached pages"): a GET or HEAD for a page kept
 * fresh in the page cache is answered by the server's request listener, before Express. It takes the
 * same decisions as the pipeline, from the same objects (IP filter, site from the host, redirection
 * rules, draining), and writes the same answer: the page's status and headers, helmet's headers read
 * from helmet once, the request id, Server-Timing, a fresh nonce in the policy and in the page, and
 * the access line. `test/e2e/page-replay-lane.e2e-spec.ts` holds the two answers equal, header for
 * header. What it skips is the cost of the general path for an answer known in advance: Express's
 * request and response prototypes (swapped in per request), its router, helmet's dozen middlewares
 * and per-header `setHeader` calls (the headers go out in one `writeHead`), the request's async
 * context and child logger (nothing waits here, and the access line is prepared only when its level
 * is on). Whatever it cannot decide from memory (a host index or redirection rules not held fresh, a
 * `www.` host, a rule that matches, an address the filter refuses, shutdown begun, an entry missing,
 * expired or stale, another method) takes the ordinary pipeline, untouched: stale-while-revalidate and
 * stale-if-error stay in PageCacheMiddleware.
 */
export function installPageReplayLane(server: Server, app: Express, lane: PageReplayLane): void {
  const listeners = server.listeners('request');
  if (listeners.length !== 1 || listeners[0] !== app)
    throw new Error('page replay lane: the server must have Express as its only request listener');
  server.removeListener('request', app);
  const headersOf = pageHeaders(lane);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let answered: boolean;
    try {
      answered = replayed(lane, headersOf, req, res);
    } catch (error) {
      // Not expected (what it writes was written once by the pipeline): before the first byte the
      // pipeline answers, from the start; after it, the connection is cut rather than the process.
      if (!res.headersSent) return void app(req, res);
      res.destroy(error as Error);
      return;
    }
    if (!answered) app(req, res);
  });
}

function replayed(
  lane: PageReplayLane,
  headersOf: (page: CachedPage) => readonly string[],
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const started = process.hrtime.bigint();
  const url = req.url ?? '/';
  const site = lane.siteNow(req);
  if (!site || site.hostname.startsWith('www.')) return false;
  const page = lane.cache.getFresh(pageCacheKey(site, url));
  if (!page || !lane.noRedirectNow(site, method, url) || !lane.allowed(req) || lane.draining()) return false;

  const nonce = cspNonce();
  const requestId = requestIdOf(req.headers);
  const body = pageBody(page, nonce, req.headers['accept-encoding'], method === 'HEAD');
  const { policyName, policy } = lane.security;
  const timing = { started, dbMs: 0, queries: 0, renderMs: 0, cache: 'hit' as const };
  res.writeHead(page.status, [
    ...headersOf(page),
    policyName,
    policy[0] + nonce + policy[1],
    'X-Request-Id',
    requestId,
    ...body.headers,
    'Server-Timing',
    serverTimingHeader(timing),
  ]);
  lane.logging.access(requestId, { method, originalUrl: url, ip: () => lane.clientIp(req) }, res, started);
  writeBody(res, body.chunks);
  return true;
}

/**
 * The headers of a kept page that are the same on every replay (the security headers, then the
 * page's: keptPageHeaders, the pipeline's own), flat, worked out once per page.
 */
function pageHeaders(lane: PageReplayLane): (page: CachedPage) => readonly string[] {
  const known = new WeakMap<CachedPage, readonly string[]>();
  const siteVary = lane.siteVary.join(', ');
  return (page) => {
    let headers = known.get(page);
    if (!headers) {
      headers = [...lane.security.fixed, ...keptPageHeaders(page, siteVary).flat()];
      known.set(page, headers);
    }
    return headers;
  };
}
