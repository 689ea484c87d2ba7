import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { countSelected, toggleFilter, type FilterName, type FilterSelection } from '../../../contracts/filters';
import { useAppSelector } from '../../../client/store';
import { prefersReducedMotion, useHydrated } from '../browser-hooks';
import { useModalPanel } from '../modal-panel';
import { statusText } from './labels';
import type { ListingData, ListingOptions, PanelName } from './types';

/**
 * Where a listing's data comes from. A module-level constant of the island (its functions cannot travel
 * in props): the product list reads /api/v1/listing and builds product-list paths; a search results
 * page reads its own endpoint and builds result paths.
 */
export interface ListingSource<D extends ListingData> {
  /** The listing of a page URL, and that page's document title. Throws when it cannot be had. */
  load(url: string): Promise<{ data: D; title: string }>;
  /** The page URL of a filter selection and options (the price form, the phone panels' "apply"). */
  urlOf(data: D, selection: FilterSelection, options: ListingOptions): string;
}

/**
 * The behaviour of a listing island, apart from what it shows: on desktop every link marked
 * `data-listing` (filter, sort, page, display, expertise…) loads the results in place (the URL and
 * the title follow, back and forward work, a failure shows for 3 s); on phones (<= 1024 px) the
 * filters and sort are modal panels whose choices apply on confirmation. Paging moves focus to the
 * result count; other changes are read out by the status region.
 */
export function useListing<D extends ListingData>(initial: D, source: ListingSource<D>) {
  const [data, setData] = useState(initial);
  const [draft, setDraft] = useState<FilterSelection>(initial.state.selection);
  const [draftSort, setDraftSort] = useState(initial.state.options.sort);
  const [panel, setPanel] = useState<null | PanelName>(null);
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
  const filtersButtonRef = useRef<HTMLButtonElement>(null);
  const sortButtonRef = useRef<HTMLButtonElement>(null);
  const filtersCloseRef = useRef<HTMLButtonElement>(null);
  const sortCloseRef = useRef<HTMLButtonElement>(null);
  // Panels exist on phones and tablets only: widening the window closes them.
  const shownPanel = mobile ? panel : null;

  const closePanel = useCallback(() => setPanel(null), []);
  useModalPanel(shownPanel === 'filters', filtersRef, {
    onClose: closePanel,
    initialFocus: filtersCloseRef,
    returnFocus: filtersButtonRef,
  });
  useModalPanel(shownPanel === 'sort', sortRef, {
    onClose: closePanel,
    initialFocus: sortCloseRef,
    returnFocus: sortButtonRef,
  });

  const navigate = useCallback(
    async (url: string, push = true, paging = false) => {
      const id = ++request.current;
      window.dispatchEvent(new Event('app:navigation-start'));
      try {
        const { data: next, title } = await source.load(url);
        if (id !== request.current) return;
        pagedRef.current = paging;
        setData(next);
        setDraft(next.state.selection);
        setDraftSort(next.state.options.sort);
        setFailed(false);
        // Paging moves focus to the count, which reads the new page out; other changes are announced.
        if (!paging) setAnnouncement(statusText(next));
        if (push) window.history.pushState({ listing: true }, '', url);
        document.title = title;
        window.dispatchEvent(new Event('app:navigation-end'));
      } catch {
        if (id !== request.current) return;
        setFailed(true);
        window.dispatchEvent(new Event('app:navigation-error'));
      }
    },
    [source],
  );

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
    void navigate(source.urlOf(data, selection, options));
  };

  const applyPanel = () => {
    const options = { ...data.state.options, sort: draftSort };
    setPanel(null);
    void navigate(source.urlOf(data, draft, options));
  };

  const openPanel = (which: PanelName) => {
    setDraft(data.state.selection);
    setDraftSort(data.state.options.sort);
    setPanel(which);
  };

  /** Whether a filter value shows as selected: the draft while the phone panel is open. */
  const isSelected = (group: { name: string; values: Array<{ slug: string; selected: boolean }> }, slug: string) =>
    shownPanel === 'filters'
      ? !!draft[group.name as FilterName]?.includes(slug)
      : !!group.values.find((v) => v.slug === slug)?.selected;

  const listing = {
    data,
    enhanced,
    shownPanel,
    failed,
    announcement,
    draftSort,
    /** The number of active filters the filters button and the panel's "apply" show. */
    shownCount: shownPanel === 'filters' ? countSelected(draft) : data.activeFilterCount,
    onLinkClick,
    onPriceSubmit,
    applyPanel,
    openPanel,
    closePanel,
    isSelected,
  };
  /** The elements the behaviour needs (focus, modal panels), handed to the pieces that render them. */
  const refs = { countRef, filtersRef, sortRef, filtersButtonRef, sortButtonRef, filtersCloseRef, sortCloseRef };
  return { listing, refs };
}

/** What the listing pieces show and call (without the element refs). */
export type Listing<D extends ListingData = ListingData> = ReturnType<typeof useListing<D>>['listing'];
export type ListingRefs = ReturnType<typeof useListing>['refs'];
