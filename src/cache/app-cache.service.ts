import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Cache } from 'cache-manager';
import { APP_CONFIG, type AppConfig } from '../config/app.config';

const L1_TTL_MS = 5000;
const L1_MAX_ENTRIES = 2000;

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
 */
@Injectable()
export class AppCache implements OnApplicationShutdown {
  private readonly logger = new Logger(AppCache.name);
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly local = new Map<string, { v: unknown; until: number }>();

  private readonly enabled: boolean;

  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // CACHE_TTL_SECONDS=0 turns read-model caching off (every read goes to the database):
    // used to measure the database path (bench/ size runs) and to debug content.
    this.enabled = config.CACHE_TTL_SECONDS > 0;
  }

  async getOrSet<T>(key: string, load: () => Promise<T>, ttlSeconds?: number): Promise<T> {
    if (!this.enabled) return load();
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
        await this.safeSet(key, { v: value }, ttlSeconds);
        this.remember(key, value, ttlSeconds);
        return value;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, loading);
    return loading;
  }

  private remember(key: string, value: unknown, ttlSeconds?: number): void {
    const ttl = Math.min(L1_TTL_MS, (ttlSeconds ?? Infinity) * 1000);
    if (ttl <= 0) return;
    if (this.local.size >= L1_MAX_ENTRIES) this.local.delete(this.local.keys().next().value as string);
    this.local.set(key, { v: value, until: Date.now() + ttl });
  }

  async delete(key: string): Promise<void> {
    this.local.delete(key);
    try {
      await this.cache.del(key);
    } catch (error) {
      this.logger.warn(`cache delete failed: ${(error as Error).message}`);
    }
  }

  async clear(): Promise<void> {
    this.local.clear();
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
    await this.cache.set(key, { v: stamp }, 10_000);
    const back = await this.cache.get<Boxed<number>>(key);
    return back?.v === stamp;
  }

  private async safeGet<T>(key: string): Promise<Boxed<T> | undefined> {
    try {
      return (await this.cache.get<Boxed<T>>(key)) ?? undefined;
    } catch (error) {
      this.logger.warn(`cache read failed for ${key}: ${(error as Error).message}`);
      return undefined;
    }
  }

  private async safeSet(key: string, value: Boxed<unknown>, ttlSeconds?: number): Promise<void> {
    try {
      await this.cache.set(key, value, ttlSeconds === undefined ? undefined : ttlSeconds * 1000);
    } catch (error) {
      this.logger.warn(`cache write failed for ${key}: ${(error as Error).message}`);
    }
  }
}
