import { fillLabel, type Labels } from '../../../contracts/i18n';
import type { Suggestions } from './use-suggestions';

export type SuggestLabels = Labels<'search.suggest'>;

const GROUP_LABEL = {
  product: 'group_products',
  need: 'group_needs',
  brand: 'group_brands',
  page: 'group_pages',
} as const;

/** The id of option `index` of a list (aria-activedescendant). */
export const optionId = (listId: string, index: number) => `${listId}-o${index}`;

/**
 * The suggestion popup of a combobox (SPEC §4 states): "loading", "none", the API's error, or the
 * listbox of options grouped by kind (products, needs, brands, pages), plus a status region that
 * says how many there are. Options are opened by click or by Enter on the input.
 */
export function SuggestionList({
  suggestions,
  listId,
  labels,
  resultsHref,
  text,
}: {
  suggestions: Suggestions;
  listId: string;
  labels: SuggestLabels;
  resultsHref: string;
  text: string;
}) {
  const { state, groups, active, setActive, open, error } = suggestions;
  const count = suggestions.options.length;
  let index = -1;
  return (
    <>
      <p className="visually-hidden" role="status">
        {state === 'results' && open
          ? fillLabel(count === 1 ? labels.count_one : labels.count_other, { count })
          : state === 'none'
            ? labels.none
            : ''}
      </p>
      {open && (
        <div className="suggestions" data-state={state}>
          {state === 'loading' && <p className="suggestions__message">{labels.loading}</p>}
          {state === 'none' && <p className="suggestions__message">{labels.none}</p>}
          {state === 'error' && (
            <p className="suggestions__message suggestions__message--error" role="alert">
              {error || labels.error}
            </p>
          )}
          <div
            id={listId}
            role="listbox"
            aria-label={labels.label}
            className="suggestions__list"
            hidden={state !== 'results'}
          >
            {state === 'results' &&
              groups.map((group) => (
                <div
                  key={group.kind}
                  role="group"
                  aria-label={labels[GROUP_LABEL[group.kind]]}
                  className="suggestions__group"
                >
                  <div className="suggestions__group-title" aria-hidden="true">
                    {labels[GROUP_LABEL[group.kind]]}
                  </div>
                  {group.items.map((item) => {
                    index += 1;
                    const i = index;
                    return (
                      <div
                        key={item.href}
                        id={optionId(listId, i)}
                        role="option"
                        aria-selected={i === active}
                        className={`suggestions__option${i === active ? ' is-active' : ''}`}
                        onMouseEnter={() => setActive(i)}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => window.location.assign(item.href)}
                      >
                        <span className="suggestions__title">{item.title}</span>
                        {item.context && <span className="suggestions__context">{item.context}</span>}
                      </div>
                    );
                  })}
                </div>
              ))}
          </div>
          {state === 'results' && (
            <a className="suggestions__all" href={resultsHref}>
              {fillLabel(labels.see_all, { text })}
            </a>
          )}
        </div>
      )}
    </>
  );
}
