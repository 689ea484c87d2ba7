import { buildPath, type Locale, type RouteName } from '../../../contracts/route-table';
import type { LinkView } from '../../../contracts/editorial';
import { truncate } from '../../render/page-view';

/** SPEC §9 "Lists": advice 11 per page up to page 10; quality and innovation 9 per page. */
export const ADVICE_PAGE_SIZE = 11;
export const ADVICE_MAX_PAGE = 10;
export const INNOVATION_PAGE_SIZE = 9;
/**
 * SPEC §9: related pages take 3 (innovation) and 2 (advice on a category). Other page types (news,
 * CMS pages) show at most 3 of the pages they link to: one row of cards, as the innovation articles.
 */
export const RELATED_INNOVATION = 3;
export const RELATED_ADVICE = 2;
export const RELATED_OTHER = 3;

export function relatedTake(type: string): number {
  return type === 'advice' ? RELATED_ADVICE : type === 'innovation' ? RELATED_INNOVATION : RELATED_OTHER;
}
/** SPEC §9: article extract 150 characters, 500 for the highlighted one. */
export const EXTRACT = 150;
export const EXTRACT_HIGHLIGHTED = 500;
/** SPEC §9: products paragraph at most 4, our solutions at most 7, FAQ push 3 questions. */
export const PRODUCTS_MAX = 4;
export const OUR_SOLUTIONS_MAX = 7;
export const FAQ_PUSH = 3;

/**
 * The category segment that means "every expertise" in an advice list filtered by a need only: the
 * route's parameters fill from the left (/conseils/{page}/{category}/{filter}), so a need filter
 * needs a category before it. Letters only, like an expertise slug, and never one.
 */
export const ALL_CATEGORIES: Record<Locale, string> = { fr: 'tous', de: 'alle', it: 'tutti', es: 'todos', nl: 'alle' };

export interface ArticleListParams {
  page: number;
  category: string | null;
  filter: string | null;
}

/**
 * The list route's parameters (SPEC §5 "Advice and innovation lists"): page digits (1 when absent),
 * at most `maxPage`; null means 404 (page 0, beyond the last allowed page, a number too long).
 */
export function parseListParams(
  raw: { page?: unknown; category?: unknown; filter?: unknown },
  maxPage: number | null,
  locale: Locale,
): ArticleListParams | null {
  const pageText = raw.page === undefined ? '1' : String(raw.page);
  if (!/^[0-9]{1,4}$/.test(pageText)) return null;
  const page = Number(pageText);
  if (page < 1 || (maxPage !== null && page > maxPage)) return null;
  const category = raw.category === undefined || raw.category === ALL_CATEGORIES[locale] ? null : String(raw.category);
  const filter = raw.filter === undefined ? null : String(raw.filter);
  return { page, category, filter };
}

/** The path of a list state: page 1 and no filter is the bare list; a need alone takes ALL_CATEGORIES. */
export function listPath(
  route: 'adviceList' | 'innovationList',
  locale: Locale,
  state: { page: number; category: string | null; filter: string | null },
): string {
  if (!state.category && !state.filter) return buildPath(route, locale, state.page > 1 ? { page: state.page } : {});
  return buildPath(route, locale, {
    page: state.page,
    category: state.category ?? ALL_CATEGORIES[locale],
    ...(state.filter ? { filter: state.filter } : {}),
  });
}

/** The route a page of a route family answers on, and its parameters. */
export function pageRoute(route: string, slug: string): { name: RouteName; params: Record<string, string> } {
  if (route.startsWith('brandCorner:')) {
    const brand = route.slice('brandCorner:'.length);
    return { name: 'brandCorner', params: slug === brand ? { brand } : { brand, slug } };
  }
  switch (route) {
    case 'advice':
      return { name: 'advice', params: { slug } };
    case 'innovation':
      return { name: 'innovation', params: { slug } };
    case 'brand':
      return { name: 'brand', params: { slug } };
    case 'need':
      return { name: 'need', params: { slug } };
    default:
      return { name: 'cmsPage', params: { slug } };
  }
}

export function pageHref(route: string, slug: string, locale: Locale): string {
  const { name, params } = pageRoute(route, slug);
  return buildPath(name, locale, params);
}

/** Anchor of a paragraph: made from its key, so the same in every language (TOC, link button). */
export function paragraphAnchor(key: string): string {
  return `paragraph-${key}`;
}

/** Plain text of stored HTML (for extracts and meta descriptions). */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function extract(text: string, highlighted: boolean): string {
  return truncate(text, highlighted ? EXTRACT_HIGHLIGHTED : EXTRACT);
}

/** A content link: a site path (one leading slash) or an https:// address; anything else is dropped. */
export function linkView(label: string | null | undefined, url: string | null | undefined): LinkView | null {
  if (!label || !url) return null;
  if (/^\/(?![/\\])\S*$/.test(url)) return { label, href: url, external: false };
  if (/^https:\/\/[^\s/]+\.\S+$/.test(url)) return { label, href: url, external: true };
  return null;
}

/**
 * Links into the ordering and account area (cart, orders, login…) are written in content as
 * `/~shop/<path>` and point, when rendered, to the shop of the visitor's country and language
 * (the `shop_url` setting of the site): the same help page serves every French-speaking country.
 * Without that setting the link is removed and its text kept.
 */
export const SHOP_LINK_PREFIX = '/~shop/';

export function resolveShopLinks(html: string, shopUrl: string | null): string {
  if (!html.includes(`href="${SHOP_LINK_PREFIX}`)) return html;
  if (!shopUrl || !/^https:\/\/[^\s"<>]+$/.test(shopUrl))
    return html.replace(/<a href="\/~shop\/[^"]*"[^>]*>([\s\S]*?)<\/a>/g, '$1');
  const base = shopUrl.replace(/\/+$/, '');
  return html.replace(
    /<a href="\/~shop\/([^"]*)"/g,
    (_, path: string) => `<a href="${base}/${path}" rel="noopener noreferrer" target="_blank"`,
  );
}
