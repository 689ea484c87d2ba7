import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Typed tables (Kysely). One interface per table; SQL lives in the feature repositories. */

export interface ShopTable {
  id: number;
  code: string;
  name: string;
  domain: string;
  default_locale: string;
  position: number;
}

export interface ShopLanguageTable {
  shop_id: number;
  locale: string;
  label: string;
  subdomain: string;
  position: number;
}

export interface SalesPlanTable {
  id: number;
  shop_id: number;
  target: string;
  name: string;
  currency_symbol: string;
}

export interface CountrySettingTable {
  shop_id: number;
  locale: string;
  laboratory_address: string;
  phone: string;
  fax: string;
  headquarters_address: string;
  site_url: string;
  about_url: string;
  pro_url: string;
  advice_know_more_url: string;
}

export interface GlobalSettingTable {
  shop_id: number;
  locale: string;
  code: string;
  value: string;
}

export interface MenuItemTable {
  id: Generated<number>;
  shop_id: number;
  locale: string;
  menu: string;
  key: string;
  parent_key: string | null;
  label: string;
  /** A route of the route table (built per locale) or, when null, `url`. */
  route: string | null;
  route_params: JSONColumnType<Record<string, string>, string, string>;
  url: string | null;
  position: number;
}

export interface RedirectionTable {
  id: Generated<number>;
  shop_id: number | null;
  /** What `source` is compared with: the full url, the path, or the host. */
  match: 'url' | 'path' | 'host';
  source: string;
  target: string;
  code: number;
}

export interface HomeContentTable {
  shop_id: number;
  locale: string;
  content: JSONColumnType<HomeContentJson, string, string>;
  updated_at: ColumnType<Date, string | undefined, string>;
}

export interface HomeSlide {
  title: string;
  text: string;
  link_label: string;
  /** Internal link: a route of the route table with its params, or a plain path/URL. */
  route?: string;
  route_params?: Record<string, string>;
  url?: string;
  theme: string;
}

export interface HomeContentJson {
  title: string;
  meta_description: string;
  slider: HomeSlide[];
  seo: { title: string; text: string };
}

export interface DB {
  shop: ShopTable;
  shop_language: ShopLanguageTable;
  sales_plan: SalesPlanTable;
  country_setting: CountrySettingTable;
  global_setting: GlobalSettingTable;
  menu_item: MenuItemTable;
  redirection: RedirectionTable;
  home_content: HomeContentTable;
}
