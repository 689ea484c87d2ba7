import type { Ref } from 'react';
import { statusText } from './labels';
import { FilterBadge, PanelActions, PanelCloseButton, PanelHeader, panelAttributes } from './panels';
import type { Listing, ListingRefs } from './use-listing';

/**
 * The bar above a listing's results: the count (focused after in-place paging), the status region,
 * the phone buttons that open the filter and sort panels, the sort and the display switch.
 */
export function ListingToolbar({ listing, refs }: { listing: Listing; refs: ListingRefs }) {
  const { countRef, filtersButtonRef, sortButtonRef, sortRef, sortCloseRef } = refs;
  return (
    <div className="listing__toolbar">
      <ResultCount listing={listing} countRef={countRef} />
      <PanelButtons listing={listing} filtersButtonRef={filtersButtonRef} sortButtonRef={sortButtonRef} />
      <SortPanel listing={listing} panelRef={sortRef} closeRef={sortCloseRef} />
      <DisplaySwitch listing={listing} />
    </div>
  );
}

/** "61 produits – page 2 sur 6", and the status region that reads out in-place changes. */
export function ResultCount({ listing, countRef }: { listing: Listing; countRef: Ref<HTMLParagraphElement> }) {
  return (
    <>
      <p className="listing__count" id="listing-count" ref={countRef} tabIndex={-1}>
        {statusText(listing.data)}
      </p>
      <p className="visually-hidden" role="status">
        {listing.announcement}
      </p>
    </>
  );
}

/** Phones: "Filter" (a link to the panel without JavaScript) and "Sort" open their panels. */
export function PanelButtons({
  listing,
  filtersButtonRef,
  sortButtonRef,
}: {
  listing: Listing;
  filtersButtonRef: Ref<HTMLButtonElement>;
  sortButtonRef: Ref<HTMLButtonElement>;
}) {
  const { data, enhanced, shownPanel, openPanel } = listing;
  const labels = data.labels;
  return (
    <div className="listing__mobile-actions">
      {enhanced ? (
        <button
          ref={filtersButtonRef}
          type="button"
          className="button button--outline"
          aria-haspopup="dialog"
          aria-expanded={shownPanel === 'filters'}
          aria-controls="listing-filters"
          onClick={() => openPanel('filters')}
        >
          {labels.open_filters}
          <FilterBadge count={data.activeFilterCount} data={data} />
        </button>
      ) : (
        <a className="button button--outline" href="#listing-filters">
          {labels.open_filters}
          <FilterBadge count={data.activeFilterCount} data={data} />
        </a>
      )}
      {enhanced && (
        <button
          ref={sortButtonRef}
          type="button"
          className="button button--outline"
          aria-haspopup="dialog"
          aria-expanded={shownPanel === 'sort'}
          aria-controls="listing-sort"
          onClick={() => openPanel('sort')}
        >
          {labels.open_sort}
        </button>
      )}
    </div>
  );
}

/** The sort options as links; on phones a panel whose choice applies on confirmation. */
export function SortPanel({
  listing,
  panelRef,
  closeRef,
}: {
  listing: Listing;
  panelRef: Ref<HTMLDivElement>;
  closeRef: Ref<HTMLButtonElement>;
}) {
  const { data, shownPanel, draftSort, closePanel, applyPanel } = listing;
  const labels = data.labels;
  return (
    <div className="listing__sort" id="listing-sort" ref={panelRef} {...panelAttributes('sort', shownPanel)}>
      {shownPanel === 'sort' && (
        <PanelHeader
          id="listing-sort-title"
          title={labels.open_sort}
          close={<PanelCloseButton ref={closeRef} label={labels.close} onClose={closePanel} />}
        />
      )}
      <p className="listing__sort-label" id="sort-label">
        {labels.sort_label}
      </p>
      <ul className="listing__sort-options" aria-labelledby="sort-label">
        {data.sorts.map((s) => {
          const selected = shownPanel === 'sort' ? draftSort === s.value : s.selected;
          return (
            <li key={s.value}>
              <a
                href={s.href}
                data-listing="sort"
                data-value={s.value}
                aria-current={selected ? 'true' : undefined}
                className={selected ? 'is-selected' : undefined}
                rel="nofollow"
              >
                {s.label}
              </a>
            </li>
          );
        })}
      </ul>
      {shownPanel === 'sort' && (
        <PanelActions apply={labels.apply} close={labels.close} onApply={applyPanel} onClose={closePanel} />
      )}
    </div>
  );
}

/** Grid or list. */
export function DisplaySwitch({ listing }: { listing: Listing }) {
  const { data } = listing;
  const labels = data.labels;
  return (
    <div className="listing__display" role="group" aria-label={labels.display_grid + ' / ' + labels.display_horizontal}>
      <a
        href={data.displayLinks.grid}
        data-listing="display"
        aria-current={data.display === 'grid' ? 'true' : undefined}
        rel="nofollow"
      >
        {labels.display_grid}
      </a>
      <a
        href={data.displayLinks.horizontal}
        data-listing="display"
        aria-current={data.display === 'horizontal' ? 'true' : undefined}
        rel="nofollow"
      >
        {labels.display_horizontal}
      </a>
    </div>
  );
}
