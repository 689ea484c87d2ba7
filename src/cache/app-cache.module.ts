import { CacheModule } from '@nestjs/cache-manager';
import { Global, Module } from '@nestjs/common';
import { Keyv } from 'keyv';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { AppCache } from './app-cache.service';
import { ContentGenerations } from './content-generations';
import { redisStore } from './redis-store';

@Global()
@Module({
  imports: [
    CacheModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ttl: config.CACHE_TTL_SECONDS * 1000,
        stores: [config.REDIS_URL ? redisStore(config.REDIS_URL) : memoryStore(config.CACHE_MAX_MB * 1024 * 1024)],
      }),
    }),
  ],
  providers: [AppCache, ContentGenerations],
  exports: [AppCache, ContentGenerations],
})
export class AppCacheModule {}

/**
 * The read-model store without Redis: in process, least recently used entries out first beyond
 * `maxBytes` (Keyv serialises each value to a string: two bytes a character). Keyv's own Map kept
 * every key until it was read again after its expiry, so keys read once stayed for the life of the
 * process: a product page leaves ~4,500 characters of read models (~9 KB), 10,000 crawled products
 * ~90 MB never freed. Keyv keeps each entry's expiry in the value and checks it on read.
 */
export function memoryStore(maxBytes: number): Keyv {
  const entries = new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (value) => Math.max(1, String(value).length * 2),
  });
  return new Keyv({
    store: {
      get: (key: string) => entries.get(key),
      set: (key: string, value: string) => {
        entries.set(key, value);
        return true;
      },
      delete: (key: string) => entries.delete(key),
      clear: () => entries.clear(),
      has: (key: string) => entries.has(key),
    },
  });
}
