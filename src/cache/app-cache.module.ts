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
 * What an entry of the memory store costs beyond its key and value text: the LRU's slots, the Map
 * entry, Keyv's prefixed key (measured: ~300 bytes in all for an absent page's entry, of which
 * ~100 are the text of its key and value).
 */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The read-model store without Redis: in process, least recently used entries out first beyond
 * `maxBytes`. An entry weighs its key and value text at two bytes a character, plus its overhead: a
 * crawler's stream of absent pages (one small entry each) is bounded by what it really holds, not by
 * a fifth of it. Keyv's own Map kept every key until it was read again after its expiry, so keys
 * read once stayed for the life of the process: a product page leaves ~4,500 characters of read
 * models (~9 KB), 10,000 crawled products ~90 MB never freed. Keyv keeps each entry's expiry in the
 * value and checks it on read.
 *
 * Values are serialised by `JSON.stringify`, not by Keyv's default serialiser, which builds the text
 * by concatenation: the store then kept each value as a tree of small strings, three times the
 * bytes of the flat text (13.7 KB for a value of 4,200 characters, 4.8 KB flat; an absent page's entry
 * 500 bytes, 300 flat). Values are JSON-safe (AppCache), so `JSON.parse` gives them back as they were.
 */
export function memoryStore(maxBytes: number): Keyv {
  const entries = new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => (String(value).length + key.length) * 2 + ENTRY_OVERHEAD_BYTES,
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
    serialize: JSON.stringify,
    deserialize: JSON.parse,
  });
}
