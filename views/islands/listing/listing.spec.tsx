import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createAppStore } from '../../../client/store';
import type { ListingLabels, ListingData } from './types';
import { labelsOf } from '../../../contracts/i18n';
import { PRODUCT_LIST, type ListingProps } from '../ProductListing';
import { FilterPanel } from './FilterPanel';
import { FilterBadge } from './panels';
import { statusText } from './labels';
import { ListingToolbar } from './ListingToolbar';
import { ListingResults } from './Results';
import { useListing, type ListingSource } from './use-listing';

const fr = (key: string) => `«${key.split('.').pop()}»`;
const labels: ListingLabels = {
  ...labelsOf(fr, 'catalogue.listing'),
  results_one: '{count} produit',
  results_other: '{count} produits',
  active_filters_one: '{count} filtre actif',
  active_filters_other: '{count} filtres actifs',
  page_status: 'page {page} sur {pages}',
  page_n: 'Page {page}',
};

/** Search results for "magnésium": another data source, no expertises, no pushes, no pharmacy card. */
const results: ListingData = {
  locale: 'fr',
  state: {
    selection: { brand: ['formag'] },
    options: { sort: 'asc_order', price: { min: 0, max: 500 }, display: 'grid' },
    page: 2,
  },
  filters: [
    {
      name: 'brand',
      type: 'LIST',
      title: 'Marque',
      dropdown: false,
      colour: false,
      fold: 5,
      expanded: false,
      values: [{ slug: 'formag', label: 'Formag', count: 3, selected: true, href: '/resultats/-r--magnesium' }],
    },
  ],
  activeFilterCount: 1,
  clearFiltersHref: '/resultats/-r--magnesium',
  total: 13,
  products: [],
  pagination: [1, 2].map((page) => ({ page, href: `/resultats/-r--magnesium/-p--${page}`, current: page === 2 })),
  pageCount: 2,
  previousHref: '/resultats/-r--magnesium',
  nextHref: null,
  display: 'grid',
  displayLinks: { grid: '/resultats/-r--magnesium', horizontal: '/resultats/-r--magnesium?display=horizontal' },
  sorts: [{ value: 'asc_order', label: 'Pertinence', href: '/resultats/-r--magnesium', selected: true }],
  price: { min: 0, max: 500, defaultMin: 0, defaultMax: 500 },
  formAction: '/resultats/-r--magnesium',
  labels,
};

const SEARCH: ListingSource<ListingData> = {
  load: () => Promise.reject(new Error('not in this test')),
  urlOf: () => '/resultats/-r--magnesium',
};

function SearchResults(initial: ListingData) {
  const { listing, refs } = useListing(initial, SEARCH);
  return (
    <div className="listing" onClick={listing.onLinkClick}>
      <ListingToolbar listing={listing} refs={refs} />
      <FilterPanel listing={listing} panelRef={refs.filtersRef} closeRef={refs.filtersCloseRef} />
      <ListingResults data={listing.data} failed={listing.failed} />
    </div>
  );
}

describe('listing pieces', () => {
  it('compose a listing over another data source, without the product-list parts', () => {
    const html = renderToStaticMarkup(
      <Provider store={createAppStore()}>
        <SearchResults {...results} />
      </Provider>,
    );
    expect(html).toContain('<p class="listing__count" id="listing-count" tabindex="-1">13 produits – page 2 sur 2</p>');
    expect(html).toContain(
      'data-listing="filter" data-name="brand" data-value="formag" role="checkbox" aria-checked="true"',
    );
    expect(html).toContain('<a href="/resultats/-r--magnesium/-p--1" data-listing="page" aria-label="Page 1">1</a>');
    expect(html).toContain('<p class="listing__empty">«no_results»</p>');
    // Without JavaScript the filters open from a link; nothing of the product list comes along.
    expect(html).toContain('<a class="button button--outline" href="#listing-filters">«open_filters»');
    expect(html).not.toContain('listing__expertises');
    expect(html).not.toContain('pharmacy-card');
    expect(html).not.toContain('listing__pushes');
  });

  it('says the count, and the page when there are several', () => {
    expect(statusText({ ...results, total: 1, pageCount: 1 })).toBe('1 produit');
    expect(statusText(results)).toBe('13 produits – page 2 sur 2');
  });

  it('says counts in the singular or plural of the page language (French 0 and 1 singular, German 1 only)', () => {
    expect(statusText({ ...results, total: 0, pageCount: 0 })).toBe('0 produit');
    const de = {
      ...results,
      locale: 'de' as const,
      labels: { ...labels, results_one: '{count} Produkt', results_other: '{count} Produkte' },
    };
    expect(statusText({ ...de, total: 0, pageCount: 0 })).toBe('0 Produkte');
    expect(statusText({ ...de, total: 1, pageCount: 1 })).toBe('1 Produkt');
    // The active filters of the filter button: one chosen value is "1 filtre actif".
    const toolbar = (count: number) => renderToStaticMarkup(<FilterBadgeOf count={count} />);
    expect(toolbar(1)).toContain('1 filtre actif<');
    expect(toolbar(2)).toContain('2 filtres actifs<');
    expect(toolbar(0)).toBe('');
  });

  it('the product list source builds the list path of a selection, with non-default options in the query', () => {
    const data = { ...results, locale: 'fr', state: { ...results.state, expertise: 'immunite' } } as ListingProps;
    expect(
      PRODUCT_LIST.urlOf(
        data,
        { brand: ['formag', 'lactibiane'] },
        { sort: 'asc_price', price: { min: 0, max: 40 }, display: 'grid' },
      ),
    ).toBe('/produits/immunite/-brand--formag/-brand--lactibiane?sort=asc_price&price_max=40');
    expect(PRODUCT_LIST.urlOf({ ...data, locale: 'de' }, {}, results.state.options)).toBe('/produkte/immunite');
  });
});

function FilterBadgeOf({ count }: { count: number }) {
  return <FilterBadge count={count} data={results} />;
}
