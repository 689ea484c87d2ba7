import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from 'react-redux';
import { actions, useAppDispatch, useAppSelector, type AppStore } from '../../client/store';
import { cls } from '../components/cls';
import { CloseIcon, SearchIcon } from '../components/icons';
import { HEADER_SUGGEST_MIN, SEARCH_SUBMIT_MIN, SEARCH_TEXT_MAX } from '../../contracts/search';
import { safeStorage, useHydrated } from './browser-hooks';
import { optionId, SuggestionList, type SuggestLabels } from './search/SuggestionList';
import { useSuggestions } from './search/use-suggestions';
import { canSubmitSearch, parseHistory, resultsUrl, SEARCH_HISTORY_KEY, serializeHistory } from './search-history';

export interface HeaderSearchProps {
  /** The results route of the locale: the form GETs it with the text in `q` (works without JS). */
  action: string;
  inputId: string;
  /** In the header on phones and tablets the form hides behind a search button. */
  collapsible: boolean;
  labels: {
    label: string;
    placeholder: string;
    submit: string;
    open: string;
    close: string;
    history: string;
    clearHistory: string;
    minChars: string;
  };
  /** The suggestion popup's texts (search.suggest); without them the box suggests nothing. */
  suggestLabels?: SuggestLabels;
}

/** Loaded once per page even when several search boxes hydrate. */
let historyRead = false;

/**
 * Quick search (SPEC §2.2, §5): GET form to the results page, submit disabled below 3 characters once
 * hydrated (before that, the browser's own minlength check applies), latest searches (5, newest
 * first) kept in localStorage through the Redux `search` slice and offered while the box has focus.
 */
export default function HeaderSearch({ action, inputId, collapsible, labels, suggestLabels }: HeaderSearchProps) {
  const store = useStore() as AppStore;
  const dispatch = useAppDispatch();
  const history = useAppSelector((state) => state.search.history);
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const hintId = useId();
  const historyId = useId();
  const listId = useId();
  // SPEC §5: the header suggests from 3 characters (debounced 250 ms).
  const suggestions = useSuggestions(text, HEADER_SUGGEST_MIN, hydrated && focused && !!suggestLabels);
  const suggesting = suggestions.state !== 'idle';
  const expanded = suggestions.open && suggestions.state === 'results';

  useEffect(() => {
    if (historyRead) return;
    historyRead = true;
    dispatch(actions.historyLoaded(parseHistory(safeStorage.get(SEARCH_HISTORY_KEY))));
  }, [dispatch]);

  // SPEC §2.1: the text is cleared after submit, also when the visitor comes back to this page.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setText('');
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // The "skip to search" link must reach the box even while it is folded away.
  useEffect(() => {
    if (!collapsible) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="#${inputId}"]`);
      if (!link) return;
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => inputRef.current?.focus());
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [collapsible, inputId]);

  const remember = (term: string) => {
    dispatch(actions.searched(term));
    safeStorage.set(SEARCH_HISTORY_KEY, serializeHistory(store.getState().search.history));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!canSubmitSearch(text)) {
      event.preventDefault();
      return;
    }
    // No preventDefault: the browser GETs the results page, as without JavaScript.
    remember(text);
  };

  const clearHistory = () => {
    dispatch(actions.historyLoaded([]));
    safeStorage.set(SEARCH_HISTORY_KEY, null);
    inputRef.current?.focus();
  };

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next) requestAnimationFrame(() => inputRef.current?.focus());
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (focused && history.length > 0) {
      setFocused(false);
      return;
    }
    if (collapsible && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  const showHistory = focused && history.length > 0 && !suggesting;
  return (
    <>
      {collapsible && (
        <button
          ref={toggleRef}
          type="button"
          className="search-toggle icon-button"
          aria-expanded={open}
          aria-controls={formId}
          onClick={toggle}
        >
          {open ? <CloseIcon /> : <SearchIcon />}
          <span className="visually-hidden">{open ? labels.close : labels.open}</span>
        </button>
      )}
      <form
        id={formId}
        role="search"
        aria-label={labels.label}
        className={cls('search-form', collapsible && 'search-form--collapsible', open && 'is-open')}
        action={action}
        method="get"
        onSubmit={onSubmit}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {labels.label}
        </label>
        <div className="search-form__field">
          <SearchIcon className="search-form__icon" />
          <input
            ref={inputRef}
            id={inputId}
            className="search-form__input"
            type="search"
            name="q"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={labels.placeholder}
            autoComplete="off"
            enterKeyHint="search"
            minLength={SEARCH_SUBMIT_MIN}
            maxLength={SEARCH_TEXT_MAX}
            required
            aria-describedby={hintId}
            onKeyDown={suggestions.onKeyDown}
            role={hydrated && suggestLabels ? 'combobox' : undefined}
            aria-autocomplete={hydrated && suggestLabels ? 'list' : undefined}
            aria-expanded={hydrated && suggestLabels ? expanded : undefined}
            aria-activedescendant={
              expanded && suggestions.active >= 0 ? optionId(listId, suggestions.active) : undefined
            }
            aria-controls={showHistory ? historyId : expanded ? listId : undefined}
          />
          <button type="submit" className="search-form__submit" disabled={hydrated && !canSubmitSearch(text)}>
            {labels.submit}
          </button>
        </div>
        <p id={hintId} className="visually-hidden">
          {labels.minChars}
        </p>
        {suggestLabels && focused && suggesting && (
          <SuggestionList
            suggestions={suggestions}
            listId={listId}
            labels={suggestLabels}
            resultsHref={resultsUrl(action, text)}
            text={text.trim()}
          />
        )}
        {showHistory && (
          <div id={historyId} className="search-history">
            <p className="search-history__title" id={`${historyId}-title`}>
              {labels.history}
            </p>
            <ul className="search-history__list" aria-labelledby={`${historyId}-title`}>
              {history.map((term) => (
                <li key={term}>
                  <a className="search-history__link" href={resultsUrl(action, term)} onClick={() => remember(term)}>
                    <SearchIcon className="search-history__icon" />
                    {term}
                  </a>
                </li>
              ))}
            </ul>
            <button type="button" className="search-history__clear link-button" onClick={clearHistory}>
              {labels.clearHistory}
            </button>
          </div>
        )}
      </form>
    </>
  );
}
