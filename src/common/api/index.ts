/**
 * The content API's plumbing (SPEC §7), shared by every feature's API controller: input validation
 * (a 400 JSON answer naming every bad or unknown parameter), the parameter validators, the
 * shop-scoped query (`shop_id`, `lang`) and its resolution to a site (`SiteSource.scoped`). The error
 * shape itself is the exception filter's (src/common/errors). See docs/architecture.md, "A new API endpoint".
 */
export { apiValidation } from './api-validation';
export * from './api-params';
export { fromJson, ShopScopedQueryDto, toBool, type ShopScope } from './shop-scope';
export { SiteSource } from '../site/site-source';
export { ApiBearer, ApiBody, API_BEARER, API_BODY_SCHEMA } from './api-body';
