import { useEffect, useRef, useState } from 'react';
import type { TocEntryView } from '../../contracts/editorial';
import { prefersReducedMotion, useHydrated } from './browser-hooks';
import { scrollWindowTo } from './scroll';
import { activeTocAnchor, tocScrollTarget } from './toc';

export interface TableOfContentsProps {
  entries: TocEntryView[];
  title: string;
}

/**
 * The side summary of an editorial page (SPEC §2.2): links to the paragraphs (plain anchors without
 * JavaScript); with it, a click scrolls in 500 ms linear, the list stays fixed once scrolled past
 * (sticky, CSS) and marks the paragraph being read with aria-current. Hidden on phones (CSS).
 */
export default function TableOfContents({ entries, title }: TableOfContentsProps) {
  const hydrated = useHydrated();
  const [active, setActive] = useState<string | null>(null);
  const frame = useRef(0);

  useEffect(() => {
    if (!hydrated) return;
    const update = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => {
        const tops = entries
          .map((e) => ({ anchor: e.anchor, top: document.getElementById(e.anchor)?.getBoundingClientRect().top }))
          .filter((e): e is { anchor: string; top: number } => typeof e.top === 'number');
        setActive(activeTocAnchor(tops));
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame.current);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [hydrated, entries]);

  const go = (event: React.MouseEvent<HTMLAnchorElement>, anchor: string) => {
    const target = document.getElementById(anchor);
    if (!target) return;
    event.preventDefault();
    scrollWindowTo(tocScrollTarget(target.getBoundingClientRect().top, window.scrollY), prefersReducedMotion(), () => {
      history.replaceState(history.state, '', `#${anchor}`);
      target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
  };

  return (
    <nav className="toc" aria-labelledby="toc-title">
      <p className="toc__title" id="toc-title">
        {title}
      </p>
      <ol className="toc__list">
        {entries.map((entry) => (
          <li key={entry.anchor}>
            <a
              href={`#${entry.anchor}`}
              className={entry.anchor === active ? 'toc__link is-active' : 'toc__link'}
              aria-current={entry.anchor === active ? 'location' : undefined}
              onClick={(event) => go(event, entry.anchor)}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
