import { SEARCH_HISTORY_SIZE } from '../../client/store';
import { SEARCH_SUBMIT_MIN } from '../../contracts/search';

/** Where the latest searches are kept in the browser (SPEC §2.2: at most 5, newest first). */
export const SEARCH_HISTORY_KEY = 'search-history';

/**
 * SPEC §5 quick search: submit disabled below 3 characters (the header box and the results panel),
 * counted as code points like the suggestions' minimum and the API's maximum ("🌿a" is 2, not 3).
 */
export function canSubmitSearch(text: string): boolean {
  return Array.from(text.trim()).length >= SEARCH_SUBMIT_MIN;
}

/** The stored history, whatever the storage holds (absent, foreign JSON, too long): strings only, at most 5. */
export function parseHistory(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .map((item) => item.trim())
      .slice(0, SEARCH_HISTORY_SIZE);
  } catch {
    return [];
  }
}

export function serializeHistory(history: readonly string[]): string {
  return JSON.stringify(history.slice(0, SEARCH_HISTORY_SIZE));
}

/** The results page for a text, as the search form itself would GET it. */
export function resultsUrl(action: string, text: string): string {
  return `${action}?q=${encodeURIComponent(text.trim())}`;
}
