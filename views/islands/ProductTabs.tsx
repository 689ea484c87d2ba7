import { useEffect, useState, type KeyboardEvent } from 'react';

interface Props {
  tabs: Array<{ id: string; title: string }>;
  label: string;
}

/**
 * Product tabs. Without JavaScript every panel is shown one after another; once hydrated, the tab list
 * shows one panel at a time (panels are the page's own sections, found by id). A link to "#panel" —
 * e.g. the 'find my office' button — selects that tab and scrolls to it.
 */
export default function ProductTabs({ tabs, label }: Props) {
  const [active, setActive] = useState(tabs[0]?.id ?? '');

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
    for (const tab of tabs) {
      const panel = document.getElementById(tab.id);
      if (!panel) continue;
      panel.hidden = tab.id !== active;
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', `tab-${tab.id}`);
      panel.tabIndex = 0;
    }
  }, [active, tabs]);

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : null;
    if (next === null) return;
    const tab = tabs[(next + tabs.length) % tabs.length];
    setActive(tab.id);
    document.getElementById(`tab-${tab.id}`)?.focus();
  };

  return (
    <div className="product-tabs" id="product-tabs">
      <div role="tablist" aria-label={label} className="product-tabs__list">
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
    </div>
  );
}
