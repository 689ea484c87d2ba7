import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from '@keyv/redis';
import { APP_CONFIG, type AppConfig } from '../config/app.config';

/**
 * The content domains a write can change; each read-model cache key belongs to one (see `domainOf`).
 * - `platform`: shops' settings, menus, redirection rules;
 * - `content`: catalogue and editorial content (products, needs, brands, pages, lists, search…);
 * - `stores`: the pharmacies of the store finder.
 */
export const CONTENT_DOMAINS = ['platform', 'content', 'stores'] as const;
export type ContentDomain = (typeof CONTENT_DOMAINS)[number];

/**
 * The domain of a read-model cache key, by its prefix; null: a key no write changes (localities, the
 * video platform's answers: a content write must not send the site back to the platform's API).
 */
export function domainOf(key: string): ContentDomain | null {
  if (key.startsWith('geo:') || key.startsWith('health:')) return null;
  if (key.startsWith('video:platform:') || key.startsWith('video:playlist:')) return null;
  if (key.startsWith('shop:') || key.startsWith('redirection:')) return 'platform';
  if (key.startsWith('stores:')) return 'stores';
  return 'content';
}

/** The Redis channel the writers announce new generations on, and the key of each domain's counter. */
export const GENERATION_CHANNEL = 'site:generations';
const counterKey = (domain: ContentDomain) => `site:generation:${domain}`;
/** A replica re-reads the generations this often too, in case it missed an announcement. */
const POLL_MS = 10_000;
const CONNECT_TIMEOUT_MS = 2000;

/** Bumps the counters and announces them, in one step on the server. */
const BUMP_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do out[i] = redis.call('INCR', key) end
redis.call('PUBLISH', ARGV[1], cjson.encode({ keys = KEYS, values = out }))
return out`;

type Listener = (domains: ContentDomain[]) => void;

/**
 * Content generations (docs/decisions.md "Content write API", docs/operations.md "Cache
 * invalidation"): one counter per domain qualifies the read-model cache keys of that domain
 * (`content@7:product:…`). A write bumps the counters it touched after its commit: every replica
 * then reads under new keys, so whatever was cached before, or is still being loaded under the old
 * generation, is never served again (which deleting keys cannot promise). With REDIS_URL the
 * counters live in Redis (INCR, shared by the replicas) and each bump is published on
 * GENERATION_CHANNEL; every replica subscribes on a connection of its own, takes the new values and
 * tells its listeners (the in-process cache layer and the page cache clear themselves). On
 * (re)connection, and every POLL_MS, a replica re-reads the counters. Without REDIS_URL the counters
 * are this process's own.
 *
 * While Redis cannot be read, a replica uses a generation of its own (`local-…`), never one another
 * process may have used, so it cannot read entries cached under a generation that has since moved on.
 */
@Injectable()
export class ContentGenerations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ContentGenerations.name);
  private readonly values = new Map<ContentDomain, string>();
  private readonly listeners = new Set<Listener>();
  private readonly url?: string;
  private client?: RedisClientType;
  private subscriber?: RedisClientType;
  private poll?: NodeJS.Timeout;
  private closed = false;
  private subscribed = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.url = config.REDIS_URL;
    const local = this.url ? `local-${randomBytes(6).toString('hex')}` : '0';
    for (const domain of CONTENT_DOMAINS) this.values.set(domain, local);
  }

  async onModuleInit(): Promise<void> {
    if (!this.url) return;
    await this.refresh();
    void this.subscribe();
    this.poll = setInterval(() => void this.refresh(), POLL_MS);
    this.poll.unref();
  }

  /** The current generation of a domain (part of its cache keys). */
  generation(domain: ContentDomain): string {
    return this.values.get(domain)!;
  }

  /** Called with the domains whose generation changed (the in-process caches clear themselves). */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * After a write's commit: new generations for these domains, on every replica. Never fails the
   * write: when Redis cannot be reached this replica moves to a local generation (and says so), and
   * the others see the change when their cached entries expire (docs/operations.md).
   */
  async bump(domains: ContentDomain[]): Promise<void> {
    const unique = [...new Set(domains)];
    if (!unique.length) return;
    if (!this.url) {
      for (const domain of unique) this.values.set(domain, String(Number(this.values.get(domain)) + 1));
      this.emit(unique);
      return;
    }
    try {
      const client = await this.connected();
      const values = (await client.eval(BUMP_SCRIPT, {
        keys: unique.map(counterKey),
        arguments: [GENERATION_CHANNEL],
      })) as number[];
      this.apply(unique.map((domain, i) => [domain, String(values[i])]));
    } catch (error) {
      this.logger.warn(
        `could not announce new content generations (${(error as Error)?.message}); this replica moves alone`,
      );
      for (const domain of unique) this.values.set(domain, `local-${randomBytes(6).toString('hex')}`);
      this.emit(unique);
    }
  }

  /** Reads the counters from Redis (on start, on reconnection, every POLL_MS). */
  async refresh(): Promise<void> {
    if (!this.url || this.closed) return;
    try {
      const client = await this.connected();
      const values = await client.mGet(CONTENT_DOMAINS.map(counterKey));
      this.apply(CONTENT_DOMAINS.map((domain, i) => [domain, values[i] ?? '0']));
    } catch {
      // Redis out of reach: keep the generations this replica has; the next poll tries again.
    }
  }

  private apply(entries: Array<[ContentDomain, string]>): void {
    const changed = entries.filter(([domain, value]) => {
      const current = this.values.get(domain)!;
      // A late announcement never takes a counter back.
      if (current === value || (/^\d+$/.test(current) && Number(value) < Number(current))) return false;
      this.values.set(domain, value);
      return true;
    });
    if (changed.length) this.emit(changed.map(([domain]) => domain));
  }

  private emit(domains: ContentDomain[]): void {
    for (const listener of this.listeners) {
      try {
        listener(domains);
      } catch (error) {
        this.logger.error(`generation listener failed: ${(error as Error)?.message}`);
      }
    }
  }

  private async connected(): Promise<RedisClientType> {
    if (this.client?.isReady) return this.client;
    if (!this.client) {
      this.client = createClient({
        url: this.url,
        socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: () => false },
      }) as RedisClientType;
      this.client.on('error', () => undefined);
    }
    if (!this.client.isOpen) await this.client.connect();
    return this.client;
  }

  /**
   * The subscription, on a connection of its own (a subscribed connection runs no other command).
   * It reconnects by itself (every 500 ms at most); each time it is ready again the counters are
   * re-read, since announcements made meanwhile were missed.
   */
  private async subscribe(): Promise<void> {
    const subscriber = createClient({
      url: this.url,
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        reconnectStrategy: (retries: number) => (this.closed ? false : Math.min(100 * (retries + 1), 500)),
      },
    }) as RedisClientType;
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => {
      if (this.subscribed) void this.refresh();
    });
    try {
      await subscriber.connect();
      await subscriber.subscribe(GENERATION_CHANNEL, (message) => this.announced(message));
      this.subscribed = true;
      await this.refresh();
    } catch (error) {
      if (!this.closed) this.logger.warn(`content generations: no subscription (${(error as Error)?.message})`);
    }
  }

  private announced(message: string): void {
    try {
      const { keys, values } = JSON.parse(message) as { keys: string[]; values: number[] };
      const entries = keys
        .map((key, i) => [CONTENT_DOMAINS.find((d) => counterKey(d) === key), String(values[i])] as const)
        .filter((e): e is [ContentDomain, string] => e[0] !== undefined);
      this.apply(entries);
    } catch {
      // Not ours.
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    await Promise.all([this.subscriber, this.client].map((client) => closeClient(client)));
  }
}

/**
 * Closes a client without waiting on a Redis that is gone: a ready client is closed gracefully (its
 * pending replies first), but for at most a second; one that is reconnecting, or whose graceful close
 * does not end, is destroyed. (`quit()` on a client that lost its server mid-reconnect never settled,
 * which held the app's close, and Jest, open for good.)
 */
export async function closeClient(client: RedisClientType | undefined, graceMs = 1000): Promise<void> {
  if (!client?.isOpen) return;
  if (client.isReady) {
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      client.close().then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (closed) return;
  }
  try {
    if (client.isOpen) client.destroy();
  } catch {
    // Already closed.
  }
}
