import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { activeAnchor, anchorScrollTarget } from './anchor-tabs';
import { prefersReducedMotion, useHydrated } from './browser-hooks';
import { scrollWindowTo } from './scroll';

export interface AnchorTabsProps {
  tabs: Array<{ id: string; title: string }>;
  label: string;
}

/**
 * Anchor tabs (SPEC §4, need detail and brand landing): links to the page's sections, fixed at the
 * top once scrolled past, the active one being the last section whose top is at most 135 px; a click
 * scrolls to the section 85 px below the top (110 px when fixed). Without JavaScript: plain links.
 */
export default function AnchorTabs({ tabs, label }: AnchorTabsProps) {
  const hydrated = useHydrated();
  const sentinel = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLElement>(null);
  const [fixed, setFixed] = useState(false);
  const [height, setHeight] = useState(0);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const update = () => {
      const top = sentinel.current?.getBoundingClientRect().top ?? 0;
      // The bar's own height holds its place once it is fixed, so nothing below it moves.
      if (top >= 0 && bar.current) setHeight(bar.current.offsetHeight);
      setFixed(top < 0);
      const tops = tabs.map((tab) => document.getElementById(tab.id)?.getBoundingClientRect().top ?? Infinity);
      setActive(activeAnchor(tops));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [tabs]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    event.preventDefault();
    scrollWindowTo(
      anchorScrollTarget(section.getBoundingClientRect().top, window.scrollY, fixed),
      prefersReducedMotion(),
    );
    history.replaceState(history.state, '', `#${id}`);
  };

  return (
    <div className="anchor-tabs-wrap" ref={sentinel} style={fixed && height ? { minHeight: `${height}px` } : undefined}>
      <nav
        ref={bar}
        className={`anchor-tabs${fixed ? ' anchor-tabs--fixed' : ''}`}
        aria-label={label}
        data-fixed={fixed}
      >
        <ul className="anchor-tabs__list">
          {tabs.map((tab, index) => (
            <li key={tab.id}>
              <a
                href={`#${tab.id}`}
                className={`anchor-tabs__link${hydrated && index === active ? ' anchor-tabs__link--active' : ''}`}
                aria-current={hydrated && index === active ? 'location' : undefined}
                onClick={hydrated ? (e) => go(e, tab.id) : undefined}
              >
                {tab.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
