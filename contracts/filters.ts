/**
 * The product filters (SPEC §3 Filters, §4 Filters): their names as written in the list URL
 * (-{name}--{value}), their type, and how the panel shows them. Pure: shared by the seed (facet index),
 * the service, the API and the views.
 */
export type FilterType = 'LIST' | 'BOOLEAN';

export interface FilterDefinition {
  name: FilterName;
  type: FilterType;
  /** Shown as a dropdown of at most 15 items (SPEC §4). */
  dropdown?: boolean;
  /** Colour swatches: the group folds after 6 values instead of 5. */
  colour?: boolean;
}

export const FILTER_NAMES = [
  'brand',
  'need',
  'galenic_format',
  'active_ingredient',
  'products',
  'flavour',
  'color',
  'diner_type',
  'no_sell_inline',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export const FILTERS: readonly FilterDefinition[] = [
  { name: 'brand', type: 'LIST' },
  { name: 'need', type: 'LIST' },
  { name: 'galenic_format', type: 'LIST' },
  { name: 'active_ingredient', type: 'LIST', dropdown: true },
  { name: 'products', type: 'LIST', dropdown: true },
  { name: 'flavour', type: 'LIST' },
  { name: 'color', type: 'LIST', colour: true },
  { name: 'diner_type', type: 'LIST' },
  { name: 'no_sell_inline', type: 'BOOLEAN' },
];

/**
 * The filters whose one-value list is a page of its own for search engines: a family of products people
 * look for (a brand, a need, a form, an active ingredient). A list with one of these filters is
 * indexable with its own canonical URL and listed in the sitemaps; a list with any other filter
 * (one product's reference, a flavour, a colour, a meal type, "not sold in store"), or more than one
 * filter, is `noindex, follow` (docs/architecture.md "Search engines").
 */
export const INDEXABLE_FILTERS: readonly FilterName[] = ['brand', 'need', 'galenic_format', 'active_ingredient'];

/**
 * The fewest products a filtered list needs to be a page for search engines: a "list" of one product
 * only repeats that product's page (thin content). An unfiltered list (the catalogue, an expertise)
 * needs one.
 */
export const MIN_FILTERED_LIST_PRODUCTS = 2;

/**
 * Whether a list with these filters (in any order) and this many products is a page for search
 * engines: no filter, or one indexable filter with at least MIN_FILTERED_LIST_PRODUCTS products.
 */
export function isIndexableSelection(pairs: ReadonlyArray<{ name: string }>, total: number): boolean {
  if (pairs.length === 0) return total > 0;
  return (
    pairs.length === 1 &&
    (INDEXABLE_FILTERS as readonly string[]).includes(pairs[0].name) &&
    total >= MIN_FILTERED_LIST_PRODUCTS
  );
}

export const DROPDOWN_LIMIT = 15;
export const GROUP_FOLD = 5;
export const COLOUR_GROUP_FOLD = 6;

export function isFilterName(name: string): name is FilterName {
  return (FILTER_NAMES as readonly string[]).includes(name);
}

/** Selected filters grouped by type; a type with no values is dropped (SPEC §4). */
export type FilterSelection = Partial<Record<FilterName, string[]>>;

export function toggleFilter(selection: FilterSelection, name: FilterName, value: string): FilterSelection {
  const current = selection[name] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const result: FilterSelection = { ...selection };
  if (next.length) result[name] = next;
  else delete result[name];
  return result;
}

/** The list order of URL segments: by filter order, then value. */
export function selectionToPairs(selection: FilterSelection): Array<{ name: FilterName; value: string }> {
  const pairs: Array<{ name: FilterName; value: string }> = [];
  for (const def of FILTERS)
    for (const value of [...(selection[def.name] ?? [])].sort()) pairs.push({ name: def.name, value });
  return pairs;
}

export function pairsToSelection(pairs: Array<{ name: string; value: string }>): FilterSelection | null {
  let selection: FilterSelection = {};
  for (const { name, value } of pairs) {
    if (!isFilterName(name)) return null;
    if (!(selection[name] ?? []).includes(value)) selection = toggleFilter(selection, name, value);
  }
  return selection;
}

export function countSelected(selection: FilterSelection): number {
  return Object.values(selection).reduce((n, values) => n + (values?.length ?? 0), 0);
}

/** Facet rows (name, value) of a product for the filter index. */
export function facetsOf(product: {
  brand: string;
  reference: string;
  needs: string[];
  caracteristics: {
    galenic_format?: string | null;
    flavour?: string | null;
    color?: string | null;
    diner_type?: string | null;
    active_ingredient?: string[];
    not_sold_in_store?: boolean;
  };
}): Array<{ name: FilterName; value: string }> {
  const c = product.caracteristics;
  const rows: Array<{ name: FilterName; value: string }> = [
    { name: 'brand', value: product.brand },
    { name: 'products', value: product.reference.toLowerCase() },
  ];
  for (const need of new Set(product.needs)) rows.push({ name: 'need', value: need });
  if (c.galenic_format) rows.push({ name: 'galenic_format', value: c.galenic_format });
  if (c.flavour) rows.push({ name: 'flavour', value: c.flavour });
  if (c.color) rows.push({ name: 'color', value: c.color });
  if (c.diner_type) rows.push({ name: 'diner_type', value: c.diner_type });
  for (const ingredient of new Set(c.active_ingredient ?? []))
    rows.push({ name: 'active_ingredient', value: ingredient });
  if (c.not_sold_in_store) rows.push({ name: 'no_sell_inline', value: 'true' });
  return rows;
}
