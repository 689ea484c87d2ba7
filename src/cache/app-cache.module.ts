import { CacheModule } from '@nestjs/cache-manager';
import { Global, Module } from '@nestjs/common';
import { Keyv } from 'keyv';
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
        stores: [config.REDIS_URL ? redisStore(config.REDIS_URL) : new Keyv()],
      }),
    }),
  ],
  providers: [AppCache, ContentGenerations],
  exports: [AppCache, ContentGenerations],
})
export class AppCacheModule {}
