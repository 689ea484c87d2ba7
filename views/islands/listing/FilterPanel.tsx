import { useState, type ReactNode, type Ref } from 'react';
import type { FilterGroupView } from '../../../contracts/catalogue';
import { CloseIcon } from '../../components/icons';
import { FilterBadge, PanelActions, PanelCloseButton, PanelHeader, panelAttributes } from './panels';
import type { Listing } from './use-listing';

/**
 * The filter column (a modal panel on phones): whatever the page puts first (the product list's
 * expertises), then the filter groups, the price form and, in the open phone panel, "apply".
 */
export function FilterPanel({
  listing,
  panelRef,
  closeRef,
  children,
}: {
  listing: Listing;
  panelRef: Ref<HTMLDivElement>;
  closeRef: Ref<HTMLButtonElement>;
  children?: ReactNode;
}) {
  const { data, enhanced, shownPanel, closePanel, applyPanel, shownCount } = listing;
  const labels = data.labels;
  /** Groups the visitor unfolded or folded, by name (kept while the results change in place). */
  const [open, setOpen] = useState<Record<string, boolean>>({});
  return (
    <div className="listing__aside" id="listing-filters" ref={panelRef} {...panelAttributes('filters', shownPanel)}>
      {(!enhanced || shownPanel === 'filters') && (
        <PanelHeader
          id="listing-filters-title"
          title={labels.open_filters}
          close={
            enhanced ? (
              <PanelCloseButton ref={closeRef} label={labels.close} onClose={closePanel} />
            ) : (
              <a className="panel-close" href="#listing-results" aria-label={labels.close}>
                <CloseIcon />
              </a>
            )
          }
        />
      )}
      {children}
      <section className="listing__filters" aria-labelledby="filters-title">
        <h2 className="listing__aside-title" id="filters-title">
          {labels.filters_title}
        </h2>
        {data.activeFilterCount > 0 && (
          <a className="listing__clear" href={data.clearFiltersHref} data-listing="clear">
            {labels.clear_filters}
          </a>
        )}
        {data.filters.map((group) => (
          <FilterGroup
            key={group.name}
            group={group}
            listing={listing}
            expanded={open[group.name] ?? group.expanded}
            onToggle={(expanded) => setOpen((o) => ({ ...o, [group.name]: expanded }))}
          />
        ))}
        <PriceFilter listing={listing} />
        {shownPanel === 'filters' && (
          <PanelActions
            apply={
              <>
                {labels.apply}
                <FilterBadge count={shownCount} data={listing.data} />
              </>
            }
            close={labels.close}
            onApply={applyPanel}
            onClose={closePanel}
          />
        )}
      </section>
    </div>
  );
}

/**
 * One filter: its values as links (checkbox role) with their counts; a dropdown, or a list that folds
 * after `group.fold` values with "show more" (every value is in the page for the links to work
 * without JavaScript; CSS hides those past the fold).
 */
export function FilterGroup(props: {
  group: FilterGroupView;
  listing: Listing;
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
}) {
  const { group, listing, expanded } = props;
  const labels = listing.data.labels;
  const folded = !group.dropdown && !expanded;
  const list = (
    <ul
      className={`filter-group__values${group.colour ? ' filter-group__values--colour' : ''}${folded ? ' is-folded' : ''}`}
    >
      {group.values.map((value, index) => {
        const selected = listing.isSelected(group, value.slug);
        return (
          <li key={value.slug} className={index >= group.fold ? 'filter-group__more' : undefined}>
            <a
              href={value.href}
              data-listing="filter"
              data-name={group.name}
              data-value={value.slug}
              role="checkbox"
              aria-checked={selected ? 'true' : 'false'}
              className={`filter-value${selected ? ' is-selected' : ''}`}
              rel="nofollow"
            >
              {group.colour && value.hex && (
                <svg className="swatch" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <circle cx="8" cy="8" r="7" fill={value.hex} stroke="#0000003d" />
                </svg>
              )}
              <span className="filter-value__label">{value.label}</span>
              <span className="filter-value__count">{value.count}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
  return (
    <div className={`filter-group filter-group--${group.name}`}>
      {group.dropdown ? (
        <details className="filter-group__dropdown">
          <summary className="filter-group__title">{group.title}</summary>
          {list}
        </details>
      ) : (
        <>
          <h3 className="filter-group__title">{group.title}</h3>
          {list}
          {group.values.length > group.fold && (
            <button
              type="button"
              className="link-button"
              aria-expanded={expanded}
              onClick={() => props.onToggle(!expanded)}
            >
              {expanded ? labels.show_less : labels.show_more}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** The price range: a GET form to the list without JavaScript, an in-place change with it. */
export function PriceFilter({ listing }: { listing: Listing }) {
  const { data, onPriceSubmit } = listing;
  const labels = data.labels;
  return (
    <form className="price-filter" method="get" action={data.formAction} onSubmit={onPriceSubmit}>
      <fieldset>
        <legend>{labels.price}</legend>
        {data.state.options.sort !== 'asc_order' && <input type="hidden" name="sort" value={data.state.options.sort} />}
        {data.display !== 'grid' && <input type="hidden" name="display" value={data.display} />}
        <label>
          {labels.price_min}
          <input
            type="number"
            name="price_min"
            min={data.price.defaultMin}
            max={data.price.defaultMax}
            step="1"
            defaultValue={data.price.min}
            key={`min-${data.price.min}`}
          />
        </label>
        <label>
          {labels.price_max}
          <input
            type="number"
            name="price_max"
            min={data.price.defaultMin}
            max={data.price.defaultMax}
            step="1"
            defaultValue={data.price.max}
            key={`max-${data.price.max}`}
          />
        </label>
        <button type="submit" className="button button--small">
          {labels.price_apply}
        </button>
      </fieldset>
    </form>
  );
}
