import { Module } from '@nestjs/common';
import { VideoModule } from '../video';
import { CatalogueApiController } from './catalogue.api.controller';
import { CatalogueApiService } from './catalogue-api.service';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueService } from './catalogue.service';
import { DocumentController } from './document.controller';
import { ProductListPageController } from './product-list.page.controller';
import { ProductListService } from './product-list.service';
import { ProductPageController } from './product.page.controller';
import { ProductService } from './product.service';
import { ProductDetailsService } from './product-details.service';

@Module({
  imports: [VideoModule],
  controllers: [DocumentController, CatalogueApiController, ProductListPageController, ProductPageController],
  providers: [
    CatalogueRepository,
    CatalogueService,
    ProductListService,
    ProductDetailsService,
    ProductService,
    CatalogueApiService,
  ],
  exports: [CatalogueService, ProductService, ProductListService],
})
export class CatalogueModule {}
