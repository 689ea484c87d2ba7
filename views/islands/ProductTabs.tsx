import { Fragment, useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useHydrated } from './browser-hooks';
import { IslandSlot } from './slots';

interface Props {
  tabs: Array<{ id: string; title: string }>;
  label: string;
}

/** Which tab a key moves to from `index` (arrows wrap, Home and End go to the ends), or null. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Product tabs and their panels. The panels' content is server HTML the page hands over as slots (one
 * per tab id, its `<h2 id="{id}-title">` first; `after-{id}` for a block shown after that panel
 * whatever the tab), so the island owns the panels without rendering their content in the browser.
 *
 * The server renders a plain page: every panel is a section one after another and the bar is a list
 * of links to them (anchors work without JavaScript). Once hydrated the bar becomes an ARIA tab list
 * that shows one panel at a time, with arrow, Home and End keys. A link to a panel marked
 * `data-tab-link="{id}"` — e.g. the 'find my office' button — selects that tab and scrolls to it, and
 * so does arriving with "#{id}". When the bar is wider than the screen, a faded edge with an arrow
 * shows that it scrolls. Nothing outside the island's root is changed.
 */
export default function ProductTabs({ tabs, label }: Props) {
  const enhanced = useHydrated();
  const [active, setActive] = useState(tabs[0]?.id ?? '');
  const [overflow, setOverflow] = useState({ start: false, end: false });
  const barRef = useRef<HTMLElement | null>(null);
  const listRef = useRef<HTMLElement | null>(null);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setOverflow((o) => (o.start === start && o.end === end ? o : { start, end }));
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, enhanced]);

  useEffect(() => {
    // A link to "#usage" from elsewhere opens that tab (after hydration has committed).
    const fromHash = () => {
      const id = window.location.hash.slice(1);
      if (tabs.some((t) => t.id === id)) setActive(id);
    };
    const timer = window.setTimeout(fromHash, 0);
    window.addEventListener('hashchange', fromHash);
    // Links to a panel elsewhere on the page are only listened to: the event says which tab to show.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[data-tab-link]') as HTMLAnchorElement | null;
      const id = link?.dataset.tabLink;
      if (!id || !tabs.some((t) => t.id === id)) return;
      event.preventDefault();
      setActive(id);
      window.setTimeout(() => barRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 0);
    };
    document.addEventListener('click', onClick);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('hashchange', fromHash);
      document.removeEventListener('click', onClick);
    };
  }, [tabs]);

  // Keep the chosen tab in view inside a bar that scrolls sideways (never the page).
  useEffect(() => {
    if (!enhanced) return;
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>(`#tab-${CSS.escape(active)}`);
    if (
      tab &&
      list &&
      (tab.offsetLeft < list.scrollLeft || tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
    )
      list.scrollTo({ left: tab.offsetLeft - 16 });
  }, [active, enhanced]);

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabKeyTarget(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    setActive(tab.id);
    listRef.current?.querySelector<HTMLElement>(`#tab-${CSS.escape(tab.id)}`)?.focus();
  };

  const hints = (
    <>
      <span className="product-tabs__hint product-tabs__hint--start" hidden={!overflow.start} aria-hidden="true" />
      <span className="product-tabs__hint product-tabs__hint--end" hidden={!overflow.end} aria-hidden="true" />
    </>
  );

  const bar = !enhanced ? (
    <nav className="product-tabs" id="product-tabs" aria-label={label} ref={barRef}>
      <ul className="product-tabs__list" ref={listRef as RefObject<HTMLUListElement>} onScroll={measure}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <a className="product-tabs__tab" href={`#${tab.id}`}>
              {tab.title}
            </a>
          </li>
        ))}
      </ul>
      {hints}
    </nav>
  ) : (
    <div className="product-tabs" id="product-tabs" ref={barRef as RefObject<HTMLDivElement>}>
      <div
        role="tablist"
        aria-label={label}
        className="product-tabs__list"
        ref={listRef as RefObject<HTMLDivElement>}
        onScroll={measure}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            id={`tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={active === tab.id}
            aria-controls={tab.id}
            tabIndex={active === tab.id ? 0 : -1}
            className={`product-tabs__tab${active === tab.id ? ' is-active' : ''}`}
            onClick={() => setActive(tab.id)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {hints}
    </div>
  );

  return (
    <>
      {bar}
      <div className="product-panels">
        {tabs.map((tab) => (
          <Fragment key={tab.id}>
            {/* Without JavaScript every panel shows, titled by its own heading. */}
            <IslandSlot
              as="section"
              name={tab.id}
              id={tab.id}
              className="product-panel"
              data-tab-panel
              role={enhanced ? 'tabpanel' : undefined}
              aria-labelledby={enhanced ? `tab-${tab.id}` : `${tab.id}-title`}
              tabIndex={enhanced ? 0 : undefined}
              hidden={enhanced && tab.id !== active}
            />
            <IslandSlot name={`after-${tab.id}`} />
          </Fragment>
        ))}
      </div>
    </>
  );
}
