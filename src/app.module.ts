import { join } from 'node:path';
import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { I18nModule } from 'nestjs-i18n';
import { AppCacheModule } from './cache/app-cache.module';
import { projectRoot } from './common/paths';
import { LOGGING, type Logging } from './common/logging/logging';
import { RequestContextMiddleware } from './common/http/request-context.middleware';
import { SiteLocaleResolver } from './common/http/site-locale.resolver';
import { IpFilterMiddleware } from './common/security/ip-filter.middleware';
import { IpFilterService } from './common/security/ip-filter.service';
import { CsrfGuard, CsrfService } from './common/security/csrf';
import { APP_CONFIG, type AppConfig } from './config/app.config';
import { DatabaseModule } from './database/database.module';
import { AuthModule } from './modules/auth/auth.module';
import { BrandsModule } from './modules/brands/brands.module';
import { ApiDocsModule } from './modules/api-docs';
import { ContentApiModule } from './modules/content-api';
import { CatalogueModule } from './modules/catalogue/catalogue.module';
import { CmsModule } from './modules/cms/cms.module';
import { ContactModule } from './modules/contact/contact.module';
import { GeoModule } from './modules/geo/geo.module';
import { HealthModule } from './modules/health/health.module';
import { HomeModule } from './modules/home/home.module';
import { MediaModule } from './modules/media/media.module';
import { VideoModule } from './modules/video/video.module';
import { NeedsModule } from './modules/needs/needs.module';
import { RedirectionModule } from './modules/redirection/redirection.module';
import { SearchModule } from './modules/search/search.module';
import { SeoModule } from './modules/seo/seo.module';
import { ShopModule } from './modules/shop/shop.module';
import { StoreFinderModule } from './modules/storefinder/storefinder.module';
import { RenderModule } from './render/render.module';

export type ModuleImports = NonNullable<ModuleMetadata['imports']>;

@Module({})
export class AppModule {
  /**
   * The whole application for one validated configuration (main.ts and the test suites).
   * `extraImports` are for tests only (a test-only controller, a fake DNS resolver).
   */
  static forRoot(config: AppConfig, logging: Logging, extraImports: ModuleImports = []): DynamicModule {
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
        MediaModule,
        VideoModule,
        GeoModule,
        ApiDocsModule,
        ContentApiModule,
        SeoModule,
        // Before the page routes, so that a catch-all cannot shadow a test-only route.
        ...extraImports,
        // Feature modules with page routes; the CMS catch-all must stay last.
        AuthModule,
        CatalogueModule,
        NeedsModule,
        BrandsModule,
        HomeModule,
        SearchModule,
        StoreFinderModule,
        ContactModule,
        CmsModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGING, useValue: logging },
        IpFilterService,
        RequestContextMiddleware,
        IpFilterMiddleware,
        CsrfService,
        CsrfGuard,
      ],
      exports: [APP_CONFIG, LOGGING, CsrfService, CsrfGuard],
    };
  }
}
