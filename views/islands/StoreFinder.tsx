import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { fillLabel, type Labels } from '../../contracts/i18n';
import {
  toStoreView,
  type MapSettings,
  type PlaceView,
  type StoreRecord,
  type StoreView,
} from '../../contracts/storefinder';
import { cls } from '../components/cls';
import { PinIcon } from '../components/icons';
import { track } from './analytics';
import { useHydrated } from './browser-hooks';
import type { StoreMapController } from './store-map';

export type FinderStatus = 'prompt' | 'results' | 'not_found' | 'invalid';

export interface StoreFinderProps {
  locale: string;
  /** The finder page's path: the search form GETs it with `q` (works without JavaScript). */
  action: string;
  query: string;
  place: PlaceView | null;
  stores: StoreView[];
  status: FinderStatus;
  /** km of the search radius (the "none within" message). */
  radius: number;
  product: { slug: string; name: string } | null;
  only: boolean;
  map: MapSettings;
  labels: Labels<'storefinder.finder'>;
}

/** SPEC §7 "Cities"/§9: the place look-up waits 200 ms after the last key. */
const SUGGEST_DELAY_MS = 200;
/** SPEC §8: the locate-me failure toast stays 3 s. */
const TOAST_MS = 3000;

/**
 * The pharmacy finder (SPEC §2.2, §4 "Store search"): a GET search form and the list of the nearest
 * pharmacies, rendered by the server (the page works without JavaScript); once hydrated, Swiss place
 * suggestions (ARIA combobox), locate-me where geolocation exists, a Leaflet map of every pharmacy
 * (clustered) kept in step with the list, and in-place searches through /api/v1.
 */
export default function StoreFinder(props: StoreFinderProps) {
  const { labels: L, locale, product } = props;
  const hydrated = useHydrated();
  const [text, setText] = useState(props.query);
  const [place, setPlace] = useState<PlaceView | null>(props.place);
  const [stores, setStores] = useState<StoreView[]>(props.stores);
  const [status, setStatus] = useState<FinderStatus>(props.status);
  /** The text a search did not find (the server's for the first render). */
  const [missing, setMissing] = useState(props.query);
  const [only, setOnly] = useState(props.only);
  const [selected, setSelected] = useState<number | null>(null);
  const [suggestions, setSuggestions] = useState<PlaceView[]>([]);
  /** The text the suggestions answer (they may still be those of an older text while the next look-up waits). */
  const [suggestedFor, setSuggestedFor] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [toast, setToast] = useState('');
  const [busy, setBusy] = useState(false);
  const [locating, setLocating] = useState(false);
  /** What a screen reader is told besides the result count: suggestions found, a pharmacy selected. */
  const [announcement, setAnnouncement] = useState('');
  const [canLocate, setCanLocate] = useState(false);
  const mapElement = useRef<HTMLDivElement>(null);
  const map = useRef<StoreMapController | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const lookup = useRef(0);
  const searchSeq = useRef(0);
  const id = useId();
  const inputId = `${id}q`;
  const listboxId = `${id}places`;
  const listId = `${id}list`;
  const statusText = resultsText(L, status, place, stores.length, props.radius, missing);

  useEffect(() => setCanLocate('geolocation' in navigator), []);

  /** A list item chosen (from the list or the map): highlighted, scrolled to, the map centred on it. */
  const select = useCallback(
    (storeId: number, from: 'list' | 'map') => {
      setSelected(storeId);
      const name = listRef.current?.querySelector(`[data-store="${storeId}"] .store-card__name`)?.textContent;
      if (name) setAnnouncement(fillLabel(L.selected, { name }));
      if (from === 'list') map.current?.select(storeId);
      else {
        const item = listRef.current?.querySelector<HTMLElement>(`[data-store="${storeId}"]`);
        item?.scrollIntoView({ block: 'nearest' });
        item?.querySelector<HTMLElement>('h3 a')?.focus({ preventScroll: true });
      }
    },
    [L.selected],
  );

  const runSearch = useCallback(
    async (target: PlaceView, options: { only?: boolean; selectNearest?: boolean; fromPosition?: boolean } = {}) => {
      const seq = ++searchSeq.current;
      setBusy(true);
      const params = new URLSearchParams({
        latitude: target.latitude.toFixed(6),
        longitude: target.longitude.toFixed(6),
      });
      if (product) params.set('product', product.slug);
      const onlyStocking = options.only ?? only;
      if (product && onlyStocking) params.set('only', 'true');
      try {
        const res = await fetch(`/api/v1/stores?${params}`, { headers: { Accept: 'application/json' } });
        if (!res.ok) throw new Error(`stores ${res.status}`);
        const body = (await res.json()) as { data: { items: StoreRecord[] } };
        if (seq !== searchSeq.current) return;
        const found = body.data.items.map((s) => toStoreView(s, locale));
        setPlace(target);
        setStores(found);
        setStatus('results');
        setSelected(options.selectNearest && found[0] ? found[0].id : null);
        map.current?.show(target, found, true);
        if (options.selectNearest && found[0]) map.current?.select(found[0].id);
        // The address keeps `q` only when it is a place the server can search again: a search around a
        // position (located, or a pharmacy of the map) has no such text, so the address drops it.
        const url = new URL(window.location.href);
        if (options.fromPosition) url.searchParams.delete('q');
        else url.searchParams.set('q', target.label);
        window.history.replaceState(window.history.state, '', url);
        // SPEC §4: one analytics event per new search (delayed, dropped without statistics consent).
        track({ event: 'store_search', place: target.label, results: found.length });
      } catch {
        if (seq === searchSeq.current) showToast(L.error_api);
      } finally {
        if (seq === searchSeq.current) setBusy(false);
      }
    },
    [locale, product, only, L.error_api],
  );

  // The map: Leaflet is loaded only here, once the island runs; the map loads its pharmacies per tile.
  useEffect(() => {
    if (!hydrated || !mapElement.current) return;
    let cancelled = false;
    const element = mapElement.current;
    void import('./store-map').then(({ createStoreMap }) => {
      if (cancelled) return;
      map.current = createStoreMap(element, {
        settings: props.map,
        labels: {
          position: L.your_position,
          storeCount: L.map_label,
          pan: L.map_pan,
          north: L.pan_north,
          south: L.pan_south,
          west: L.pan_west,
          east: L.pan_east,
        },
        onSelect: (storeId) => select(storeId, 'map'),
        // Through a ref: the map lives as long as the page, the search options (`only`) change.
        onPick: (latitude, longitude) => void searchAroundRef.current(latitude, longitude, true),
      });
      if (place) map.current.show(place, stores, true);
    });
    return () => {
      cancelled = true;
      map.current?.destroy();
      map.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is created once
  }, [hydrated]);

  /**
   * A search around a position (the visitor's, or a pharmacy of the map that is not in the list): the
   * box shows the nearest locality (SPEC §7 "Reverse geocoding"), then the stores around the position
   * are searched. A search chosen meanwhile (a suggestion, another position) wins: this answer is dropped.
   */
  const searchAround = async (latitude: number, longitude: number, selectNearest: boolean) => {
    const seq = ++searchSeq.current;
    setBusy(true);
    let label = '';
    try {
      const res = await fetch(
        `/api/v1/reverse-geocoding?latitude=${latitude.toFixed(6)}&longitude=${longitude.toFixed(6)}`,
        { headers: { Accept: 'application/json' } },
      );
      if (res.ok) label = ((await res.json()) as { data: { formatted_address: string } }).data.formatted_address;
    } catch {
      // The search still runs, labelled as the visitor's position.
    }
    if (seq !== searchSeq.current) return;
    if (label) setText(label);
    await runSearch({ label: label || L.your_position, latitude, longitude }, { selectNearest, fromPosition: true });
  };
  const searchAroundRef = useRef(searchAround);
  searchAroundRef.current = searchAround;

  const showToast = (message: string) => {
    setToast(message);
    setTimeout(() => setToast(''), TOAST_MS);
  };

  // Suggestions, 200 ms after the last key (an empty box clears them without a call).
  useEffect(() => {
    if (!hydrated) return;
    const typed = text.trim();
    const seq = ++lookup.current;
    if (typed.length < 2 || typed === place?.label) {
      setSuggestions([]);
      return;
    }
    const timer = setTimeout(() => {
      fetch(`/api/v1/places?q=${encodeURIComponent(typed)}`, { headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<{ data: { items: PlaceView[] } }>) : null))
        .then((body) => {
          if (seq !== lookup.current || !body) return;
          setSuggestions(body.data.items);
          setSuggestedFor(typed);
          setActive(-1);
          const count = body.data.items.length;
          setAnnouncement(count ? fillLabel(L.suggestions_count, { count }) : L.no_suggestion);
        })
        .catch(() => {});
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, hydrated, place, L.suggestions_count, L.no_suggestion]);

  const choose = (choice: PlaceView) => {
    setText(choice.label);
    setSuggestions([]);
    setOpen(false);
    setActive(-1);
    void runSearch(choice);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? count - 1 : a - 1));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const typed = text.trim();
    if (!typed) return;
    event.preventDefault();
    // The first suggestion stands for the typed text when it answers this very text.
    const first = suggestions[0];
    if (first && suggestedFor === typed) return choose(first);
    // Otherwise (Enter before the suggestions came, or those of an older text still shown) the text
    // is looked up now and searched in place: one search, one analytics event. Should the look-up
    // fail, the form goes to the server, which searches the text.
    const form = event.currentTarget;
    const seq = ++lookup.current;
    setBusy(true);
    fetch(`/api/v1/places?q=${encodeURIComponent(typed)}`, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ data: { items: PlaceView[] } }>) : Promise.reject(res)))
      .then((body) => {
        if (seq !== lookup.current) return;
        const [found] = body.data.items;
        if (found) return choose(found);
        setBusy(false);
        setSuggestions([]);
        setOpen(false);
        setPlace(null);
        setStores([]);
        setMissing(typed);
        setStatus('not_found');
      })
      .catch(() => form.submit());
  };

  const locate = () => {
    setBusy(true);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void searchAround(position.coords.latitude, position.coords.longitude, false);
      },
      () => {
        setBusy(false);
        setLocating(false);
        showToast(L.error_api);
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const toggleOnly = (value: boolean) => {
    setOnly(value);
    if (place && hydrated) void runSearch(place, { only: value });
  };

  const expanded = hydrated && open && suggestions.length > 0;
  return (
    <div className={cls('finder', busy && 'is-busy')}>
      <form
        className="finder__search"
        role="search"
        aria-label={L.search_title}
        method="get"
        action={props.action}
        onSubmit={onSubmit}
      >
        <label htmlFor={inputId} className="finder__label">
          {L.search_label}
        </label>
        <div className="finder__row">
          <div className="finder__field">
            <input
              id={inputId}
              name="q"
              type="text"
              className="finder__input"
              value={text}
              maxLength={100}
              placeholder={L.search_placeholder}
              autoComplete="off"
              onChange={(e) => {
                setText(e.target.value);
                setOpen(true);
              }}
              onKeyDown={onKeyDown}
              onFocus={() => setOpen(true)}
              onBlur={() => setTimeout(() => setOpen(false), 150)}
              {...(hydrated
                ? {
                    role: 'combobox',
                    'aria-autocomplete': 'list' as const,
                    'aria-expanded': expanded,
                    'aria-controls': listboxId,
                    'aria-activedescendant': expanded && active >= 0 ? `${listboxId}-${active}` : undefined,
                  }
                : {})}
            />
            {hydrated && (
              <ul
                id={listboxId}
                role="listbox"
                aria-label={L.suggestions}
                className="finder__suggestions"
                hidden={!expanded}
              >
                {suggestions.map((s, i) => (
                  <li
                    key={`${s.label}-${i}`}
                    id={`${listboxId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className={cls('finder__suggestion', i === active && 'is-active')}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(s)}
                  >
                    {s.label}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {product && <input type="hidden" name="product" value={product.slug} />}
          <button type="submit" className="button">
            {L.search_submit}
          </button>
          {hydrated && canLocate && (
            <button type="button" className="button button--light finder__locate" onClick={locate}>
              <PinIcon className="inline-icon" />
              {L.locate}
            </button>
          )}
        </div>
        {product && (
          <div className="finder__product">
            <p className="finder__product-name">{fillLabel(L.product_context, { product: product.name })}</p>
            <label className="finder__only">
              <input
                type="checkbox"
                name="only"
                value="1"
                checked={only}
                onChange={(e) => toggleOnly(e.target.checked)}
              />{' '}
              {L.only_stocking}
            </label>
          </div>
        )}
      </form>
      <p className="finder__status" role="status" aria-live="polite">
        {locating ? L.locating : busy ? L.loading : statusText}
      </p>
      {hydrated && (
        <p className="visually-hidden" aria-live="polite" data-testid="finder-announcement">
          {announcement}
        </p>
      )}
      <div className={cls('finder__body', hydrated && 'has-map')}>
        {hydrated && (
          <div className="finder__map-wrap">
            <a className="visually-hidden-focusable finder__skip" href={`#${listId}`}>
              {L.map_skip}
            </a>
            <div
              ref={mapElement}
              className="finder__map"
              role="region"
              aria-label={L.map_label}
              data-testid="store-map"
            />
            <p className="finder__map-hint">{L.map_hint}</p>
          </div>
        )}
        {stores.length > 0 && (
          <section className="finder__results" aria-labelledby={`${id}title`}>
            <h2 className="finder__list-title" id={`${id}title`}>
              {L.list_title}
            </h2>
            <ol className="store-list" id={listId} ref={listRef} tabIndex={-1}>
              {stores.map((store) => (
                <li
                  key={store.id}
                  data-store={store.id}
                  className={cls(
                    'store-card',
                    store.insudiet && 'store-card--insudiet',
                    store.stocks && 'store-card--stocks',
                    selected === store.id && 'is-selected',
                  )}
                >
                  <StoreCard store={store} labels={L} productName={product?.name ?? null} />
                  {hydrated && (
                    <button
                      type="button"
                      className="store-card__show link-button"
                      aria-label={fillLabel(L.show_on_map_label, { name: store.name })}
                      aria-pressed={selected === store.id}
                      onClick={() => select(store.id, 'list')}
                    >
                      {L.show_on_map}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
      <div className="toast-region" aria-live="assertive">
        {toast && (
          <p className="toast toast--success" role="alert">
            {toast}
          </p>
        )}
      </div>
    </div>
  );
}

/** One pharmacy of the list: name (its page), badges, address, phone, distance, directions. */
export function StoreCard({
  store,
  labels: L,
  productName,
  headingless = false,
}: {
  store: StoreView;
  labels: Labels<'storefinder.finder'>;
  productName: string | null;
  /** On the pharmacy's own page its name is the page's heading. */
  headingless?: boolean;
}) {
  return (
    <>
      {!headingless && (
        <h3 className="store-card__name">
          <a href={store.href}>{store.name}</a>
        </h3>
      )}
      {(store.insudiet || (productName && store.stocks)) && (
        <ul className="store-card__badges">
          {store.insudiet && <li className="badge badge--insudiet">{L.insudiet}</li>}
          {productName && store.stocks && (
            <li className="badge badge--stocks">{fillLabel(L.stocks, { product: productName })}</li>
          )}
        </ul>
      )}
      <address className="store-card__address">
        {store.lines.map((line, i) => (
          <span key={i} className="store-card__line">
            {line}
          </span>
        ))}
      </address>
      <dl className="store-card__facts">
        {store.phone && (
          <div>
            <dt>{L.phone_label}</dt>
            <dd>
              <a href={store.phoneHref}>{store.phone}</a>
            </dd>
          </div>
        )}
        {store.distanceText && (
          <div>
            <dt>{L.distance_label}</dt>
            <dd className="store-card__distance">{fillLabel(L.distance, { distance: store.distanceText })}</dd>
          </div>
        )}
      </dl>
      <a
        className="store-card__directions"
        href={store.directionsHref}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={fillLabel(L.itinerary_label, { name: store.name })}
      >
        {L.itinerary}
      </a>
    </>
  );
}

function resultsText(
  L: Labels<'storefinder.finder'>,
  status: FinderStatus,
  place: PlaceView | null,
  count: number,
  radius: number,
  query: string,
): string {
  if (status === 'not_found') return fillLabel(L.not_found, { query });
  if (status === 'invalid') return L.invalid_query;
  if (status === 'prompt' || !place) return L.prompt;
  const values = { count, place: place.label, radius };
  return fillLabel(count === 0 ? L.results_zero : count === 1 ? L.results_one : L.results_other, values);
}
