import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { NeedPageService } from './need-page.service';
import { NeedsApiController } from './needs.api.controller';
import { NeedsApiService } from './needs-api.service';
import { NeedsPageController } from './needs.page.controller';
import { NeedsRepository } from './needs.repository';
import { NeedsService } from './needs.service';

/** Needs (SPEC §2.2 "Needs list", "Need detail", §4 "Need selector", §7 "Needs"). */
@Module({
  imports: [CatalogueModule],
  controllers: [NeedsApiController, NeedsPageController],
  providers: [NeedsRepository, NeedsService, NeedPageService, NeedsApiService],
  exports: [NeedsService],
})
export class NeedsModule {}
