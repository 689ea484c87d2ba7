import { SEARCH_TAB_NAMES, SEARCH_TEXT_MAX, type SearchTabName } from '../../../contracts/search';

/** Search rules (SPEC §5 "Quick search", §7 "Search" and "Suggest", §9). */

/** Results per page and tab (SPEC §9: search 17 per page). */
export const SEARCH_PER_PAGE = 17;
/** The longest search text (longer answers 400 on the API; the page cuts it). */
export { SEARCH_TEXT_MAX };
/** The API suggests from 2 characters (the suggestion panel's minimum, SPEC §5). */
export const SUGGEST_MIN_LENGTH = 2;
/** Suggestions per group. */
export const SUGGEST_LIMITS = { product: 5, need: 3, brand: 3, page: 3 } as const;
/** Documents of a kind ranked for suggestions at most (title matches, and as many others). */
export const SUGGEST_CANDIDATES = 60;
/** The products of a search the solutions tab lists (filters and sorts work within them). */
export const SEARCH_PRODUCT_CAP = 500;

/** The result tabs, in order, with their name in the URL (`?tab=`); solutions is the default. */
export const SEARCH_TABS = SEARCH_TAB_NAMES;
export type SearchTab = SearchTabName;

export const TAB_KIND = { products: 'product', brands: 'brand', needs: 'need', pages: 'page' } as const;

/** The search text as used: control characters out, spaces collapsed, at most 100 characters. */
export function cleanSearchText(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return Array.from(
    raw
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, SEARCH_TEXT_MAX)
    .join('')
    .trim();
}

/**
 * The exact keys a text names: an EAN (8 to 14 digits) or a product reference ("FOR-001",
 * "for001"), lower case as documents keep them.
 */
export function exactKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const word of text.toLowerCase().split(/\s+/)) {
    if (/^[0-9]{8,14}$/.test(word)) keys.add(word);
    const reference = /^([a-z]{2,4})-?([0-9]{3,6})$/.exec(word);
    if (reference) keys.add(`${reference[1]}-${reference[2]}`);
  }
  return [...keys];
}

/** A word of a tsquery source: folded words only ([a-z0-9]), anything else is dropped. */
function safeWord(word: string): string | null {
  return /^[a-z0-9]{1,60}$/.test(word) ? word : null;
}

/**
 * The tsquery source of expanded words: each query word OR its typo / compound alternatives
 * (and, for suggestions, its completions as prefixes), the words ANDed ('all') or ORed ('any').
 */
export function tsquerySource(
  tokens: Array<{ token: string; words: string[]; completions: string[] }>,
  mode: 'all' | 'any',
  prefixLast: boolean,
): string {
  const groups = tokens
    .map((t, i) => {
      const last = prefixLast && i === tokens.length - 1;
      const words = [t.token, ...t.words].map(safeWord).filter((w): w is string => !!w);
      const alternatives = words.map((w) => (last && w === t.token && w.length >= 2 ? `${w}:*` : w));
      for (const c of last ? t.completions : []) if (safeWord(c)) alternatives.push(c);
      return [...new Set(alternatives)];
    })
    .filter((g) => g.length > 0)
    .map((g) => (g.length === 1 ? g[0] : `(${g.join(' | ')})`));
  return groups.join(mode === 'all' ? ' & ' : ' | ');
}

/**
 * The same tsquery source restricted to the strong parts of a document (weights A and B: a product's
 * name and brand, its needs, active ingredients and keywords): `(magnesium:AB | magnesuim:AB)`,
 * prefixes `magn:*AB`. Ranks the documents that match there before those that match only in their
 * descriptions.
 */
export function strongParts(source: string): string {
  return source.replace(/([a-z0-9]+)(:\*)?/g, (_, word: string, prefix?: string) => `${word}:${prefix ? '*' : ''}AB`);
}
