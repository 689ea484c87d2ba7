import { Global, Module } from '@nestjs/common';
import { PageEntities } from '../../common/editorial/page-entities';
import { ProductArticles } from '../../common/editorial/product-articles';
import { AuthModule } from '../auth';
import { CatalogueModule } from '../catalogue';
import { VideoModule } from '../video';
import { ArticleListService } from './article-list.service';
import { CmsApiController } from './cms.api.controller';
import { CmsApiService } from './cms-api.service';
import { CmsRepository } from './cms.repository';
import { EditorialPageController } from './editorial.page.controller';
import { EditorialService } from './editorial.service';
import { PreviewPageController } from './preview.page.controller';

/**
 * Global: the catalogue reads the pages associated with a product (ProductArticles) and answers the
 * entity lookup of page types (PageEntities) through contracts this module provides.
 */
@Global()
@Module({
  imports: [AuthModule, CatalogueModule, VideoModule],
  // The editorial controller holds the catch-all /{slug}: it is registered last.
  controllers: [CmsApiController, PreviewPageController, EditorialPageController],
  providers: [
    CmsRepository,
    EditorialService,
    ArticleListService,
    CmsApiService,
    { provide: ProductArticles, useExisting: EditorialService },
    { provide: PageEntities, useExisting: EditorialService },
  ],
  exports: [EditorialService, ArticleListService, ProductArticles, PageEntities],
})
export class CmsModule {}
