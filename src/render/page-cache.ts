import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config';

interface Entry<T> {
  value: T;
  expires: number;
  /** When a request was let through to render a fresh copy of this stale entry. */
  refreshingSince?: number;
}

/** How long past its time to live an entry may still be served while one request refreshes it. */
const STALE_FACTOR = 10;
/** A refresh that has not stored its result by then (it failed) may be tried by another request. */
const REFRESH_TIMEOUT_MS = 10_000;

/** A rendered response ready to replay: the HTML is split where the per-response nonce goes. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  parts: string[];
  /** The same parts encoded once, written as they are (no per-response encoding of the page). */
  buffers: Buffer[];
  /** Bytes of the page without its nonces, and how many nonces it carries. */
  byteLength: number;
}

const MAX_ENTRIES = 500;

/**
 * Rendered anonymous pages kept in process memory for PAGE_CACHE_TTL_SECONDS, least recently used
 * first out (bounded: a flood of distinct URLs cannot grow it). The HTML holds the nonce placeholder,
 * so each response still gets its own CSP nonce. Derived data only: no replica needs another's.
 */
@Injectable()
export class PageCache<T = CachedPage> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.ttlMs = config.PAGE_CACHE_TTL_SECONDS * 1000;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * For the replay fast path: a fresh entry; or, once it has expired, the stale entry for every request
   * but one, which is let through (undefined) to render the new copy: a hot page that expires costs one
   * render, not one per waiting visitor (stale-while-revalidate with a single refresh).
   */
  getForReplay(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.expires >= now) return this.touch(key, entry);
    if (now - entry.expires > this.ttlMs * STALE_FACTOR) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.refreshingSince === undefined || now - entry.refreshingSince > REFRESH_TIMEOUT_MS) {
      entry.refreshingSince = now;
      return undefined;
    }
    return this.touch(key, entry);
  }

  private touch(key: string, entry: Entry<T>): T {
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}
