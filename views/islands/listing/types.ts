import type { FilterGroupView, PageLinkView, ProductCardView, SortOptionView } from '../../../contracts/catalogue';
import type { FilterSelection } from '../../../contracts/filters';
import type { Labels } from '../../../contracts/i18n';
import type { Locale } from '../../../contracts/route-table';

/**
 * What any product listing shows — the product list, and the search results page to come — whatever
 * answers it: the results, their filters, sort, display and pages, every control also a plain link.
 * The pieces in this folder each take the part of it they show.
 */

export interface ListingOptions {
  sort: string;
  price: { min: number; max: number };
  display: 'grid' | 'horizontal';
}

export type ListingLabels = Labels<'catalogue.listing'>;

export interface ListingData {
  /** The page's language: paths, and counts in words ("1 produit", "0 produit" in French). */
  locale: Locale;
  state: { selection: FilterSelection; options: ListingOptions; page: number };
  filters: FilterGroupView[];
  activeFilterCount: number;
  clearFiltersHref: string;
  total: number;
  products: ProductCardView[];
  /** The page numbers shown (contracts/pagination.ts: a window, not every page). */
  pagination: PageLinkView[];
  /** How many pages the results fill. */
  pageCount: number;
  previousHref: string | null;
  nextHref: string | null;
  display: 'grid' | 'horizontal';
  displayLinks: { grid: string; horizontal: string };
  sorts: SortOptionView[];
  price: { min: number; max: number; defaultMin: number; defaultMax: number };
  /** The page the price form is sent to without JavaScript. */
  formAction: string;
  labels: ListingLabels;
}

/** The phone panels: filters, sort. */
export type PanelName = 'filters' | 'sort';
