import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { StoreFinderApiController } from './storefinder.api.controller';
import { StoreFinderApiService } from './storefinder-api.service';
import { StoreFinderPageController } from './storefinder.page.controller';
import { StoreFinderPageService } from './storefinder-page.service';
import { StoreRepository } from './store.repository';
import { StoreSearchService } from './store-search.service';
import { StreetGeocoder } from './street-geocoder';

/** The pharmacy finder (SPEC §2.2, §4 "Store search", §7 "Point of sale", "Reverse geocoding"). */
@Module({
  imports: [HttpModule],
  controllers: [StoreFinderApiController, StoreFinderPageController],
  providers: [StoreRepository, StoreSearchService, StreetGeocoder, StoreFinderApiService, StoreFinderPageService],
})
export class StoreFinderModule {}
