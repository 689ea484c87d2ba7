import { join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { I18nModule } from 'nestjs-i18n';
import { AppCacheModule } from './cache/app-cache.module';
import { projectRoot } from './common/paths';
import { JsonLogger } from './common/logging/json-logger';
import { RequestContextMiddleware } from './common/http/request-context.middleware';
import { SiteLocaleResolver } from './common/http/site-locale.resolver';
import { IpFilterMiddleware } from './common/security/ip-filter.middleware';
import { IpFilterService } from './common/security/ip-filter.service';
import { APP_CONFIG, type AppConfig } from './config/app.config';
import { DatabaseModule } from './database/database.module';
import { CmsModule } from './modules/cms/cms.module';
import { HealthModule } from './modules/health/health.module';
import { RedirectionModule } from './modules/redirection/redirection.module';
import { ShopModule } from './modules/shop/shop.module';
import { RenderModule } from './render/render.module';

@Module({})
export class AppModule {
  /** The whole application for one validated configuration (main.ts and the test suites). */
  static forRoot(config: AppConfig, logger: JsonLogger): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        I18nModule.forRoot({
          fallbackLanguage: 'fr',
          loaderOptions: { path: join(projectRoot(), 'i18n'), watch: false },
          resolvers: [SiteLocaleResolver],
          logging: false,
        }),
        DatabaseModule,
        AppCacheModule,
        ShopModule,
        RenderModule,
        HealthModule,
        RedirectionModule,
        // Feature modules with page routes; the CMS catch-all must stay last.
        CmsModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: JsonLogger, useValue: logger },
        IpFilterService,
        RequestContextMiddleware,
        IpFilterMiddleware,
      ],
      exports: [APP_CONFIG, JsonLogger],
    };
  }
}
