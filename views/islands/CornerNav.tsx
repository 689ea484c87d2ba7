import { useEffect, useRef, useState } from 'react';
import type { CornerTabView } from '../../contracts/brands';

export interface CornerNavProps {
  home: CornerTabView;
  pages: CornerTabView[];
  /** 'All solutions' (contents_table_link_url), after a separator. */
  all: CornerTabView | null;
  label: string;
}

/**
 * The sticky tab navigation of a brand corner (SPEC §2.2 "Brand corner"): 'Home' (the corner), each
 * associated page, a separator, then 'all solutions'; fixed at the top once scrolled past. The page
 * repeats the links as a list for phones. Without JavaScript it is a plain row of links.
 */
export default function CornerNav({ home, pages, all, label }: CornerNavProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLElement>(null);
  const [fixed, setFixed] = useState(false);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const update = () => {
      const top = sentinel.current?.getBoundingClientRect().top ?? 0;
      // The bar's own height holds its place once it is fixed, so nothing below it moves.
      if (top >= 0 && bar.current) setHeight(bar.current.offsetHeight);
      setFixed(top < 0);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  const link = (tab: CornerTabView, className = '') => (
    <a
      className={`corner-nav__link${tab.current ? ' corner-nav__link--current' : ''}${className}`}
      href={tab.href}
      aria-current={tab.current ? 'page' : undefined}
    >
      {tab.label}
    </a>
  );
  return (
    <div className="corner-nav-wrap" ref={sentinel} style={fixed && height ? { minHeight: `${height}px` } : undefined}>
      <nav ref={bar} className={`corner-nav${fixed ? ' corner-nav--fixed' : ''}`} aria-label={label} data-fixed={fixed}>
        <ul className="corner-nav__list">
          <li>{link(home)}</li>
          {pages.map((tab) => (
            <li key={tab.href}>{link(tab)}</li>
          ))}
          {all && (
            <li className="corner-nav__all">
              <span className="corner-nav__separator" aria-hidden="true" />
              {link(all)}
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
