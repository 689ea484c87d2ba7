import type { Locale } from '../../../contracts/route-table';
import type { FilterName, FilterSelection } from '../../../contracts/filters';

export const SORTS = ['asc_order', 'asc_price', 'desc_price'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_PRICE_RANGE = { min: 0, max: 10000 } as const;
export const SPECIAL_PRECAUTION_EANS = ['7640123459990', '7640123459983'] as const;

/** What a product list asks for (page, API and search share it). */
export interface ProductQuery {
  locale: Locale;
  salesPlanId: number;
  categoryIds?: number[];
  selection?: FilterSelection;
  price?: { min: number; max: number };
  sort?: Sort;
  page?: number;
  perPage?: number;
  text?: string;
  /** API only: include unpublished products when false is asked explicitly. */
  published?: boolean;
  noFree?: boolean;
  /** API `asm=1`: only the products sold in stores (the pharmacies' assortment), see docs/decisions.md. */
  soldInStore?: boolean;
  needIds?: number[];
  productType?: string;
  productIds?: number[];
  /** The expertise the list is about (categoryIds holds it and its descendants). */
  expertiseId?: number;
  /**
   * Search results: only these products, best first (the default sort lists them in this order
   * instead of the catalogue's). An empty list lists nothing.
   */
  rankedIds?: number[];
}

export interface ProductCardRow {
  id: number;
  /** French names: pictures are labelled in French on every site (see media-urls.ts). */
  name_fr: string;
  brand_name_fr: string;
  brand_color: string;
  reference: string;
  ean: string;
  name: string;
  slug: string;
  tagline: string | null;
  product_type: string;
  is_new_from: Date | null;
  is_new_to: Date | null;
  is_new_formulae: boolean;
  promoted: boolean;
  is_free: boolean;
  price: string;
  original_price: string | null;
  image: { shape: string; color: string };
  brand_key: string;
  brand_name: string;
  brand_slug: string;
  brand_class: string;
  not_sold_in_store: boolean;
  galenic_format: string | null;
  /** The galenic format's label in the card's language (read with the card: no vocabulary query). */
  galenic_label: string | null;
}

export interface FacetCount {
  name: FilterName;
  value: string;
  count: number;
}

export type { FilterName, FilterSelection };
