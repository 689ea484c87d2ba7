import type { Locale } from '../common/routing/route-table';

export interface Crumb {
  label: string;
  /** Absent on the last crumb (the current page). */
  href?: string;
}

export interface PageHead {
  /** The page's own title; the document title is "title - app title" (SPEC §9). */
  title: string;
  description?: string;
  /** Path of the canonical URL when it is not the request path (query dropped). */
  canonicalPath?: string;
  ogType?: string;
  ogImage?: string;
  jsonLd?: object[];
  noindex?: boolean;
}

/** What a page controller returns: the view model the render step turns into HTML. */
export interface PageView<P = object> {
  head: PageHead;
  /** Trail after "home"; the home page has none. */
  breadcrumb?: Crumb[];
  props: P;
  /**
   * The same content in other languages of the shop (locale -> path). When absent the route table's
   * twin path is used; `null` says the page has no twin (the switch goes to that language's home).
   */
  alternates?: Partial<Record<Locale, string | null>>;
}

/** Meta description cut (SPEC §5): `max` characters then an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max).trimEnd()}…`;
}
