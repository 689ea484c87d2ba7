/**
 * The shop feature's public face: what other features may import (the module's exported providers and
 * the site types). Inside the feature, files import each other directly, never through this file.
 */
export { ShopModule } from './shop.module';
export { ShopService } from './shop.service';
export { SiteMiddleware } from './site.middleware';
export type { SalesPlan, ShopLanguage, ShopSummary, SiteContext } from './shop.types';
