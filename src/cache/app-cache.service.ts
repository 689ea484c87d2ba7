import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import type { Cache } from 'cache-manager';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { isDatabaseUnavailable } from '../database/database';
import { oncePerRequest } from '../common/timing/request-timing';
import { ContentGenerations, domainOf } from './content-generations';

const L1_TTL_MS = 5000;
const L1_MAX_ENTRIES = 2000;
/** Counters kept in process (no Redis, or Redis failing): a bound, oldest window first out. */
const LOCAL_COUNTERS_MAX = 10000;

/**
 * Adds to a counter and starts its window on the first hit, in one step on the Redis server: two
 * replicas counting at the same moment both see the other's hit (no read-then-write race).
 */
const COUNT_SCRIPT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return n`;

/** The part of the node-redis client `count` uses. */
interface CounterClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}
/** The part of @keyv/redis's store `count` uses (its client and key prefix). */
interface RedisKeyvStore {
  getClient(): Promise<CounterClient>;
  createKeyPrefix(key: string, namespace?: string): string;
  namespace?: string;
}

interface Boxed<T> {
  v: T;
}

/**
 * Read-model cache over `@nestjs/cache-manager` (memory by default, Redis with REDIS_URL).
 * `getOrSet` coalesces concurrent misses: a cold key costs one load however many requests want it.
 * A cache failure never fails a page: the value is loaded from the source instead. Values must be
 * JSON-safe (they may travel through Redis).
 * Hot keys are also held in process for a few seconds (L1), so a page does not pay a store round
 * trip (a Redis hop with REDIS_URL) for the shop, menus or rules it reads on every request; a value
 * changed in the store is seen by every replica within L1_TTL_MS.
 *
 * When the database is out of reach, the last value this process held for the key is
 * served instead (stale if error), so pages that only need cached read models keep working.
 *
 * A store outage (Redis down) is logged once when the first call fails (warn) and once when a call
 * works again (info), not once per failed call: during an outage every page makes several.
 */
@Injectable()
export class AppCache implements OnApplicationShutdown {
  private readonly logger = new Logger(AppCache.name);
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly local = new Map<string, { v: unknown; until: number }>();
  private readonly counters = new Map<string, { n: number; until: number }>();

  private readonly enabled: boolean;
  /** Whether the last store call failed (an outage is under way). */
  private storeDown = false;

  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly generations?: ContentGenerations,
  ) {
    // A new content generation: what this process holds of the old one is dropped at once (the
    // store's entries are simply no longer asked for: their keys name the old generation).
    generations?.onChange(() => this.local.clear());
    // CACHE_TTL_SECONDS=0 turns read-model caching off (every read goes to the database):
    // used to measure the database path (bench/ size runs) and to debug content.
    this.enabled = config.CACHE_TTL_SECONDS > 0;
  }

  /**
   * The value of `name`, loaded once when missing. `options.shareAbsent: false` (look-ups by a
   * visitor's URL: a slug) keeps a `null` result in process only (L1, a few seconds, bounded), not in
   * the store: a crawler's stream of URLs that name nothing would otherwise fill the store with one
   * entry each and push out the read models pages need (the absent look-up is one indexed query).
   */
  async getOrSet<T>(
    name: string,
    load: () => Promise<T>,
    ttlSeconds?: number,
    options?: { shareAbsent?: boolean },
  ): Promise<T> {
    const key = this.qualified(name);
    // Caching off (tests, the bench's uncached run): nothing is kept across requests, but one request
    // still loads each key once.
    if (!this.enabled) return oncePerRequest(key, load);
    const near = this.local.get(key);
    if (near && near.until > Date.now()) return near.v as T;
    const hit = await this.safeGet<T>(key);
    if (hit) {
      this.remember(key, hit.v, ttlSeconds);
      return hit.v;
    }
    const pending = this.inflight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const loading = (async () => {
      try {
        const value = await load();
        if (value !== null || options?.shareAbsent !== false) await this.safeSet(key, { v: value }, ttlSeconds);
        this.remember(key, value, ttlSeconds);
        return value;
      } catch (error) {
        // Stale if error: the database is out of reach, the last value this process had is served,
        // and the source is tried again for this key after L1_TTL_MS, not on every request.
        const stale = isDatabaseUnavailable(error) ? this.local.get(key) : undefined;
        if (!stale) throw error;
        stale.until = Date.now() + L1_TTL_MS;
        return stale.v as T;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, loading);
    return loading;
  }

  /** The cached value of `key`, without loading it (undefined when absent, or caching is off). */
  async peek<T>(name: string): Promise<T | undefined> {
    if (!this.enabled) return undefined;
    const key = this.qualified(name);
    const near = this.local.get(key);
    if (near && near.until > Date.now()) return near.v as T;
    return (await this.safeGet<T>(key))?.v;
  }

  /**
   * The value this process holds fresh for `key` (its in-process copy), without waiting: undefined
   * when it holds none (then `getOrSet` or `peek` ask the store). For the page cache's fast lane.
   */
  peekNow<T>(name: string): T | undefined {
    if (!this.enabled) return undefined;
    const near = this.local.get(this.qualified(name));
    return near && near.until > Date.now() ? (near.v as T) : undefined;
  }

  /** Replaces the cached value of `key` (a background refresh); a store failure is logged, never thrown. */
  async set<T>(name: string, value: T, ttlSeconds?: number): Promise<void> {
    if (!this.enabled) return;
    const key = this.qualified(name);
    await this.safeSet(key, { v: value }, ttlSeconds);
    this.remember(key, value, ttlSeconds);
  }

  /**
   * The key under the current generation of its domain (`content@7:product:…`): a value loaded
   * under an older generation is stored under the older key, where no reader looks any more.
   */
  private qualified(name: string): string {
    const domain = this.generations ? domainOf(name) : null;
    return domain ? `${domain}@${this.generations!.generation(domain)}:${name}` : name;
  }

  /**
   * The in-process copy. An expired entry is kept (bounded, oldest written first out) as the value to
   * serve if the source fails (see getOrSet).
   */
  private remember(key: string, value: unknown, ttlSeconds?: number): void {
    const ttl = Math.min(L1_TTL_MS, (ttlSeconds ?? Infinity) * 1000);
    if (ttl <= 0) return;
    this.local.delete(key);
    if (this.local.size >= L1_MAX_ENTRIES) this.local.delete(this.local.keys().next().value as string);
    this.local.set(key, { v: value, until: Date.now() + ttl });
  }

  async delete(name: string): Promise<void> {
    const key = this.qualified(name);
    this.local.delete(key);
    try {
      await this.cache.del(key);
      this.storeWorked();
    } catch (error) {
      this.storeFailed(error);
    }
  }

  /**
   * Adds `delta` to the counter `key` and returns its new value; the counter disappears
   * `windowSeconds` after its first hit (a fixed window: rate limits). Whatever the cache TTL
   * setting. With REDIS_URL the counter is shared by every replica and updated atomically; without
   * it, or while Redis fails, it is this process's own.
   */
  async count(key: string, delta: number, windowSeconds: number): Promise<number> {
    const store = this.cache.stores[0]?.store as Partial<RedisKeyvStore> | undefined;
    if (typeof store?.getClient === 'function' && typeof store.createKeyPrefix === 'function') {
      try {
        const client = await store.getClient();
        const value = await client.eval(COUNT_SCRIPT, {
          keys: [store.createKeyPrefix(`counter:${key}`, store.namespace)],
          arguments: [String(Math.trunc(delta)), String(Math.max(1, Math.ceil(windowSeconds)))],
        });
        this.storeWorked();
        return Number(value);
      } catch (error) {
        this.storeFailed(error);
      }
    }
    return this.countLocally(key, delta, windowSeconds);
  }

  /**
   * Runs one Lua script on the shared Redis (keys prefixed like the cache's own): `undefined` when
   * there is no Redis (no REDIS_URL) or it fails, so the caller falls back to its in-process state
   * (the contact form's rate limit: the form keeps working while Redis is down).
   */
  async evalOnRedis(script: string, keys: string[], args: string[]): Promise<{ value: unknown } | undefined> {
    const store = this.cache.stores[0]?.store as Partial<RedisKeyvStore> | undefined;
    if (typeof store?.getClient !== 'function' || typeof store.createKeyPrefix !== 'function') return undefined;
    try {
      const client = await store.getClient();
      const value = await client.eval(script, {
        keys: keys.map((key) => store.createKeyPrefix!(key, store.namespace)),
        arguments: args,
      });
      this.storeWorked();
      return { value };
    } catch (error) {
      this.storeFailed(error);
      return undefined;
    }
  }

  private countLocally(key: string, delta: number, windowSeconds: number): number {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.until <= now) {
      this.counters.delete(key);
      if (this.counters.size >= LOCAL_COUNTERS_MAX) this.counters.delete(this.counters.keys().next().value as string);
      counter = { n: 0, until: now + windowSeconds * 1000 };
      this.counters.set(key, counter);
    }
    counter.n += Math.trunc(delta);
    return counter.n;
  }

  async clear(): Promise<void> {
    this.local.clear();
    this.counters.clear();
    await this.cache.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    try {
      await this.cache.disconnect();
    } catch {
      // Already closed.
    }
  }

  /** Readiness: a round trip through the store. */
  async ping(): Promise<boolean> {
    const key = `health:${process.pid}`;
    const stamp = Date.now();
    try {
      await this.cache.set(key, { v: stamp }, 10_000);
      const back = await this.cache.get<Boxed<number>>(key);
      this.storeWorked();
      return back?.v === stamp;
    } catch (error) {
      this.storeFailed(error);
      throw error;
    }
  }

  private async safeGet<T>(key: string): Promise<Boxed<T> | undefined> {
    try {
      // cache-manager answers a failed read as a miss: only writes tell whether the store works.
      return (await this.cache.get<Boxed<T>>(key)) ?? undefined;
    } catch (error) {
      this.storeFailed(error);
      return undefined;
    }
  }

  private async safeSet(key: string, value: Boxed<unknown>, ttlSeconds?: number): Promise<void> {
    try {
      await this.cache.set(key, value, ttlSeconds === undefined ? undefined : ttlSeconds * 1000);
      this.storeWorked();
    } catch (error) {
      this.storeFailed(error);
    }
  }

  private storeFailed(error: unknown): void {
    if (this.storeDown) return;
    this.storeDown = true;
    this.logger.warn(`Redis unavailable, the cache falls back to the database: ${(error as Error)?.message ?? error}`);
  }

  private storeWorked(): void {
    if (!this.storeDown) return;
    this.storeDown = false;
    this.logger.log('Redis available again, the cache is in use');
  }
}
