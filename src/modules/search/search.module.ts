import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { SearchApiController } from './search.api.controller';
import { SearchApiService } from './search-api.service';
import { SearchPageController } from './search.page.controller';
import { SearchPageService } from './search-page.service';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/** Site search (SPEC §2.2 "Search results", §7 "Search", "Suggest"): the engine, the page, the API. */
@Module({
  imports: [CatalogueModule],
  controllers: [SearchApiController, SearchPageController],
  providers: [SearchRepository, SearchService, SearchPageService, SearchApiService],
})
export class SearchModule {}
