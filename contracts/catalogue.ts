/** View models of the catalogue, built by the services and rendered by views/ (no I/O there). */

export interface Picture {
  webp: string;
  fallback: string;
  webp2x?: string;
  fallback2x?: string;
  /** AVIF, offered first where the picture has it (the drawn editorial pictures). */
  avif?: string;
  avif2x?: string;
  width: number;
  height: number;
  alt: string;
}

export interface ProductCardView {
  id: number;
  reference: string;
  name: string;
  href: string;
  tagline: string | null;
  brand: { name: string; class: string; logo: Picture };
  image: Picture;
  price: string | null;
  originalPrice: string | null;
  flags: { isNew: boolean; promoted: boolean; newFormula: boolean };
  isFree: boolean;
  galenicFormat: string | null;
}

export interface FilterValueView {
  slug: string;
  label: string;
  count: number;
  selected: boolean;
  /** Link that toggles this value (adds it, or removes it when selected), page reset. */
  href: string;
  /** Swatch colour for colour filters. */
  hex?: string;
}

export interface FilterGroupView {
  name: string;
  type: 'LIST' | 'BOOLEAN';
  title: string;
  dropdown: boolean;
  colour: boolean;
  /** Values shown before "show more" (5, colours 6). */
  fold: number;
  /** Auto-expanded when a selected value sits beyond the fold (SPEC §4). */
  expanded: boolean;
  values: FilterValueView[];
}

export interface ExpertiseLinkView {
  slug: string;
  name: string;
  href: string;
  active: boolean;
  children: ExpertiseLinkView[];
}

export interface PromoPushView {
  title: string;
  text: string;
  linkLabel: string;
  href: string;
  theme: string;
}

export interface SortOptionView {
  value: string;
  label: string;
  href: string;
  selected: boolean;
}

export interface PageLinkView {
  page: number;
  href: string;
  current: boolean;
}
