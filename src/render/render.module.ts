import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AllExceptionsFilter } from '../common/errors/all-exceptions.filter';
import { PageInterceptor } from '../common/page/page.interceptor';
import { RouteMiddlewareRegistry } from '../common/page/route-middleware.registry';
import { PageCacheMiddleware } from './cached-page';
import { PageCache } from './page-cache';
import { RenderService } from './render.service';

@Global()
@Module({
  providers: [
    RenderService,
    PageCache,
    PageCacheMiddleware,
    PageInterceptor,
    RouteMiddlewareRegistry,
    AllExceptionsFilter,
    { provide: APP_FILTER, useExisting: AllExceptionsFilter },
  ],
  exports: [
    RenderService,
    PageCache,
    PageCacheMiddleware,
    PageInterceptor,
    RouteMiddlewareRegistry,
    AllExceptionsFilter,
  ],
})
export class RenderModule {}
