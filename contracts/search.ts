/**
 * View models of site search (SPEC §2.2 "Search results", §7 "Search" and "Suggest"), shared by the
 * server and the views. Imports nothing.
 */

/** The result tabs, in order; their name is the `?tab=` of the results URL (solutions: none). */
export const SEARCH_TAB_NAMES = ['products', 'brands', 'needs', 'pages'] as const;
export type SearchTabName = (typeof SEARCH_TAB_NAMES)[number];

/** What suggestions and the brand, need and page tabs show of one result. */
export interface SearchResultView {
  kind: 'product' | 'brand' | 'need' | 'page';
  title: string;
  href: string;
  /** A product's brand, a need's parent need, a page's excerpt or kind. */
  context: string;
}

/** A group of suggestions (SPEC §7 "Suggest": products, needs, brands and pages). */
export interface SuggestionGroupView {
  kind: SearchResultView['kind'];
  total: number;
  items: SearchResultView[];
}

/** GET /api/v1/search?type=Suggest: the groups, in display order, and the results page of the text. */
export interface SuggestAnswer {
  data: { text: string; total: number; resultsHref: string; groups: SuggestionGroupView[] };
}

/**
 * The longest search text, in characters (code points, as every length of a search is counted): the
 * API answers 400 beyond it, the page cuts it, the search boxes take no more (their `maxlength`
 * counts UTF-16 units, never fewer than code points).
 */
export const SEARCH_TEXT_MAX = 100;

/** The minimum lengths of SPEC §5 "Quick search" (code points). */
export const SEARCH_SUBMIT_MIN = 3;
export const HEADER_SUGGEST_MIN = 3;
export const PANEL_SUGGEST_MIN = 2;
/** SPEC §7, §9: suggestions are debounced 250 ms. */
export const SUGGEST_DEBOUNCE_MS = 250;
