import type { Locale, RouteName } from '../../common/routing/route-table';

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

export interface CountrySettings {
  laboratoryAddress: string;
  phone: string;
  fax: string;
  headquartersAddress: string;
  siteUrl: string;
  aboutUrl: string;
  proUrl: string;
  adviceKnowMoreUrl: string;
}

export interface MenuLink {
  key: string;
  label: string;
  href: string;
  children: MenuLink[];
}

export interface CountryChoice {
  code: string;
  name: string;
  languages: Array<{ locale: Locale; label: string; url: string }>;
}

/** Everything the shell shows besides the page itself; read-only and cached per shop and locale. */
export interface ShellData {
  appTitle: string;
  settings: Record<string, string>;
  country: CountrySettings;
  mainMenu: MenuLink[];
  footerMenu: MenuLink[];
  socialLinks: MenuLink[];
}

export type { Locale, RouteName };
