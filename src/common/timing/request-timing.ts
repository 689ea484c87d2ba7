import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

/**
 * Where a request's time went, sent as `Server-Timing` on every answer (pages, API, errors, cached
 * pages): the database (`db`: time spent in queries and their number), React rendering (`render`),
 * the page cache (`cache`: hit or stale, when the answer was replayed) and the whole request in the
 * app (`app`). Browsers show it in their network panel; the bench reads it to split uncached time.
 *
 * Queries are counted by the Kysely `log` hook (database.ts), rendering by RenderService: both add to
 * the timing of the request in whose async context they run (AsyncLocalStorage). A query shared by
 * several requests (the read-model cache loads once for simultaneous misses) counts for the one that
 * ran it.
 */
export interface RequestTiming {
  /** process.hrtime.bigint() when the request reached the app. */
  readonly started: bigint;
  dbMs: number;
  queries: number;
  renderMs: number;
  cache?: 'hit' | 'stale';
  /** Values loaded once for this request (see `oncePerRequest`). */
  memo?: Map<string, Promise<unknown>>;
}

const storage = new AsyncLocalStorage<RequestTiming>();

/** Runs `next` with a fresh timing in scope and has `Server-Timing` written with the headers. */
export function withRequestTiming(res: ServerResponse, next: () => void): void {
  const timing: RequestTiming = { started: process.hrtime.bigint(), dbMs: 0, queries: 0, renderMs: 0 };
  const writeHead = res.writeHead;
  // Every way of answering ends in writeHead (explicit, or res.end's implicit headers), so the header
  // always describes the work done before the first byte went out.
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) this.setHeader('Server-Timing', serverTimingHeader(timing));
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
  storage.run(timing, next);
}

/**
 * Runs `work` outside any request: its queries count for no request (process-level upkeep a request
 * only set off, such as a background refresh, which no request waits for).
 */
export function outsideRequest<T>(work: () => T): T {
  return storage.exit(work);
}

/** The timing of the request being served here, if any (none at start-up, in CLI commands…). */
export function currentTiming(): RequestTiming | undefined {
  return storage.getStore();
}

/**
 * Loads `key` once for the request being served: later calls in the same request share the first
 * load (outside a request, every call loads). The read-model cache uses it when caching is off, so a
 * page that reads the same reference data from several places still queries it once.
 */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const timing = storage.getStore();
  if (!timing) return load();
  timing.memo ??= new Map();
  let pending = timing.memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    timing.memo.set(key, pending);
    // A failed load is not kept: a later call in the same request tries again.
    pending.catch(() => timing.memo?.delete(key));
  }
  return pending;
}

export function recordQuery(durationMs: number): void {
  const timing = storage.getStore();
  if (!timing) return;
  timing.queries += 1;
  timing.dbMs += durationMs;
}

export function recordRender(durationMs: number): void {
  const timing = storage.getStore();
  if (timing) timing.renderMs += durationMs;
}

export function recordCache(state: 'hit' | 'stale'): void {
  const timing = storage.getStore();
  if (timing) timing.cache = state;
}

const ms = (value: number) => (Math.round(value * 100) / 100).toString();

/** `db;dur=3.1;desc="4 queries", render;dur=2.4, app;dur=6.9` (RFC: Server Timing, W3C). */
export function serverTimingHeader(timing: RequestTiming, now = process.hrtime.bigint()): string {
  const metrics: string[] = [];
  if (timing.cache) metrics.push(`cache;desc=${timing.cache}`);
  metrics.push(`db;dur=${ms(timing.dbMs)};desc="${timing.queries} ${timing.queries === 1 ? 'query' : 'queries'}"`);
  if (timing.renderMs > 0) metrics.push(`render;dur=${ms(timing.renderMs)}`);
  metrics.push(`app;dur=${ms(Number(now - timing.started) / 1e6)}`);
  return metrics.join(', ');
}

/** Reads a Server-Timing header back (bench, tests): metric → { dur, desc }. */
export function parseServerTiming(header: string | undefined): Map<string, { dur?: number; desc?: string }> {
  const metrics = new Map<string, { dur?: number; desc?: string }>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const metric: { dur?: number; desc?: string } = {};
    for (const param of params) {
      const [key, raw = ''] = param.split('=');
      const value = raw.replace(/^"|"$/g, '');
      if (key.trim() === 'dur') metric.dur = Number(value);
      else if (key.trim() === 'desc') metric.desc = value;
    }
    metrics.set(name, metric);
  }
  return metrics;
}
