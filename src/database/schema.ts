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
  /** The language whose host the rule applies to; null: every language of the shop. */
  locale: string | null;
}

export interface HomeContentTable {
  shop_id: number;
  locale: string;
  content: JSONColumnType<HomeContentJson, string, string>;
  updated_at: ColumnType<Date, string | undefined, string>;
}

export interface HomeSlide {
  /**
   * A page of the site, by key (SPEC §3 "slider (page with cover or own cover)"): the slide links to
   * it and shows its cover unless the slide has its own; its title and excerpt stand in for the
   * slide's own. A slide whose page is not published is left out.
   */
  page?: string;
  title?: string;
  text?: string;
  link_label?: string;
  /** Internal link: a route of the route table with its params, or a plain path/URL. */
  route?: string;
  route_params?: Record<string, string>;
  url?: string;
  theme: string;
  /** Its own picture, drawn by the site (FORMAT.md "Pictures"). */
  motif?: string;
  palette?: string;
  /** Up to 3 product references whose packshots stand on the picture (a product range). */
  products?: string[];
}

/** A current suggestion of the home page (SPEC §3 "suggestions (product, page or promo)"). */
export type HomeSuggestion =
  | { type: 'product'; reference: string }
  | { type: 'page'; page: string }
  | {
      type: 'promo';
      title: string;
      text: string;
      link_label: string;
      link_url: string;
      motif: string;
      palette: string;
    };

/** The home page's news video (SPEC §3 "video (embed, title, legend, paragraph_title, img)"). */
export interface HomeVideo {
  embed: string;
  title: string;
  legend: string;
  paragraph_title: string;
  motif: string;
  palette: string;
}

export interface HomeContentJson {
  title: string;
  meta_description: string;
  slider: HomeSlide[];
  /** The picture beside the need selector ("find a solution by need"). */
  need_picture?: { motif: string; palette: string } | null;
  suggestions?: HomeSuggestion[];
  video?: HomeVideo | null;
  seo: { title: string; text: string };
}

export interface BrandTable {
  id: Generated<number>;
  key: string;
  class: string;
  color: string;
  corner: boolean;
  position: number;
}

export interface BrandTranslationTable {
  brand_id: number;
  locale: string;
  name: string;
  slug: string;
  description: string;
}

export interface CategoryTable {
  id: Generated<number>;
  key: string;
  class: string;
  parent_id: number | null;
  position: number;
}

export interface CategoryPush {
  title: string;
  text: string;
  link_label: string;
  url: string;
  theme: string;
}

export interface CategoryTranslationTable {
  category_id: number;
  locale: string;
  name: string;
  slug: string;
  text: string;
  banner_title: string;
  meta_description: string;
  pushes: JSONColumnType<CategoryPush[], string, string>;
}

export interface NeedTable {
  id: Generated<number>;
  key: string;
  parent_id: number | null;
  order: number;
}

export interface NeedTranslationTable {
  need_id: number;
  locale: string;
  label: string;
  slug: string;
}

export interface VocabularyTable {
  kind: string;
  key: string;
  locale: string;
  label: string;
  extra: JSONColumnType<Record<string, unknown>, string, string>;
}

/** Language-neutral caracteristics (SPEC §3 Product), keyed by technical name. */
export interface ProductCaracteristics {
  galenic_format?: string | null;
  flavour?: string | null;
  color?: string | null;
  diner_type?: string | null;
  labels?: string[];
  active_ingredient?: string[];
  not_sold_in_store?: boolean;
  case_to_recycle?: string | null;
  embed_push_video?: string | null;
  units_ufc?: number | null;
  /** The gallery's visuals in order: 'packshot' (the drawn pack) and 'content' (what it holds). */
  slide_product?: string[];
  /** One gallery slide per active ingredient, shown in the order of N after the visuals. */
  [slide: `active_ingredient_${number}`]: ActiveIngredientSlide | undefined;
}

/** SPEC §3 `active_ingredient_N`: an active ingredient (vocabulary key) and its amount per dose. */
export interface ActiveIngredientSlide {
  ingredient: string;
  amount?: string | null;
}

export interface ProductImage {
  shape: string;
  color: string;
}

export interface ProductDocument {
  type: string;
  title: Record<string, string>;
  file: string;
}

export interface NutritionCompound {
  name: string;
  label: Record<string, string>;
  unit: string;
  values: Record<string, string>;
  children: NutritionCompound[];
}

export interface NutritionTable {
  quantity: Record<string, string>;
  quantity_value: string;
  columns: Array<{
    key: string;
    label: Record<string, string>;
    sub_columns: Array<{ key: string; label: Record<string, string> }>;
  }>;
  compounds: NutritionCompound[];
  mentions: string[];
}

export interface PushPromote {
  background: string;
  packshot: boolean;
  [locale: string]: { text: string; label_link: string; url_link: string } | string | boolean;
}

export interface ProductTable {
  id: Generated<number>;
  reference: string;
  source_id: string | null;
  ean: string;
  brand_id: number;
  product_type: string;
  published: boolean;
  is_new_from: ColumnType<Date | null, string | null, string | null>;
  is_new_to: ColumnType<Date | null, string | null, string | null>;
  is_new_formulae: boolean;
  promoted: boolean;
  is_free: boolean;
  position: number;
  packaging_group: string | null;
  image: JSONColumnType<ProductImage, string, string>;
  caracteristics: JSONColumnType<ProductCaracteristics, string, string>;
  documents: JSONColumnType<ProductDocument[], string, string>;
  nutrition: JSONColumnType<NutritionTable | null, string | null, string | null>;
  push_promote: JSONColumnType<PushPromote | null, string | null, string | null>;
  updated_at: ColumnType<Date, string | undefined, string>;
}

/** Per-locale texts of a product (SPEC §3 caracteristics that are text). */
export type ProductTexts = Record<string, string | null>;

export interface ProductTranslationTable {
  product_id: number;
  locale: string;
  name: string;
  slug: string;
  meta_description: string;
  texts: JSONColumnType<ProductTexts, string, string>;
  search: ColumnType<string | null, string | null, string | null>;
}

export interface VolumeDiscount {
  quantity_min: number;
  quantity_max: number;
  price: number;
}

export interface ProductPriceTable {
  product_id: number;
  sales_plan_id: number;
  price: ColumnType<string, number | string, number | string>;
  original_price: ColumnType<string | null, number | string | null, number | string | null>;
  volume_discounts: JSONColumnType<VolumeDiscount[], string, string>;
}

export interface ProductCategoryTable {
  product_id: number;
  category_id: number;
}

export interface ProductNeedTable {
  product_id: number;
  need_id: number;
}

export interface ProductAssociateTable {
  product_id: number;
  associate_id: number;
  position: number;
}

export interface ProductFacetTable {
  product_id: number;
  name: string;
  value: string;
}

export interface FaqTable {
  id: Generated<number>;
  locale: string;
  position: number;
  question: string;
  answer: string;
}

export interface ProductFaqTable extends FaqTable {
  product_id: number;
}

export interface BrandFaqTable extends FaqTable {
  brand_id: number;
}

export interface SlugHistoryTable {
  entity_type: string;
  locale: string;
  old_slug: string;
  entity_id: number;
  created_at: ColumnType<Date, string | undefined, never>;
}

export interface FacetSummaryTable {
  sales_plan_id: number;
  locale: string;
  /** 0 = the whole catalogue. */
  category_id: number;
  /** Counts with the free products (the API's default) or without them (the product list). */
  free_included: ColumnType<boolean, boolean | undefined, boolean>;
  /** A filter name, or FACET_SUMMARY_TOTAL for the row that counts the products themselves. */
  name: string;
  value: string;
  count: number;
  /** Bit i set: product i is counted here (migration 0029); on value and total rows, null until a full refresh. */
  members: ColumnType<string | null, string | null | undefined, string | null>;
  /** On a 'products' row: the product its value names (migration 0029). */
  product_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An editor account (issue 9 "Preview, login, logout"): created by `npm run editor:create`, never seeded. */
export interface EditorTable {
  id: Generated<number>;
  /** Lower-cased, unique. */
  email: string;
  /** "scrypt$<N>$<r>$<p>$<salt>$<hash>" (src/modules/auth/password.ts). */
  password_hash: string;
  created_at: ColumnType<Date, string | undefined, never>;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A login session: only the SHA-256 of the cookie's token is stored. */
export interface EditorSessionTable {
  token_hash: string;
  editor_id: number;
  created_at: ColumnType<Date, string | undefined, never>;
  expires_at: ColumnType<Date, string, never>;
  revoked_at: ColumnType<Date | null, never, string | null>;
}

/** `facet_summary.name` of the row holding the number of products of a (sales plan, locale, category). */
export const FACET_SUMMARY_TOTAL = '__total';

/**
 * The locale whose names are printed on packshots and brand logos (one picture URL for every site:
 * src/modules/media/media-urls.ts). Derived tables that keep those names (product_listing) use it.
 */
export const PICTURE_LABEL_LOCALE = 'fr';

/** A picture drawn by the site (content/editorial/FORMAT.md "Pictures"). */
export interface DrawnPicture {
  motif: string;
  palette: string;
}

/** The link button of a page: to one of its paragraphs (by key), or to a per-locale or fixed URL. */
export type PageLinkJson = { paragraph: string } | { url: string };

export interface InnovationCategoryTable {
  id: Generated<number>;
  key: string;
  position: number;
}

export interface InnovationCategoryTranslationTable {
  category_id: number;
  locale: string;
  name: string;
  slug: string;
}

export type PageType =
  | 'advice'
  | 'innovation'
  | 'standard'
  | 'brand_corner_main'
  | 'brand_corner_page'
  | 'brand_landing'
  | 'cms_page'
  | 'contact'
  | 'actualite'
  | 'preview';

export interface PageTable {
  id: Generated<number>;
  key: string;
  type: PageType;
  published: boolean;
  /** Version: incremented each time the page's content changes. */
  vid: Generated<number>;
  content_hash: string;
  published_at: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date, string | Date | undefined, string | Date>;
  highlighted: boolean;
  position: number;
  parent_id: number | null;
  expertise_id: number | null;
  need_id: number | null;
  innovation_category_id: number | null;
  brand_id: number | null;
  title_outside_cover: boolean;
  cover: JSONColumnType<DrawnPicture | null, string | null, string | null>;
  icon: string | null;
  link: JSONColumnType<PageLinkJson | null, string | null, string | null>;
  /** paragraphs_display: keys of the paragraphs listed in the table of contents, in order. */
  toc: JSONColumnType<string[], string, string>;
}

/** Per-locale fields only some page types have (need ingredient, brand description, corner tabs). */
export interface PageExtraJson {
  ingredient?: string | null;
  description?: string | null;
  wording_presentation?: string | null;
  wording_solution?: string | null;
  contents_title?: string | null;
  contents_table_link_url?: string | null;
}

export interface PageTranslationTable {
  page_id: number;
  locale: string;
  /** The route family the slug answers on: advice, innovation, brand, need, cmsPage, brandCorner:<brand>. */
  route: string;
  title: string;
  slug: string;
  meta_title: string;
  meta_description: string;
  introduction: string | null;
  content: string | null;
  excerpt: string;
  link_label: string | null;
  link_url: string | null;
  extra: JSONColumnType<PageExtraJson, string, string>;
}

export interface ParagraphTable {
  id: Generated<number>;
  page_id: number;
  key: string;
  position: number;
  type: string;
  /** Fields shared by every language (pictures, product references, embed id…). */
  data: JSONColumnType<Record<string, unknown>, string, string>;
  /** locale -> the translated fields. */
  texts: JSONColumnType<Record<string, Record<string, unknown>>, string, string>;
}

export interface PageLinkTable {
  page_id: number;
  linked_page_id: number;
  position: number;
}

export interface PageProductTable {
  page_id: number;
  product_id: number;
  position: number;
}

/** An official Swiss locality (content/geo, migration 0008). */
export interface LocalityTable {
  id: Generated<number>;
  name: string;
  postcode: string;
  postcode_suffix: number;
  municipality: string;
  bfs_number: number;
  canton: string | null;
  country: 'CH' | 'LI';
  latitude: number;
  longitude: number;
  language: string;
  /** The name in lower case without accents (generated, migration 0018): what place searches compare. */
  name_folded: Generated<string>;
}

/** A pharmacy of the store finder (SPEC §3 "Store / point of sale", migration 0016). */
export interface StoreTable {
  id: Generated<number>;
  slug: string;
  name: string;
  address_1: string;
  address_2: string;
  address_3: string;
  zipcode: string;
  city: string;
  phone: string;
  latitude: number;
  longitude: number;
  is_insudiet: boolean;
  /** ll_to_earth(latitude, longitude), generated by the database (never written). */
  position: Generated<string>;
  /** When the pharmacy last changed (migration 0019): its sitemap lastmod. */
  updated_at: ColumnType<Date, string | undefined, string>;
}

/** A thumbnail of the video platform's data API (`snippet.thumbnails.<size>`). */
export interface VideoThumbnail {
  url: string;
  width?: number;
  height?: number;
}

/** Stored video data (migration 0020): the content pack's copy of what the video platform says. */
export interface VideoTable {
  id: string;
  published_at: ColumnType<Date, string, string>;
  /** ISO 8601 duration (PT3M42S). */
  duration: string;
  /** bigint: the drivers answer a string. */
  view_count: ColumnType<string | null, number | null, number | null>;
  thumbnails: JSONColumnType<Record<string, VideoThumbnail>, string, string>;
  updated_at: Generated<Date>;
}

export interface VideoTranslationTable {
  video_id: string;
  locale: string;
  title: string;
  description: string;
}

/** A range (brand) a pharmacy stocks. */
export interface StoreBrandTable {
  store_id: number;
  brand_id: number;
}

/** The card fields of a listed product (product_listing.card, see refreshProductListing). */
export interface ListingCard {
  name_fr: string;
  brand_name_fr: string;
  brand_color: string;
  reference: string;
  ean: string;
  name: string;
  slug: string;
  tagline: string | null;
  product_type: string;
  is_new_from: string | null;
  is_new_to: string | null;
  is_new_formulae: boolean;
  promoted: boolean;
  is_free: boolean;
  original_price: string | null;
  image: { shape: string; color: string };
  brand_key: string;
  brand_name: string;
  brand_slug: string;
  brand_class: string;
  not_sold_in_store: boolean;
  galenic_format: string | null;
}

/** A product as lists see it in one sales plan and language (migration 0013, derived data). */
export interface ProductListingTable {
  sales_plan_id: number;
  locale: string;
  /** 0: the whole catalogue; otherwise a category the product is in (directly or through a sub-category). */
  category_id: number;
  product_id: number;
  published: boolean;
  is_free: boolean;
  product_type: string;
  position: number;
  price: ColumnType<string, number | string, number | string>;
  categories: number[];
  needs: number[];
  /** 'name=value' of every facet of the product (contracts/filters.ts facetsOf). */
  facets: string[];
}

/** The card of a listed product (migration 0013, derived data beside product_listing). */
export interface ProductCardTable {
  sales_plan_id: number;
  locale: string;
  product_id: number;
  card: JSONColumnType<ListingCard, string, string>;
}

/** The stemming configuration of each language for site search (PostgreSQL's snowball dictionaries). */
export const SEARCH_CONFIGS: Record<string, string> = {
  fr: 'french',
  de: 'german',
  it: 'italian',
  es: 'spanish',
  nl: 'dutch',
};

/** A searchable thing in one language (migration 0015, derived data: refreshSearchDocuments). */
export interface SearchDocumentTable {
  kind: 'product' | 'brand' | 'need' | 'page';
  entity_id: number;
  locale: string;
  /** The route its link takes: product, brand, need, advice, innovation. */
  route: string;
  title: string;
  slug: string;
  /** What the result shows under its title: a product's brand, a need's parent, a page's excerpt. */
  context: string;
  /** EAN and reference (lower case) of a product: an exact match comes first. */
  exact_keys: string[];
  folded_title: string;
  document: string;
  /** The A part of `document` alone (name and brand, label, title). */
  title_document: string;
  position: number;
  /** A product's: the sales plans whose product list shows it in this language (migration 0026). */
  sales_plans: ColumnType<number[], number[] | undefined, number[]>;
}

/** A folded word of the titles and keywords of one language (migration 0015). */
export interface SearchTermTable {
  locale: string;
  word: string;
  documents: number;
}

/** Everyday words of a need or brand, per language (content/search/keywords.json, migration 0015). */
export interface SearchKeywordTable {
  kind: 'brand' | 'need';
  key: string;
  locale: string;
  words: string;
}

/** Searches that found nothing, counted per text and language (migration 0015). */
export interface SearchMissTable {
  locale: string;
  text: string;
  count: ColumnType<number, number | undefined, number>;
  first_at: ColumnType<Date, string | undefined, never>;
  last_at: ColumnType<Date, string | undefined, string>;
}

/** A bearer token of the write API (migration 0019): only the SHA-256 of its secret is stored. */
export interface ApiTokenTable {
  id: Generated<number>;
  name: string;
  secret_hash: string;
  /** Resources it may write (`*`: every one). */
  scopes: string[];
  /** Shop ids it may write for; null: every shop. */
  shops: number[] | null;
  created_at: ColumnType<Date, string | undefined, never>;
  revoked_at: ColumnType<Date | null, string | null | undefined, string | null>;
  last_used_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

/** One write of the API (migration 0019), recorded in the write's transaction. */
export interface AuditLogTable {
  id: Generated<string>;
  at: ColumnType<Date, string | undefined, never>;
  token_id: number | null;
  token_name: string;
  resource: string;
  action: 'create' | 'update' | 'delete';
  entity_before: string | null;
  entity_after: string | null;
  shop_id: number | null;
  locale: string | null;
  request_id: string | null;
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
  brand: BrandTable;
  brand_translation: BrandTranslationTable;
  category: CategoryTable;
  category_translation: CategoryTranslationTable;
  need: NeedTable;
  need_translation: NeedTranslationTable;
  vocabulary: VocabularyTable;
  product: ProductTable;
  product_translation: ProductTranslationTable;
  product_price: ProductPriceTable;
  product_category: ProductCategoryTable;
  product_need: ProductNeedTable;
  product_associate: ProductAssociateTable;
  product_facet: ProductFacetTable;
  product_faq: ProductFaqTable;
  brand_faq: BrandFaqTable;
  slug_history: SlugHistoryTable;
  facet_summary: FacetSummaryTable;
  innovation_category: InnovationCategoryTable;
  innovation_category_translation: InnovationCategoryTranslationTable;
  page: PageTable;
  page_translation: PageTranslationTable;
  paragraph: ParagraphTable;
  page_link: PageLinkTable;
  page_product: PageProductTable;
  editor: EditorTable;
  editor_session: EditorSessionTable;
  locality: LocalityTable;
  product_listing: ProductListingTable;
  product_card: ProductCardTable;
  search_document: SearchDocumentTable;
  search_term: SearchTermTable;
  search_keyword: SearchKeywordTable;
  search_miss: SearchMissTable;
  store: StoreTable;
  store_brand: StoreBrandTable;
  contact_request: ContactRequestTable;
  newsletter_subscription: NewsletterSubscriptionTable;
  mail_outbox: MailOutboxTable;
  video: VideoTable;
  video_translation: VideoTranslationTable;
  api_token: ApiTokenTable;
  audit_log: AuditLogTable;
}

/** The documentation address of a contact request. */
export interface ContactAddressJson {
  address_1: string;
  address_2: string;
  zipcode: string;
  city: string;
}

export type CaptchaStatus = 'verified' | 'unverified' | 'no_javascript' | 'none';

/** A contact request (migration 0017, SPEC §3 "Contact request"). */
export interface ContactRequestTable {
  id: Generated<string>;
  submission: string;
  shop_id: number;
  locale: string;
  profile: string;
  provincial: number | null;
  subject: string;
  civility_id: number;
  lastname: string;
  firstname: string;
  email: string;
  phone: string | null;
  message: string;
  address: JSONColumnType<ContactAddressJson | null, string | null, string | null>;
  terms_accepted: boolean;
  newsletter: Generated<boolean>;
  /**
   * How the request was checked (migrations 0017, 0021): `verified` by reCAPTCHA, `unverified` (the
   * verification was out of reach), `no_javascript` (a page post without a token while the captcha
   * is configured), `none` (no captcha configured).
   */
  captcha: CaptchaStatus;
  captcha_score: number | null;
  created_at: Generated<Date>;
  last_exchange_at: Generated<Date>;
}

/** A newsletter prospect (migration 0017, SPEC §3 "Newsletter"), double opt-in. */
export interface NewsletterSubscriptionTable {
  id: Generated<string>;
  shop_id: number;
  locale: string;
  email: string;
  civility_id: number;
  lastname: string;
  firstname: string;
  zipcode: string;
  city: string;
  consent: boolean;
  origin: string | null;
  status: Generated<'pending' | 'confirmed' | 'unsubscribed'>;
  created_at: Generated<Date>;
  confirmed_at: Date | null;
  last_activity_at: Generated<Date>;
}

/** A mail waiting for (or done with) the outbox worker (migration 0017). */
export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  reference: string | null;
  created_at: Generated<Date>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  locked_until: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
}
