import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { BrandsPageController } from './brands.page.controller';
import { BrandsRepository } from './brands.repository';
import { BrandsService } from './brands.service';
import { CornerService } from './corner.service';

/** Brands (SPEC §2.2 "Brands list", "Brand landing page", "Brand corner"). */
@Module({
  imports: [CatalogueModule],
  controllers: [BrandsPageController],
  providers: [BrandsRepository, BrandsService, CornerService],
  exports: [BrandsService],
})
export class BrandsModule {}
