import type { Locale } from '../../../contracts/route-table';

/** What the request's host says: which shop, which language (SPEC §1, §4 start order). */
export interface ShopLanguage {
  locale: Locale;
  label: string;
  subdomain: string;
  /** Host name (without port) that serves this shop in this language. */
  host: string;
}

export interface ShopSummary {
  id: number;
  code: string;
  name: string;
  domain: string;
  defaultLocale: Locale;
  languages: ShopLanguage[];
}

export interface SalesPlan {
  id: number;
  target: string;
  currencySymbol: string;
}

export interface SiteContext {
  shop: ShopSummary;
  /** The host name the visitor asked for (lower case, no port), which may be one no shop serves. */
  hostname: string;
  locale: Locale;
  salesPlan: SalesPlan;
  /** scheme://host[:port] of this request, for absolute links (canonical, JSON-LD, switches). */
  origin: string;
  /** ":3000" when the request came to a non-default port (local runs), else "". */
  portSuffix: string;
  scheme: 'http' | 'https';
  /** The visitor's browser accepts WebP images (from the Accept header). */
  webp: boolean;
}
