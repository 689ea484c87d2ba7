import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useHydrated } from './browser-hooks';

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
 * Product tabs. The server renders a plain page: every panel is a section one after another and the
 * bar is a list of links to them (anchors work without JavaScript). Once hydrated the bar becomes an
 * ARIA tab list that shows one panel at a time (panels are the page's own sections, found by id), with
 * arrow, Home and End keys. A link to "#panel" — e.g. the 'find my office' button — selects that tab
 * and scrolls to it. When the bar is wider than the screen, a faded edge with an arrow shows that it
 * scrolls.
 */
export default function ProductTabs({ tabs, label }: Props) {
  const enhanced = useHydrated();
  const [active, setActive] = useState(tabs[0]?.id ?? '');
  const [overflow, setOverflow] = useState({ start: false, end: false });
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
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[data-tab-link]') as HTMLAnchorElement | null;
      const id = link?.dataset.tabLink;
      if (!id || !tabs.some((t) => t.id === id)) return;
      event.preventDefault();
      setActive(id);
      window.setTimeout(
        () => document.getElementById('product-tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
        0,
      );
    };
    document.addEventListener('click', onClick);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('hashchange', fromHash);
      document.removeEventListener('click', onClick);
    };
  }, [tabs]);

  // Effects run only in the browser: without JavaScript every panel stays visible.
  useEffect(() => {
    if (!enhanced) return;
    for (const tab of tabs) {
      const panel = document.getElementById(tab.id);
      if (!panel) continue;
      panel.hidden = tab.id !== active;
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', `tab-${tab.id}`);
      panel.tabIndex = 0;
    }
    // Keep the chosen tab in view inside a bar that scrolls sideways (never the page).
    const tab = document.getElementById(`tab-${active}`);
    const list = listRef.current;
    if (
      tab &&
      list &&
      (tab.offsetLeft < list.scrollLeft || tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
    )
      list.scrollTo({ left: tab.offsetLeft - 16 });
  }, [active, tabs, enhanced]);

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabKeyTarget(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    setActive(tab.id);
    document.getElementById(`tab-${tab.id}`)?.focus();
  };

  const hints = (
    <>
      <span className="product-tabs__hint product-tabs__hint--start" hidden={!overflow.start} aria-hidden="true" />
      <span className="product-tabs__hint product-tabs__hint--end" hidden={!overflow.end} aria-hidden="true" />
    </>
  );

  if (!enhanced)
    return (
      <nav className="product-tabs" id="product-tabs" aria-label={label}>
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
    );

  return (
    <div className="product-tabs" id="product-tabs">
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
}
