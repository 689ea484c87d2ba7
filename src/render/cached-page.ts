import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import vary from 'vary';
import type { SiteContext } from '../common/site/site.types';
import { PageCache, type CachedPage } from './page-cache';
import { gzip as gzipAsync, gzipSync } from 'node:zlib';
import { PAGE_GZIP_LEVEL, spliceGzip, splicedLength, splicedResponse, type SplicedGzip } from './gzip-splice';
import { NONCE_PLACEHOLDER } from './render.service';
import { recordCache } from '../common/timing/request-timing';

/** Headers a cached page replays (content type, caching, language, variation): pages, robots.txt, sitemaps. */
const REPLAYED = ['Content-Type', 'Cache-Control', 'Vary', 'Content-Language'];

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
  const whole = Buffer.from(html, 'utf8');
  // Views of the one encoding, not copies: the page's bytes are held once.
  const buffers: Buffer[] = [];
  let from = 0;
  for (const at of placeholdersIn(whole)) {
    buffers.push(whole.subarray(from, at));
    from = at + PLACEHOLDER_BYTES.length;
  }
  buffers.push(whole.subarray(from));
  return {
    status: res.statusCode,
    headers,
    buffers,
    byteLength: whole.length - (buffers.length - 1) * PLACEHOLDER_BYTES.length,
  };
}

/** The placeholder as it is encoded in a page (ASCII: one byte a character). */
const PLACEHOLDER_BYTES = Buffer.from(NONCE_PLACEHOLDER, 'latin1');

/** Where the nonce placeholder starts in an encoded page, in order. */
function placeholdersIn(whole: Buffer): number[] {
  const found: number[] = [];
  for (
    let at = whole.indexOf(PLACEHOLDER_BYTES);
    at >= 0;
    at = whole.indexOf(PLACEHOLDER_BYTES, at + PLACEHOLDER_BYTES.length)
  )
    found.push(at);
  return found;
}

/**
 * A rendered page's bytes with this response's nonce. The page is encoded once and the nonce written
 * over the placeholder's bytes where they are the same length (every nonce of cspNonce()): a
 * `replaceAll` on the page's text first would copy the whole text again, ~1 ms for a list page of
 * 125 KB (its text is two bytes a character as soon as it holds one ’).
 */
export function withNonceBytes(html: string, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, 'latin1');
  if (nonceBytes.length !== PLACEHOLDER_BYTES.length || Buffer.byteLength(nonce, 'utf8') !== nonceBytes.length)
    return Buffer.from(html.replaceAll(NONCE_PLACEHOLDER, nonce), 'utf8');
  const whole = Buffer.from(html, 'utf8');
  for (const at of placeholdersIn(whole)) nonceBytes.copy(whole, at);
  return whole;
}

/** Smaller pages are sent as they are: compression would save less than it costs. */
const MIN_GZIP_BYTES = 1024;
/** The length of every nonce (cspNonce(): 16 random bytes in base64). */
const NONCE_LENGTH = 24;

const acceptCache = new Map<string, boolean>();

/** Whether an Accept-Encoding header takes gzip (not refused with q=0). Memoised: few distinct headers. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let accepted = acceptCache.get(header);
  if (accepted === undefined) {
    accepted = false;
    for (const entry of header.toLowerCase().split(',')) {
      const [coding, ...params] = entry.trim().split(';');
      if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue;
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      accepted = q === undefined || Number(q) > 0;
      if (coding !== '*') break;
    }
    if (acceptCache.size > 100) acceptCache.clear();
    acceptCache.set(header, accepted);
  }
  return accepted;
}

function gzipOf(page: CachedPage): SplicedGzip | null {
  if (page.gzip === undefined)
    page.gzip = page.byteLength < MIN_GZIP_BYTES ? null : spliceGzip(page.buffers, NONCE_LENGTH);
  return page.gzip;
}

/** A kept page as one response carries it: its encoding headers and its bytes, the nonce in place. */
export interface PageBody {
  /** `Content-Encoding` (gzip only) and `Content-Length`, flat: [name, value, …]. */
  headers: string[];
  /** Empty for HEAD. */
  chunks: Buffer[];
}

/**
 * The bytes of a kept page with this response's nonce: gzip when the client takes it, else as it is.
 * The first response compresses the whole page; replays use its spliced form (compressed once per
 * page, the nonce spliced in uncompressed, see gzip-splice.ts). No compression happens here after the
 * second response of a page.
 */
export function pageBody(page: CachedPage, nonce: string, acceptEncoding: string | undefined, head: boolean): PageBody {
  const nonceBytes = Buffer.from(nonce, 'latin1');
  const first = takesWholeGzip(page, acceptEncoding);
  page.answered = true;
  if (first) return wholeGzipBody(gzipSync(wholePage(page, nonceBytes), { level: PAGE_GZIP_LEVEL }), head);
  const gzip = nonceBytes.length === NONCE_LENGTH && acceptsGzip(acceptEncoding) ? gzipOf(page) : null;
  if (gzip)
    return {
      headers: ['Content-Encoding', 'gzip', 'Content-Length', String(splicedLength(gzip))],
      chunks: head ? [] : splicedResponse(gzip, nonceBytes),
    };
  return {
    headers: ['Content-Length', String(page.byteLength + nonceBytes.length * (page.buffers.length - 1))],
    chunks: head ? [] : withNonceChunks(page, nonceBytes),
  };
}

/**
 * Whether this response is the page's first and compressed: the response that rendered it (most cache
 * misses are never asked again: filter combinations, crawlers, caches off). It compresses the page with
 * its nonce in one gzip pass, half the cost of the spliced form, which is made when the page is
 * replayed.
 */
function takesWholeGzip(page: CachedPage, acceptEncoding: string | undefined): boolean {
  return !page.answered && page.gzip === undefined && page.byteLength >= MIN_GZIP_BYTES && acceptsGzip(acceptEncoding);
}

function wholePage(page: CachedPage, nonceBytes: Buffer): Buffer {
  return Buffer.concat(withNonceChunks(page, nonceBytes));
}

function wholeGzipBody(compressed: Buffer, head: boolean): PageBody {
  return {
    headers: ['Content-Encoding', 'gzip', 'Content-Length', String(compressed.length)],
    chunks: head ? [] : [compressed],
  };
}

/** The page's parts with the nonce between them. */
function withNonceChunks(page: CachedPage, nonceBytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  page.buffers.forEach((buffer, index) => {
    if (index > 0) chunks.push(nonceBytes);
    chunks.push(buffer);
  });
  return chunks;
}

/** The page's own bytes, prepared once, and the nonce between them: one corked write, no copy. */
export function writeBody(res: Response | ServerResponse, chunks: Buffer[]): void {
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  res.uncork();
}

/**
 * The headers of a kept page that are the same on every answer: the page's own, Content-Type when it
 * has none, and Vary: the page's own, else the one the site pipeline gave (`siteVary`), with
 * Accept-Encoding (the answer is gzip or not).
 */
export function keptPageHeaders(page: CachedPage, siteVary: string): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  let varies = siteVary;
  for (const [name, value] of page.headers) {
    if (name.toLowerCase() === 'vary') varies = value;
    else headers.push([name, value]);
  }
  if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
    headers.push(['Content-Type', 'text/html; charset=utf-8']);
  headers.push(['Vary', vary.append(varies, 'Accept-Encoding')]);
  return headers;
}

/** Writes a kept page with this response's nonce (pipeline): its status, its headers, its bytes. */
export function sendCachedPage(req: Request, res: Response, page: CachedPage, nonce: string): void {
  res.statusCode = page.status;
  for (const [name, value] of keptPageHeaders(page, String(res.getHeader('Vary') ?? ''))) res.setHeader(name, value);
  if (takesWholeGzip(page, req.headers['accept-encoding'])) {
    page.answered = true;
    return sendWhole(req, res, wholePage(page, Buffer.from(nonce, 'latin1')));
  }
  sendBody(res, pageBody(page, nonce, req.headers['accept-encoding'], req.method === 'HEAD'));
}

/** A body's headers, then its bytes. */
function sendBody(res: Response, body: PageBody): void {
  for (let i = 0; i < body.headers.length; i += 2) res.setHeader(body.headers[i], body.headers[i + 1]);
  writeBody(res, body.chunks);
}

/**
 * Answers a page rendered for this response that is not kept (page cache off, private or not a
 * 200): its headers are already on the response; the nonce goes in place, and no cached form is made.
 */
export function sendRenderedPage(req: Request, res: Response, html: string, nonce: string): void {
  if (res.getHeader('Content-Type') === undefined) res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', vary.append(String(res.getHeader('Vary') ?? ''), 'Accept-Encoding'));
  sendWhole(req, res, withNonceBytes(html, nonce));
}

/**
 * A page with its nonce, in one piece: gzip-compressed when the client takes it and it is worth it,
 * on libuv's thread pool (the event loop, which renders the next pages, does not wait).
 */
function sendWhole(req: Request, res: Response, whole: Buffer): void {
  const head = req.method === 'HEAD';
  const plain = () => {
    res.setHeader('Content-Length', String(whole.length));
    writeBody(res, head ? [] : [whole]);
  };
  if (whole.length < MIN_GZIP_BYTES || !acceptsGzip(req.headers['accept-encoding'])) return plain();
  gzipAsync(whole, { level: PAGE_GZIP_LEVEL }, (error, compressed) => {
    // Meanwhile the client may have gone, or the answer been given otherwise (a timeout's).
    if (res.headersSent || res.destroyed) return;
    if (error) return plain();
    sendBody(res, wholeGzipBody(compressed, head));
  });
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
    // What this request renders is kept only if no write happened meanwhile (PageCache.set).
    res.locals.pageEpoch = this.cache.epoch;
    const page = this.cache.getForReplay(pageCacheKey(req.site, req.originalUrl));
    if (!page) return next();
    replayPage(req, res, page);
  }
}

/** Answers with a kept page (the middleware above; the fast lane of page-replay-lane.ts writes its own). */
export function replayPage(req: Request, res: Response, page: CachedPage): void {
  recordCache('hit');
  sendCachedPage(req, res, page, res.locals.cspNonce ?? '');
}
