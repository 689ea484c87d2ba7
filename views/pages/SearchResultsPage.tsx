import { countLabel, fillLabel, type Labels } from '../../contracts/i18n';
import { useRender } from '../render-context';
import type { PageLinkView } from '../../contracts/catalogue';
import type { SearchResultView, SearchTabName } from '../../contracts/search';
import { Island } from '../islands/Island';
import SearchListing, { type SearchListingProps } from '../islands/SearchListing';
import { Pagination } from '../islands/listing/Results';
import SearchPanel, { type SearchPanelProps } from '../islands/SearchPanel';

export interface SearchTabView {
  name: SearchTabName;
  label: string;
  count: number;
  href: string;
  active: boolean;
}

export interface SearchResultsProps {
  text: string;
  /** prompt: no text yet; none: nothing found; results: the tabs. */
  state: 'prompt' | 'none' | 'results';
  panel: SearchPanelProps;
  labels: Labels<'search'>;
  tabs: SearchTabView[];
  tab?: SearchTabName;
  /** The solutions tab: the product list's listing (island). */
  listing?: Omit<SearchListingProps, 'text' | 'loadingLabel'>;
  /** The search matches more products than the solutions tab lists: its best `shown` of `total`. */
  capped?: { shown: number; total: number } | null;
  /** The brands, needs and pages tabs. */
  results?: {
    items: SearchResultView[];
    total: number;
    pagination: PageLinkView[];
    previousHref: string | null;
    nextHref: string | null;
    paginationLabels: Labels<'catalogue.listing'>;
  };
  homeHref: string;
}

/**
 * SPEC §2.2 "Search results": the search panel, tabs with counts (each a link, so every state has a
 * URL and works without JavaScript), then the active tab: the solutions listing (filters with a
 * mobile toggle, sort, pages) or a list of brands, needs or pages; "no results" with the text.
 */
export function SearchResultsPage(props: SearchResultsProps) {
  const { labels, text, state } = props;
  return (
    <div className="search-page">
      <header className="list-banner list-banner--all search-page__banner">
        <h1 className="list-banner__heading">{labels.heading}</h1>
        {text && <p className="list-banner__title">{fillLabel(labels.searched_for, { text })}</p>}
      </header>
      <div className="search-page__panel">
        <Island component={SearchPanel} props={props.panel} />
      </div>
      {state === 'prompt' && <p className="search-page__prompt">{labels.prompt}</p>}
      {state === 'none' && <NoResults {...props} />}
      {state === 'results' && (
        <>
          <nav className="search-tabs" aria-label={labels.tabs_label}>
            <ul className="search-tabs__list">
              {props.tabs.map((tab) => (
                <li key={tab.name} className={`search-tabs__item${tab.active ? ' is-active' : ''}`}>
                  <a className="search-tabs__link" href={tab.href} aria-current={tab.active ? 'page' : undefined}>
                    {`${tab.label} `}
                    <span className="search-tabs__count">{`(${tab.count})`}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {props.tab === 'products' && props.capped && (
            <p className="search-page__capped">{fillLabel(labels.capped, props.capped)}</p>
          )}
          {props.tab === 'products' && props.listing && (
            <Island component={SearchListing} props={{ ...props.listing, text, loadingLabel: labels.loading }} />
          )}
          {props.tab !== 'products' && props.results && <ResultList {...props} results={props.results} />}
        </>
      )}
    </div>
  );
}

function NoResults({ labels, text, homeHref }: SearchResultsProps) {
  return (
    <section className="search-empty" aria-labelledby="search-empty-title">
      <h2 id="search-empty-title" className="search-empty__title">
        {labels.no_results_title}
      </h2>
      <p className="search-empty__term">{fillLabel(labels.no_results_term, { text })}</p>
      <ul className="search-empty__advice">
        <li>{labels.no_results_spelling}</li>
        <li>{labels.no_results_broader}</li>
      </ul>
      <a className="button" href={homeHref}>
        {labels.no_results_home}
      </a>
    </section>
  );
}

function ResultList({ labels, results }: SearchResultsProps & { results: NonNullable<SearchResultsProps['results']> }) {
  const { locale } = useRender();
  const more = { brand: labels.see_brand, need: labels.see_need, page: labels.read_page, product: '' } as const;
  return (
    <div className="search-results">
      <p className="listing__count">
        {countLabel(locale, results.total, labels.tab_count_one, labels.tab_count_other)}
      </p>
      {results.items.length === 0 ? (
        <p>{labels.tab_empty}</p>
      ) : (
        <ul className="search-results__list">
          {results.items.map((item) => (
            <li key={item.href} className={`search-result search-result--${item.kind}`}>
              <h2 className="search-result__title">
                <a href={item.href}>{item.title}</a>
              </h2>
              {item.context && <p className="search-result__context">{item.context}</p>}
              <span className="visually-hidden">{more[item.kind]}</span>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        data={{
          pagination: results.pagination,
          previousHref: results.previousHref,
          nextHref: results.nextHref,
          labels: results.paginationLabels,
        }}
      />
    </div>
  );
}
