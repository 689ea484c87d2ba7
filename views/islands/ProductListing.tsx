import { useState } from 'react';
import type { ExpertiseLinkView, PromoPushView } from '../../contracts/catalogue';
import { selectionToPairs } from '../../contracts/filters';
import { buildPath } from '../../contracts/route-table';
import { ExpertiseNav } from './listing/ExpertiseNav';
import { FilterPanel } from './listing/FilterPanel';
import { ListingToolbar } from './listing/ListingToolbar';
import { ListingResults, PromoPushes } from './listing/Results';
import type { ListingData, ListingOptions } from './listing/types';
import { useListing, type ListingSource } from './listing/use-listing';

export type { ListingOptions };

/** The product list's listing: the common listing data plus its expertises and pushes. */
export interface ListingProps extends ListingData {
  state: ListingData['state'] & { expertise?: string };
  basePath: string;
  expertises: ExpertiseLinkView[];
  allExpertiseHref: string;
  allExpertiseActive: boolean;
  pushes: PromoPushView[];
  storeFinderHref: string;
}

/** The product list reads /api/v1/listing and builds product-list paths (same rules as the server). */
export const PRODUCT_LIST: ListingSource<ListingProps> = {
  async load(url) {
    const response = await fetch(`/api/v1/listing?path=${encodeURIComponent(url)}`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(String(response.status));
    return (await response.json()) as { data: ListingProps; title: string };
  },
  urlOf(data, selection, options) {
    const path = buildPath('productList', data.locale, {
      tail: { expertise: data.state.expertise, filters: selectionToPairs(selection) },
    });
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
 * The product listing (SPEC §2.2, §4 Filters), composed of the listing pieces (views/islands/listing/).
 * Server-rendered with plain links: without JavaScript every filter, sort, page and the price form
 * load a page, and up to 1024 px the filters open as a full-screen panel from a link
 * ("#listing-filters", CSS :target). Once hydrated, on desktop every filter, sort, page or expertise
 * link updates the route and the results without a full reload; on mobile (<= 1024 px) the filter and
 * sort panels are modal dialogs that apply on confirmation.
 */
export default function ProductListing(initial: ListingProps) {
  const { listing, refs } = useListing(initial, PRODUCT_LIST);
  const { data, shownPanel } = listing;
  const [expertisesOpen, setExpertisesOpen] = useState(false);
  const openPanel: typeof listing.openPanel = (which) => {
    setExpertisesOpen(false);
    listing.openPanel(which);
  };
  const view = { ...listing, openPanel };

  return (
    <div
      className={`listing listing--${data.display}${shownPanel ? ` listing--panel-${shownPanel}` : ''}`}
      onClick={listing.onLinkClick}
    >
      <ListingToolbar listing={view} refs={refs} />
      <FilterPanel listing={view} panelRef={refs.filtersRef} closeRef={refs.filtersCloseRef}>
        <ExpertiseNav
          expertises={data.expertises}
          allHref={data.allExpertiseHref}
          allActive={data.allExpertiseActive}
          labels={data.labels}
          inPanel={shownPanel === 'filters'}
          open={expertisesOpen}
          onToggle={() => setExpertisesOpen((o) => !o)}
        />
      </FilterPanel>
      <ListingResults data={data} failed={listing.failed} pharmacyHref={data.storeFinderHref}>
        <PromoPushes pushes={data.pushes} />
      </ListingResults>
    </div>
  );
}
