import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands';
import { CatalogueModule } from '../catalogue';
import { NeedsModule } from '../needs';
import { VideoModule } from '../video';
import { HomeApiController } from './home.api.controller';
import { HomePageController } from './home.page.controller';
import { HomeRepository } from './home.repository';
import { HomeService } from './home.service';

/** The home page (SPEC §1, §2.2 "Home"): it shows blocks of the needs, brands, catalogue and cms features. */
@Module({
  imports: [CatalogueModule, NeedsModule, BrandsModule, VideoModule],
  controllers: [HomePageController, HomeApiController],
  providers: [HomeRepository, HomeService],
})
export class HomeModule {}
