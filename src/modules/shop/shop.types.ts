/** The site types live below the features (src/common/site): the shared layers use them too. */
export type { SalesPlan, ShopLanguage, ShopSummary, SiteContext } from '../../common/site/site.types';
