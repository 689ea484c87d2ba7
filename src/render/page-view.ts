import type { Locale } from '../../contracts/route-table';
import type { Crumb } from '../../contracts/shell';

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
  /**
   * `noindex, follow`: a crawlable variant whose links count but which is not itself a search result
   * (lists with more than one filter or a sort, search results).
   */
  noindexFollow?: boolean;
}

/** What a page controller returns: the view model the render step turns into HTML. */
export interface PageView<P = object> {
  head: PageHead;
  /** Trail after "home"; the home page has none. */
  breadcrumb?: Crumb[];
  props: P;
  /** The answer's status when it is not 200 (a form sent back with its errors: 400, 401, 429). */
  status?: number;
  /**
   * The same content in other languages of the shop (locale -> path). When absent the route table's
   * twin path is used; `null` says the page has no twin (the switch goes to that language's home).
   */
  alternates?: Partial<Record<Locale, string | null>>;
}

/** The meta description of every page: 250 characters, the ellipsis included (SPEC §5, §9). */
export const META_DESCRIPTION_MAX = 250;

/**
 * Text cut for display (SPEC §5, §9): at most `max` characters, the ellipsis included — a meta
 * description of 250 is 249 characters and "…", the product page's "249 plus ellipsis". Whitespace
 * runs become one space; characters are counted as code points, so an emoji is never split.
 */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(clean);
  if (characters.length <= max) return clean;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
