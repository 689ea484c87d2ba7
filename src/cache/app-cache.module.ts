import { CacheModule } from '@nestjs/cache-manager';
import { Global, Module } from '@nestjs/common';
import { createKeyv } from '@keyv/redis';
import { Keyv } from 'keyv';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { AppCache } from './app-cache.service';

@Global()
@Module({
  imports: [
    CacheModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ttl: config.CACHE_TTL_SECONDS * 1000,
        stores: [
          config.REDIS_URL
            ? createKeyv(config.REDIS_URL, {
                namespace: 'site',
                connectionTimeout: 2000,
                throwOnConnectError: true,
                throwOnErrors: true,
              })
            : new Keyv(),
        ],
      }),
    }),
  ],
  providers: [AppCache],
  exports: [AppCache],
})
export class AppCacheModule {}
