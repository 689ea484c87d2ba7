import { Global, Module } from '@nestjs/common';
import { ShopRepository } from './shop.repository';
import { ShopService } from './shop.service';
import { SiteMiddleware } from './site.middleware';

@Global()
@Module({
  providers: [ShopRepository, ShopService, SiteMiddleware],
  exports: [ShopService, SiteMiddleware],
})
export class ShopModule {}
