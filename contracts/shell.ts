import type { Locale } from './route-table';

/**
 * What the shell of every page shows besides the page itself (header, footer, breadcrumb, language
 * switch): built by the server (`ShopService`, `RenderService`), rendered by `views/layout/`.
 */

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

/** One language of the shop in the language switch: the same page in that language when it has one. */
export interface LanguageLink {
  locale: Locale;
  label: string;
  url: string;
  current: boolean;
}

export interface Crumb {
  label: string;
  /** Absent on the last crumb (the current page). */
  href?: string;
}
