import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { AppCache } from '../../cache/app-cache.service';

/**
 * One atomic step on Redis: count the hit (starting the window on the first), and block the tracker
 * for `blockDuration` once it passes the limit. KEYS: hits, block. ARGV: ttl ms, limit, block ms.
 * Returns { hits, window ms left, block ms left (0 = not blocked) }.
 */
const INCREMENT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blocked = redis.call('PTTL', KEYS[2])
if blocked < 0 then blocked = 0 end
if blocked == 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blocked = tonumber(ARGV[3])
end
return { hits, ttl, blocked }`;

/** Trackers kept in process (no Redis, or Redis failing): a bound, oldest first out. */
const LOCAL_MAX = 10000;

/**
 * The rate-limit counters of @nestjs/throttler (contact and newsletter posts): on Redis with
 * REDIS_URL, so the limit holds across replicas, in one Lua script (no read-then-write race); in
 * process without it, and while Redis fails (the form still works, each replica counting alone).
 */
@Injectable()
export class CacheThrottlerStorage implements ThrottlerStorage {
  private readonly local = new Map<string, { hits: number; until: number; blockedUntil: number }>();

  constructor(private readonly cache: AppCache) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const shared = await this.cache.evalOnRedis(
      INCREMENT_SCRIPT,
      [`throttle:${key}`, `throttle:${key}:blocked`],
      [String(Math.max(1, Math.ceil(ttl))), String(limit), String(Math.max(1, Math.ceil(blockDuration)))],
    );
    if (shared && Array.isArray(shared.value)) {
      const [hits, windowMs, blockedMs] = shared.value.map(Number) as [number, number, number];
      return record(hits, windowMs, blockedMs);
    }
    return this.incrementLocally(key, ttl, limit, blockDuration);
  }

  private incrementLocally(key: string, ttl: number, limit: number, blockDuration: number): ThrottlerStorageRecord {
    const now = Date.now();
    let entry = this.local.get(key);
    if (!entry || (entry.until <= now && entry.blockedUntil <= now)) {
      this.local.delete(key);
      if (this.local.size >= LOCAL_MAX) this.local.delete(this.local.keys().next().value as string);
      entry = { hits: 0, until: now + ttl, blockedUntil: 0 };
      this.local.set(key, entry);
    }
    if (entry.until <= now) {
      entry.hits = 0;
      entry.until = now + ttl;
    }
    entry.hits += 1;
    if (entry.blockedUntil <= now && entry.hits > limit) entry.blockedUntil = now + blockDuration;
    return record(entry.hits, entry.until - now, Math.max(0, entry.blockedUntil - now));
  }
}

function record(hits: number, windowMs: number, blockedMs: number): ThrottlerStorageRecord {
  return {
    totalHits: hits,
    timeToExpire: Math.max(0, Math.ceil(windowMs / 1000)),
    isBlocked: blockedMs > 0,
    timeToBlockExpire: Math.max(0, Math.ceil(blockedMs / 1000)),
  };
}
