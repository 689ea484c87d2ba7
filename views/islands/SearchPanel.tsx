import { useId, useState, type FormEvent } from 'react';
import type { Labels } from '../../contracts/i18n';
import type { Locale } from '../../contracts/route-table';
import { PANEL_SUGGEST_MIN, SEARCH_SUBMIT_MIN, SEARCH_TEXT_MAX } from '../../contracts/search';
import { SearchIcon } from '../components/icons';
import { useHydrated } from './browser-hooks';
import { optionId, SuggestionList, type SuggestLabels } from './search/SuggestionList';
import { useSuggestions } from './search/use-suggestions';
import { canSubmitSearch, resultsUrl } from './search-history';

export interface SearchPanelProps {
  /** The results route: the form GETs it with `q`, the server redirects to the path form. */
  action: string;
  locale: Locale;
  /** The text searched (the field starts with it, so it can be refined). */
  text: string;
  labels: Labels<'search.panel'>;
  suggestLabels: SuggestLabels;
}

/**
 * The search panel of the results page (SPEC §5: suggestions from 2 characters, submit from 3): a
 * GET form that works without JavaScript, and once hydrated a combobox with grouped suggestions.
 */
export default function SearchPanel({ action, text: initial, labels, suggestLabels }: SearchPanelProps) {
  const [text, setText] = useState(initial);
  const [focused, setFocused] = useState(false);
  const hydrated = useHydrated();
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const suggestions = useSuggestions(text === initial ? '' : text, PANEL_SUGGEST_MIN, hydrated && focused);
  const canSubmit = canSubmitSearch(text);
  const expanded = suggestions.open && suggestions.state === 'results';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!canSubmit) event.preventDefault();
  };

  return (
    <form
      className="search-panel"
      role="search"
      aria-label={labels.label}
      action={action}
      method="get"
      onSubmit={onSubmit}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <label htmlFor={inputId} className="search-panel__label">
        {labels.label}
      </label>
      <div className="search-panel__field">
        <SearchIcon className="search-form__icon" />
        <input
          id={inputId}
          className="search-panel__input"
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={suggestions.onKeyDown}
          placeholder={labels.placeholder}
          autoComplete="off"
          enterKeyHint="search"
          minLength={SEARCH_SUBMIT_MIN}
          maxLength={SEARCH_TEXT_MAX}
          required
          role={hydrated ? 'combobox' : undefined}
          aria-autocomplete={hydrated ? 'list' : undefined}
          aria-expanded={hydrated ? expanded : undefined}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={expanded && suggestions.active >= 0 ? optionId(listId, suggestions.active) : undefined}
          aria-describedby={hintId}
        />
        <button type="submit" className="button search-panel__submit" disabled={hydrated && !canSubmit}>
          {labels.submit}
        </button>
      </div>
      <p id={hintId} className="search-panel__hint">
        {labels.min_chars}
      </p>
      {hydrated && focused && (
        <SuggestionList
          suggestions={suggestions}
          listId={listId}
          labels={suggestLabels}
          resultsHref={resultsUrl(action, text)}
          text={text.trim()}
        />
      )}
    </form>
  );
}
