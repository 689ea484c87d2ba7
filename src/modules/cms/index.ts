/**
 * The cms feature's public face: what other features may import (the module, the editorial engine
 * that turns a stored page into its view model, and the types of its rows). Inside the feature, files
 * import each other directly, never through this file.
 */
export { CmsModule } from './cms.module';
export { CATCH_ALL_TYPES, EditorialService } from './editorial.service';
export { ArticleListService, type ListKind } from './article-list.service';
export type { PageCardRow, PageDetailRow } from './cms.repository';
export { pageHref } from './editorial.rules';
