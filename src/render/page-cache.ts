import { Inject, Injectable, Optional } from '@nestjs/common';
import { ContentGenerations } from '../cache/content-generations';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import type { SplicedGzip } from './gzip-splice';

interface Entry<T> {
  value: T;
  expires: number;
  /** Bytes of memory it holds, as `weighPage` counts them. */
  bytes: number;
  /** When a request was let through to render a fresh copy of this stale entry. */
  refreshingSince?: number;
  /** The last refresh failed (database out of reach): the stale copy is served until one succeeds. */
  failing?: boolean;
}

/** How long past its time to live an entry may still be served while one request refreshes it. */
const STALE_FACTOR = 10;
/**
 * A refresh that has not stored its result by then (it failed) may be tried by another request (or
 * after the time to live, when that is shorter).
 */
const REFRESH_TIMEOUT_MS = 10_000;
/**
 * How long past its time to live an entry is kept to answer in place of an error (RFC 5861
 * stale-if-error): a day-old page is better than an error page while the database is down.
 */
export const STALE_IF_ERROR_MS = 24 * 3600 * 1000;

/** A rendered response ready to replay: the HTML is split where the per-response nonce goes. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** The page encoded once, in parts between its nonces, written as they are (no per-response encoding). */
  buffers: Buffer[];
  /** Bytes of the page without its nonces, and how many nonces it carries. */
  byteLength: number;
  /** The gzip form, compressed on first use (see gzip-splice.ts); null: not worth compressing. */
  gzip?: SplicedGzip | null;
  /** Whether a response carried the page already (the first one is compressed whole, see pageBody). */
  answered?: boolean;
}

const MAX_ENTRIES = 500;
/**
 * URLs answered with a page kept under another key (an unknown URL's 404: one rendering per site),
 * kept apart so that a crawler's stream of unknown URLs never pushes out the pages visitors ask for.
 */
const MAX_ALIASES = 2000;

/**
 * The memory a kept page holds: its HTML once, as UTF-8 bytes, and the gzip form its first replay
 * adds (about a fifth of it for HTML; counted up front, since it comes after the page is kept).
 * Other values (the specs' strings): their length.
 */
function weighPage(value: unknown): number {
  if (typeof value === 'string') return value.length;
  const page = value as Partial<CachedPage>;
  return Math.ceil((page.byteLength ?? 0) * 1.2);
}

/**
 * Rendered anonymous pages kept in process memory for PAGE_CACHE_TTL_SECONDS, least recently used
 * first out, bounded both in number (500) and in bytes (PAGE_CACHE_MAX_MB): a flood of distinct URLs
 * cannot grow it, however large its pages (500 pages of 140 KB weigh about 84 MB). The HTML
 * holds the nonce placeholder, so each response still gets its own CSP nonce. Derived data only: no
 * replica needs another's.
 */
@Injectable()
export class PageCache<T = CachedPage> {
  private readonly entries = new Map<string, Entry<T>>();
  /** See `alias`: fresh only, least recently set first out; a key and a reference each. */
  private readonly aliases = new Map<string, { value: T; expires: number }>();
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  /** The sum of the entries' `bytes`. */
  private bytes = 0;
  /** After this long another request may refresh a stale entry: 10 s, or the time to live if shorter. */
  private readonly refreshTimeoutMs: number;

  /**
   * Incremented at each new content generation (a write, on any replica): a page whose rendering
   * began under an older epoch is not kept (it may show the content before the write).
   */
  private currentEpoch = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Optional() generations?: ContentGenerations) {
    this.ttlMs = config.PAGE_CACHE_TTL_SECONDS * 1000;
    this.maxBytes = config.PAGE_CACHE_MAX_MB * 1024 * 1024;
    this.refreshTimeoutMs = Math.min(REFRESH_TIMEOUT_MS, Math.max(this.ttlMs, 1000));
    // Every page shows content of every domain (the shell: settings and menus): any write drops them
    // all, stale copies included (they must not be served while a fresh one renders).
    generations?.onChange(() => {
      this.currentEpoch++;
      this.clear();
    });
  }

  /** Whether pages are kept at all (PAGE_CACHE_TTL_SECONDS > 0). */
  get keeps(): boolean {
    return this.ttlMs > 0;
  }

  /** The epoch a rendering starts under (see `set`). */
  get epoch(): number {
    return this.currentEpoch;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * A fresh entry, or undefined (missing, expired or stale: the caller takes the ordinary path, where
   * `getForReplay` decides who refreshes it). For the fast lane (page-replay-lane.ts): no side effect
   * but the recency of use.
   */
  getFresh(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expires >= Date.now() ? this.touch(key, entry) : this.aliased(key);
  }

  /** The page an alias names while it is fresh (an expired one is dropped: the next request renders). */
  private aliased(key: string): T | undefined {
    const alias = this.aliases.get(key);
    if (!alias) return undefined;
    if (alias.expires >= Date.now()) return alias.value;
    this.aliases.delete(key);
    return undefined;
  }

  /**
   * For the replay fast path: a fresh entry; or, once it has expired, the stale entry for every request
   * but one, which is let through (undefined) to render the new copy: a hot page that expires costs one
   * render, not one per waiting visitor (stale-while-revalidate with a single refresh). Past ten times
   * its time to live a stale entry is no longer served while revalidating, unless its refresh failed
   * (stale-if-error, see `staleOnError`): then one request tries again every 10 s (or time to live).
   */
  getForReplay(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return this.aliased(key);
    const now = Date.now();
    if (entry.expires >= now) return this.touch(key, entry);
    const age = now - entry.expires;
    if (age > STALE_IF_ERROR_MS) {
      this.remove(key, entry);
      return undefined;
    }
    if (entry.refreshingSince === undefined || now - entry.refreshingSince > this.refreshTimeoutMs) {
      entry.refreshingSince = now;
      return undefined;
    }
    return entry.failing || age <= this.ttlMs * STALE_FACTOR ? this.touch(key, entry) : undefined;
  }

  /**
   * The stale copy to send instead of an error when rendering this key failed (RFC 5861
   * stale-if-error), kept until a render succeeds or it is older than STALE_IF_ERROR_MS; the next
   * attempt to refresh it is in 10 s or the time to live if shorter (until then `getForReplay` serves it).
   */
  staleOnError(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (now - entry.expires > STALE_IF_ERROR_MS) return undefined;
    entry.failing = true;
    entry.refreshingSince = now;
    return this.touch(key, entry);
  }

  private touch(key: string, entry: Entry<T>): T {
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps a page; `since`: the epoch its rendering began under (a page of an older one is not kept).
   * The least recently used pages make room; a page larger than the whole budget is not kept.
   */
  set(key: string, value: T, since?: number): void {
    if (this.ttlMs <= 0) return;
    if (since !== undefined && since !== this.currentEpoch) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const bytes = weighPage(value);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, bytes });
    this.bytes += bytes;
    while (this.entries.size > MAX_ENTRIES || this.bytes > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry<T>];
      this.remove(oldest, entry);
    }
  }

  /**
   * Answers `key` with a value kept elsewhere (the shared 404 page of an unknown URL) for the time to
   * live: it weighs nothing against PAGE_CACHE_MAX_MB and takes no place among the 500 pages; at most
   * 2,000 aliases, the oldest out first. `since`: as for `set`.
   */
  alias(key: string, value: T, since?: number): void {
    if (this.ttlMs <= 0) return;
    if (since !== undefined && since !== this.currentEpoch) return;
    this.aliases.delete(key);
    this.aliases.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.aliases.size > MAX_ALIASES) this.aliases.delete(this.aliases.keys().next().value as string);
  }

  /** Bytes the kept pages hold, as counted against PAGE_CACHE_MAX_MB. */
  get size(): { entries: number; bytes: number; aliases: number } {
    return { entries: this.entries.size, bytes: this.bytes, aliases: this.aliases.size };
  }

  clear(): void {
    this.entries.clear();
    this.aliases.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
