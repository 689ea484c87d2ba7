import { useEffect, useState } from 'react';
import { selectionToPairs } from '../../contracts/filters';
import { buildPath } from '../../contracts/route-table';
import { FilterPanel } from './listing/FilterPanel';
import { ListingToolbar } from './listing/ListingToolbar';
import { ListingResults } from './listing/Results';
import type { ListingData } from './listing/types';
import { useListing, type ListingSource } from './listing/use-listing';

/** The solutions tab of the results page: the product list's listing data, on the results route. */
export interface SearchListingProps extends ListingData {
  /** The searched text (the path's `-r--` segment). */
  text: string;
  storeFinderHref: string;
  /** "Recherche en cours…", shown while new results load in place (SPEC §8). */
  loadingLabel: string;
}

/** The results page reads /api/v1/search/listing and builds result paths (same rules as the server). */
export const SEARCH_RESULTS: ListingSource<SearchListingProps> = {
  async load(url) {
    const response = await fetch(`/api/v1/search/listing?path=${encodeURIComponent(url)}`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(String(response.status));
    const body = (await response.json()) as { data: Omit<SearchListingProps, 'text'>; title: string };
    const text = decodeURIComponent(/\/-r--([^/?]*)/.exec(url)?.[1] ?? '');
    return { data: { ...body.data, text }, title: body.title };
  },
  urlOf(data, selection, options) {
    const path = buildPath('results', data.locale, { tail: { text: data.text, filters: selectionToPairs(selection) } });
    const params = new URLSearchParams();
    if (options.sort !== 'asc_order') params.set('sort', options.sort);
    if (options.price.min !== data.price.defaultMin) params.set('price_min', String(options.price.min));
    if (options.price.max !== data.price.defaultMax) params.set('price_max', String(options.price.max));
    if (options.display !== 'grid') params.set('display', options.display);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  },
};

/**
 * The search's products with the product list's pieces (views/islands/listing/): filters with a
 * mobile toggle, sort, display, pages, all plain links without JavaScript and updated in place once
 * hydrated (the URL follows, so every state has a link).
 */
export default function SearchListing(initial: SearchListingProps) {
  const { listing, refs } = useListing(initial, SEARCH_RESULTS);
  const { data, shownPanel } = listing;
  const [searching, setSearching] = useState(false);
  // The listing says when an in-place load starts and ends (the loading bar listens too).
  useEffect(() => {
    const start = () => setSearching(true);
    const end = () => setSearching(false);
    window.addEventListener('app:navigation-start', start);
    window.addEventListener('app:navigation-end', end);
    window.addEventListener('app:navigation-error', end);
    return () => {
      window.removeEventListener('app:navigation-start', start);
      window.removeEventListener('app:navigation-end', end);
      window.removeEventListener('app:navigation-error', end);
    };
  }, []);
  return (
    <>
      <p className="search-loading" role="status">
        {searching ? initial.loadingLabel : ''}
      </p>
      <div
        className={`listing listing--search listing--${data.display}${shownPanel ? ` listing--panel-${shownPanel}` : ''}`}
        onClick={listing.onLinkClick}
      >
        <ListingToolbar listing={listing} refs={refs} />
        <FilterPanel listing={listing} panelRef={refs.filtersRef} closeRef={refs.filtersCloseRef} />
        <ListingResults data={data} failed={listing.failed} pharmacyHref={data.storeFinderHref} />
      </div>
    </>
  );
}
