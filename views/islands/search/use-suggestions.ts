import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  SUGGEST_DEBOUNCE_MS,
  type SearchResultView,
  type SuggestAnswer,
  type SuggestionGroupView,
} from '../../../contracts/search';

/** SPEC §4 "Search suggestion": idle, loading, loaded with results, loaded with none, error. */
export type SuggestState = 'idle' | 'loading' | 'results' | 'none' | 'error';

/** Asks the content API for suggestions (SPEC §7 "Suggest"); the site's host gives shop and language. */
export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<SuggestAnswer['data']> {
  const response = await fetch(`/api/v1/search?type=Suggest&text=${encodeURIComponent(text)}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  const body = (await response.json().catch(() => null)) as (SuggestAnswer & { message?: string }) | null;
  if (!response.ok || !body?.data) throw new SuggestError(body?.message ?? '');
  return body.data;
}

/** A failed suggestion call, with the API's message (shown as is, SPEC §8). */
export class SuggestError extends Error {}

/**
 * Suggestions as the visitor types (SPEC §5, §7, §9): from `min` characters, debounced 250 ms, the
 * latest answer only (older requests aborted), and the keyboard of the combobox pattern: arrows move
 * through the options, Enter opens the active one, Escape closes the list.
 */
export function useSuggestions(text: string, min: number, enabled: boolean) {
  const trimmed = text.trim();
  const asked = enabled && Array.from(trimmed).length >= min ? trimmed : '';
  /** The answer for one text; a newer text shows "loading" until its own answer arrives. */
  const [answer, setAnswer] = useState<{
    text: string;
    state: SuggestState;
    groups: SuggestionGroupView[];
    error: string;
  }>({ text: '', state: 'idle', groups: [], error: '' });
  /** Keyboard position and Escape, for one text (typing starts over). */
  const [nav, setNav] = useState({ text: '', active: -1, dismissed: false });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    controller.current?.abort();
    if (!asked) return;
    const timer = window.setTimeout(() => {
      const abort = new AbortController();
      controller.current = abort;
      fetchSuggestions(asked, abort.signal).then(
        (data) => {
          if (abort.signal.aborted) return;
          const shown = data.groups.filter((g) => g.items.length > 0);
          setAnswer({ text: asked, state: shown.length ? 'results' : 'none', groups: shown, error: '' });
        },
        (failure: unknown) => {
          if (abort.signal.aborted) return;
          setAnswer({
            text: asked,
            state: 'error',
            groups: [],
            error: failure instanceof SuggestError ? failure.message : '',
          });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [asked]);

  useEffect(() => () => controller.current?.abort(), []);

  const current = answer.text === asked;
  const state: SuggestState = !asked ? 'idle' : current ? answer.state : 'loading';
  const groups = useMemo(() => (asked && current ? answer.groups : []), [asked, current, answer.groups]);
  const error = current ? answer.error : '';
  const { active, dismissed } = nav.text === asked ? nav : { active: -1, dismissed: false };
  const options = useMemo<SearchResultView[]>(() => groups.flatMap((g) => g.items), [groups]);
  const open = !dismissed && state !== 'idle';
  const setActive = useCallback((index: number) => setNav({ text: asked, active: index, dismissed: false }), [asked]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Escape' && open) {
        event.preventDefault();
        event.stopPropagation();
        setNav({ text: asked, active: -1, dismissed: true });
        return;
      }
      if (state !== 'results' || !options.length) return;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setActive((active + 1) % options.length);
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        setActive(active <= 0 ? options.length - 1 : active - 1);
      } else if (event.key === 'Enter' && open && active >= 0) {
        event.preventDefault();
        window.location.assign(options[active].href);
      }
    },
    [state, options, open, active, asked, setActive],
  );

  return { state, groups, options, error, active, setActive, open, onKeyDown };
}

export type Suggestions = ReturnType<typeof useSuggestions>;
