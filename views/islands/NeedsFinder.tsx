import { useId, useState } from 'react';
import { filterNeedGroups, type NeedGroupView } from '../../contracts/needs';
import { useHydrated } from './browser-hooks';

export interface NeedsFinderProps {
  action: string;
  query: string;
  groups: NeedGroupView[];
  labels: { search: string; placeholder: string; submit: string; none: string; listTitle: string; all: string };
}

/**
 * The needs list (SPEC §2.2 "Needs list"): a search that filters the list as one types (without
 * JavaScript a GET form the server answers filtered), then the parent needs in need order,
 * collapsible, each with its child need links.
 */
export default function NeedsFinder(p: NeedsFinderProps) {
  const hydrated = useHydrated();
  const id = useId();
  const [query, setQuery] = useState(p.query);
  const shown = filterNeedGroups(p.groups, query);
  const searching = query.trim() !== '';
  return (
    <div className="needs-finder">
      <form
        className="needs-finder__search"
        method="get"
        action={p.action}
        role="search"
        onSubmit={hydrated ? (e) => e.preventDefault() : undefined}
      >
        <label htmlFor={`${id}-q`}>{p.labels.search}</label>
        <div className="needs-finder__field">
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            value={query}
            maxLength={100}
            placeholder={p.labels.placeholder}
            autoComplete="off"
            aria-controls={`${id}-list`}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit" className="button">
            {p.labels.submit}
          </button>
        </div>
      </form>
      <h2 className="needs-finder__title">{p.labels.listTitle}</h2>
      <p className="needs-finder__status" role="status">
        {shown.length === 0 ? p.labels.none : ''}
      </p>
      <ul className="needs-groups" id={`${id}-list`}>
        {shown.map((group) => (
          <li key={group.id} className="needs-group">
            <details open={searching || undefined}>
              <summary>
                <span className="needs-group__label">{group.label}</span>
              </summary>
              <ul className="needs-group__children">
                <li>
                  <a href={group.href} className="needs-group__all">
                    {p.labels.all}
                    <span className="visually-hidden"> – {group.label}</span>
                  </a>
                </li>
                {group.children.map((child) => (
                  <li key={child.id}>
                    <a href={child.href}>{child.label}</a>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
