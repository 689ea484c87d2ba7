import { Global, Module } from '@nestjs/common';
import { ShopApiController } from './shop.api.controller';
import { ShopRepository } from './shop.repository';
import { ShopService } from './shop.service';
import { SiteMiddleware } from './site.middleware';
import { SiteSource } from '../../common/site/site-source';

@Global()
@Module({
  controllers: [ShopApiController],
  providers: [ShopRepository, ShopService, SiteMiddleware, { provide: SiteSource, useExisting: ShopService }],
  // SiteSource: the shared layers' view of sites (renderer, error filter), implemented here.
  exports: [ShopService, SiteMiddleware, SiteSource],
})
export class ShopModule {}
