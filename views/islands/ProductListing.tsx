import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import type { Labels } from '../../contracts/i18n';
import { buildPath, type Locale } from '../../contracts/route-table';
import type {
  ExpertiseLinkView,
  FilterGroupView,
  PageLinkView,
  ProductCardView,
  PromoPushView,
  SortOptionView,
} from '../../contracts/catalogue';
import {
  countSelected,
  selectionToPairs,
  toggleFilter,
  type FilterName,
  type FilterSelection,
} from '../../contracts/filters';
import { useAppSelector } from '../../client/store';
import { CloseIcon } from '../components/icons';
import { ProductCard } from '../components/ProductCard';
import { prefersReducedMotion, useHydrated } from './browser-hooks';
import { useModalPanel } from './modal-panel';

export interface ListingOptions {
  sort: string;
  price: { min: number; max: number };
  display: 'grid' | 'horizontal';
}

export interface ListingProps {
  locale: Locale;
  state: { expertise?: string; selection: FilterSelection; options: ListingOptions; page: number };
  basePath: string;
  expertises: ExpertiseLinkView[];
  allExpertiseHref: string;
  allExpertiseActive: boolean;
  filters: FilterGroupView[];
  activeFilterCount: number;
  clearFiltersHref: string;
  total: number;
  products: ProductCardView[];
  pagination: PageLinkView[];
  previousHref: string | null;
  nextHref: string | null;
  pushes: PromoPushView[];
  display: 'grid' | 'horizontal';
  displayLinks: { grid: string; horizontal: string };
  sorts: SortOptionView[];
  price: { min: number; max: number; defaultMin: number; defaultMax: number };
  formAction: string;
  storeFinderHref: string;
  labels: Labels<'catalogue.listing'>;
}

function listUrl(props: ListingProps, selection: FilterSelection, options: ListingOptions): string {
  const path = buildPath('productList', props.locale, {
    tail: { expertise: props.state.expertise, filters: selectionToPairs(selection) },
  });
  const params = new URLSearchParams();
  if (options.sort !== 'asc_order') params.set('sort', options.sort);
  if (options.price.min !== props.price.defaultMin) params.set('price_min', String(options.price.min));
  if (options.price.max !== props.price.defaultMax) params.set('price_max', String(options.price.max));
  if (options.display !== 'grid') params.set('display', options.display);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const format = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/** "61 produits", and "– page 2 sur 6" when there is more than one page. */
function statusText(data: ListingProps): string {
  const labels = data.labels;
  const results = format(data.total === 1 ? labels.results_one : labels.results_other, { count: data.total });
  if (data.pagination.length < 2) return results;
  return `${results} – ${format(labels.page_status, { page: data.state.page, pages: data.pagination.length })}`;
}

/** Top bar of a phone panel: its title and a close control (a link to the results without JavaScript). */
function PanelHeader(props: { id: string; title: string; close: ReactNode }) {
  return (
    <div className="panel-header">
      <h2 className="panel-header__title" id={props.id}>
        {props.title}
      </h2>
      {props.close}
    </div>
  );
}

/**
 * The product listing (SPEC §2.2, §4 Filters). Server-rendered with plain links: without JavaScript
 * every filter, sort, page and the price form load a page, and up to 1024 px the filters open as a
 * full-screen panel from a link ("#listing-filters", CSS :target). Once hydrated, on desktop every
 * filter, sort, page or expertise link updates the route and the results without a full reload; on
 * mobile (<= 1024 px) the filter and sort panels are modal dialogs that apply on confirmation.
 */
export default function ProductListing(initial: ListingProps) {
  const [data, setData] = useState(initial);
  const [draft, setDraft] = useState<FilterSelection>(initial.state.selection);
  const [draftSort, setDraftSort] = useState(initial.state.options.sort);
  const [panel, setPanel] = useState<null | 'filters' | 'sort'>(null);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [expertisesOpen, setExpertisesOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  /** What the status region reads out after an in-place change of filters or sort. */
  const [announcement, setAnnouncement] = useState('');
  const mobile = useAppSelector((s) => s.app.mobile);
  const enhanced = useHydrated();
  const request = useRef(0);
  /** Set when a page link loaded new results: the view then moves to the top of them. */
  const pagedRef = useRef(false);
  const countRef = useRef<HTMLParagraphElement>(null);
  const filtersRef = useRef<HTMLDivElement>(null);
  const sortRef = useRef<HTMLDivElement>(null);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const sortButton = useRef<HTMLButtonElement>(null);
  const filtersClose = useRef<HTMLButtonElement>(null);
  const sortClose = useRef<HTMLButtonElement>(null);
  const labels = data.labels;
  // Panels exist on phones and tablets only: widening the window closes them.
  const shownPanel = mobile ? panel : null;

  const closePanel = useCallback(() => setPanel(null), []);
  useModalPanel(shownPanel === 'filters', filtersRef, {
    onClose: closePanel,
    initialFocus: filtersClose,
    returnFocus: filtersButton,
  });
  useModalPanel(shownPanel === 'sort', sortRef, {
    onClose: closePanel,
    initialFocus: sortClose,
    returnFocus: sortButton,
  });

  const navigate = useCallback(async (url: string, push = true, paging = false) => {
    const id = ++request.current;
    window.dispatchEvent(new Event('app:navigation-start'));
    try {
      const response = await fetch(`/api/v1/listing?path=${encodeURIComponent(url)}`, {
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { data: ListingProps; title: string };
      if (id !== request.current) return;
      pagedRef.current = paging;
      setData(body.data);
      setDraft(body.data.state.selection);
      setDraftSort(body.data.state.options.sort);
      setFailed(false);
      // Paging moves focus to the count, which reads the new page out; other changes are announced.
      if (!paging) setAnnouncement(statusText(body.data));
      if (push) window.history.pushState({ listing: true }, '', url);
      document.title = body.title;
      window.dispatchEvent(new Event('app:navigation-end'));
    } catch {
      if (id !== request.current) return;
      setFailed(true);
      window.dispatchEvent(new Event('app:navigation-error'));
    }
  }, []);

  // After in-place paging the visitor is at the pagination, below the results: go to their top.
  useEffect(() => {
    if (!pagedRef.current) return;
    pagedRef.current = false;
    const count = countRef.current;
    if (!count) return;
    count.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    count.focus({ preventScroll: true });
  }, [data]);

  useEffect(() => {
    const onPop = () => void navigate(window.location.pathname + window.location.search, false);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [navigate]);

  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(() => setFailed(false), 3000);
    return () => window.clearTimeout(timer);
  }, [failed]);

  /** Desktop: links inside the listing navigate in place (modified clicks open normally). */
  const onLinkClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-listing]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    const inPanel = !!link.closest('[data-panel]');
    if (shownPanel && inPanel && link.dataset.listing === 'filter') {
      event.preventDefault();
      setDraft((current) => toggleFilter(current, link.dataset.name as FilterName, link.dataset.value as string));
      return;
    }
    if (shownPanel && inPanel && link.dataset.listing === 'sort') {
      event.preventDefault();
      setDraftSort(link.dataset.value as string);
      return;
    }
    event.preventDefault();
    if (shownPanel) setPanel(null);
    void navigate(link.getAttribute('href') as string, true, link.dataset.listing === 'page');
  };

  const onPriceSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const min = Number(form.get('price_min'));
    const max = Number(form.get('price_max'));
    if (!Number.isFinite(min) || !Number.isFinite(max)) return;
    const options = { ...data.state.options, price: { min: Math.min(min, max), max: Math.max(min, max) } };
    const selection = shownPanel === 'filters' ? draft : data.state.selection;
    setPanel(null);
    void navigate(listUrl(data, selection, options));
  };

  const applyPanel = () => {
    const options = { ...data.state.options, sort: draftSort };
    setPanel(null);
    void navigate(listUrl(data, draft, options));
  };

  const openPanel = (which: 'filters' | 'sort') => {
    setDraft(data.state.selection);
    setDraftSort(data.state.options.sort);
    setExpertisesOpen(false);
    setPanel(which);
  };

  const selectedIn = (group: FilterGroupView, slug: string) =>
    shownPanel === 'filters'
      ? !!draft[group.name as FilterName]?.includes(slug)
      : group.values.find((v) => v.slug === slug)?.selected;

  const shownCount = shownPanel === 'filters' ? countSelected(draft) : data.activeFilterCount;
  const activeExpertise = data.expertises.flatMap((e) => [e, ...e.children]).find((e) => e.active) as
    | { name: string }
    | undefined;
  const closeButton = (ref: typeof filtersClose) => (
    <button ref={ref} type="button" className="panel-close" aria-label={labels.close} onClick={closePanel}>
      <CloseIcon />
    </button>
  );
  const dialog = (which: 'filters' | 'sort') =>
    shownPanel === which
      ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': `listing-${which}-title` }
      : { role: undefined };

  return (
    <div
      className={`listing listing--${data.display}${shownPanel ? ` listing--panel-${shownPanel}` : ''}`}
      onClick={onLinkClick}
    >
      <div className="listing__toolbar">
        <p className="listing__count" id="listing-count" ref={countRef} tabIndex={-1}>
          {statusText(data)}
        </p>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        <div className="listing__mobile-actions">
          {enhanced ? (
            <button
              ref={filtersButton}
              type="button"
              className="button button--outline"
              aria-haspopup="dialog"
              aria-expanded={shownPanel === 'filters'}
              aria-controls="listing-filters"
              onClick={() => openPanel('filters')}
            >
              {labels.open_filters}
              <FilterBadge count={data.activeFilterCount} label={labels.active_filters} />
            </button>
          ) : (
            <a className="button button--outline" href="#listing-filters">
              {labels.open_filters}
              <FilterBadge count={data.activeFilterCount} label={labels.active_filters} />
            </a>
          )}
          {enhanced && (
            <button
              ref={sortButton}
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
        <div
          className="listing__sort"
          id="listing-sort"
          ref={sortRef}
          data-panel={shownPanel === 'sort' ? 'open' : 'closed'}
          {...dialog('sort')}
        >
          {shownPanel === 'sort' && (
            <PanelHeader id="listing-sort-title" title={labels.open_sort} close={closeButton(sortClose)} />
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
            <div className="panel-actions">
              <button type="button" className="button" onClick={applyPanel}>
                {labels.apply}
              </button>
              <button type="button" className="button button--ghost" onClick={closePanel}>
                {labels.close}
              </button>
            </div>
          )}
        </div>
        <div
          className="listing__display"
          role="group"
          aria-label={labels.display_grid + ' / ' + labels.display_horizontal}
        >
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
      </div>

      <div
        className="listing__aside"
        id="listing-filters"
        ref={filtersRef}
        data-panel={shownPanel === 'filters' ? 'open' : 'closed'}
        {...dialog('filters')}
      >
        {(!enhanced || shownPanel === 'filters') && (
          <PanelHeader
            id="listing-filters-title"
            title={labels.open_filters}
            close={
              enhanced ? (
                closeButton(filtersClose)
              ) : (
                <a className="panel-close" href="#listing-results" aria-label={labels.close}>
                  <CloseIcon />
                </a>
              )
            }
          />
        )}
        <nav className="listing__expertises" aria-label={labels.expertises}>
          {shownPanel === 'filters' ? (
            // In the phone panel the long expertise list folds away so the filters come first.
            <h2 className="listing__aside-title">
              <button
                type="button"
                className="listing__expertises-toggle"
                aria-expanded={expertisesOpen}
                aria-controls="listing-expertises-list"
                onClick={() => setExpertisesOpen((o) => !o)}
              >
                {labels.expertises}{' '}
                <span className="listing__expertises-current">{activeExpertise?.name ?? labels.all_expertise}</span>
              </button>
            </h2>
          ) : (
            <h2 className="listing__aside-title">{labels.expertises}</h2>
          )}
          <ul id="listing-expertises-list" hidden={shownPanel === 'filters' && !expertisesOpen}>
            <li>
              <a
                href={data.allExpertiseHref}
                data-listing="expertise"
                aria-current={data.allExpertiseActive ? 'page' : undefined}
              >
                {labels.all_expertise}
              </a>
            </li>
            {data.expertises.map((e) => (
              <li key={e.slug}>
                <a href={e.href} data-listing="expertise" aria-current={e.active ? 'page' : undefined}>
                  {e.name}
                </a>
                {e.children.length > 0 && (
                  <ul>
                    {e.children.map((c) => (
                      <li key={c.slug}>
                        <a href={c.href} data-listing="expertise" aria-current={c.active ? 'page' : undefined}>
                          {c.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <section className="listing__filters" aria-labelledby="filters-title">
          <h2 className="listing__aside-title" id="filters-title">
            {labels.filters_title}
          </h2>
          {data.activeFilterCount > 0 && (
            <a className="listing__clear" href={data.clearFiltersHref} data-listing="clear">
              {labels.clear_filters}
            </a>
          )}
          {data.filters.map((group) => {
            const expanded = open[group.name] ?? group.expanded;
            // Every value is in the page (links work without JavaScript); those past the fold are
            // hidden by CSS until "show more".
            const folded = !group.dropdown && !expanded;
            const list = (
              <ul
                className={`filter-group__values${group.colour ? ' filter-group__values--colour' : ''}${folded ? ' is-folded' : ''}`}
              >
                {group.values.map((value, index) => {
                  const selected = selectedIn(group, value.slug);
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
                          <svg
                            className="swatch"
                            width="16"
                            height="16"
                            viewBox="0 0 16 16"
                            aria-hidden="true"
                            focusable="false"
                          >
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
              <div key={group.name} className={`filter-group filter-group--${group.name}`}>
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
                        onClick={() => setOpen((o) => ({ ...o, [group.name]: !expanded }))}
                      >
                        {expanded ? labels.show_less : labels.show_more}
                      </button>
                    )}
                  </>
                )}
              </div>
            );
          })}
          <form className="price-filter" method="get" action={data.formAction} onSubmit={onPriceSubmit}>
            <fieldset>
              <legend>{labels.price}</legend>
              {data.state.options.sort !== 'asc_order' && (
                <input type="hidden" name="sort" value={data.state.options.sort} />
              )}
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
          {shownPanel === 'filters' && (
            <div className="panel-actions">
              <button type="button" className="button" onClick={applyPanel}>
                {labels.apply}
                <FilterBadge count={shownCount} label={labels.active_filters} />
              </button>
              <button type="button" className="button button--ghost" onClick={closePanel}>
                {labels.close}
              </button>
            </div>
          )}
        </section>
      </div>

      <div className="listing__results" id="listing-results">
        {failed && (
          <p className="toast toast--danger" role="alert">
            {labels.error_api}
          </p>
        )}
        {data.pushes.length > 0 && (
          <ul className="listing__pushes">
            {data.pushes.map((push) => (
              <li key={push.title} className={`promo-push theme-${push.theme}`}>
                <h2 className="promo-push__title">{push.title}</h2>
                <p>{push.text}</p>
                {push.href && <a href={push.href}>{push.linkLabel}</a>}
              </li>
            ))}
          </ul>
        )}
        {data.products.length === 0 ? (
          <p className="listing__empty">{labels.no_results}</p>
        ) : (
          <ul className="product-grid">
            {data.products.map((product) => (
              <li key={product.id} className="product-grid__item">
                <ProductCard product={product} labels={labels} layout={data.display} headingLevel="h2" />
              </li>
            ))}
            <li className="product-grid__item product-grid__pharmacy">
              <div className="pharmacy-card">
                <h2 className="pharmacy-card__title">{labels.pharmacy_title}</h2>
                <p>{labels.pharmacy_text}</p>
                <a className="button" href={data.storeFinderHref}>
                  {labels.pharmacy_link}
                </a>
              </div>
            </li>
          </ul>
        )}
        {data.pagination.length > 1 && (
          <nav className="pagination" aria-label={labels.pagination}>
            {data.previousHref && (
              <a href={data.previousHref} data-listing="page" rel="prev">
                {labels.previous}
              </a>
            )}
            <ul>
              {data.pagination.map((p) => (
                <li key={p.page}>
                  <a
                    href={p.href}
                    data-listing="page"
                    aria-current={p.current ? 'page' : undefined}
                    aria-label={format(labels.page_n, { page: p.page })}
                  >
                    {p.page}
                  </a>
                </li>
              ))}
            </ul>
            {data.nextHref && (
              <a href={data.nextHref} data-listing="page" rel="next">
                {labels.next}
              </a>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}

/** The number of active filters on a button: read out as "2 filtres actifs". */
function FilterBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{format(label, { count })}</span>
    </>
  );
}
