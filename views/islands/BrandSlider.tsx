import { useEffect, useRef, useState } from 'react';
import type { BrandCardView } from '../../contracts/brands';
import { BrandCard } from '../components/BrandCard';
import { sliderButtons, visibleSlides } from './brand-slider';
import { useHydrated } from './browser-hooks';

export interface BrandSliderProps {
  items: BrandCardView[];
  label: string;
  labels: { previous: string; next: string; carousel: string };
  headingLevel?: 2 | 3;
}

/**
 * The slider of brand landing pages (SPEC §4 "Home slider", brands list and home): a scroll-snapped
 * row, readable and scrollable without JavaScript. Once hydrated, previous/next buttons appear only
 * when the brands exceed the visible slides (1 phone, 2 tablet, 3 desktop), each hidden at its end.
 */
export default function BrandSlider({ items, label, labels, headingLevel = 3 }: BrandSliderProps) {
  const hydrated = useHydrated();
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(3);
  /** While a button's smooth scroll runs: where it goes (its intermediate positions do not move the index). */
  const target = useRef<number | null>(null);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const update = () => {
      setVisible(visibleSlides(window.innerWidth));
      if (target.current !== null) {
        if (Math.abs(el.scrollLeft - target.current) > 2) return;
        target.current = null;
      }
      // One slide and the gap after it.
      const [first, second] = [el.children[0], el.children[1]] as Array<HTMLElement | undefined>;
      const step = first && second ? second.offsetLeft - first.offsetLeft : el.clientWidth;
      setIndex(step > 0 ? Math.round(el.scrollLeft / step) : 0);
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const go = (to: number) => {
    const el = track.current;
    const slide = el?.children[to] as HTMLElement | undefined;
    if (!el || !slide) return;
    const left = Math.min(
      slide.offsetLeft - (el.firstElementChild as HTMLElement).offsetLeft,
      el.scrollWidth - el.clientWidth,
    );
    target.current = left;
    // Should the browser stop short of it (or send no last scroll event), scrolling follows again.
    window.setTimeout(() => {
      if (target.current === left) target.current = null;
    }, 1200);
    el.scrollTo({ left, behavior: 'smooth' });
    setIndex(to);
  };
  const buttons = sliderButtons(index, items.length, visible);

  return (
    <div className="brand-slider" role="region" aria-roledescription={labels.carousel} aria-label={label}>
      <ul className="brand-slider__track" ref={track}>
        {items.map((card) => (
          <li key={card.id} className="brand-slider__slide">
            <BrandCard card={card} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      {hydrated && (
        <div className="brand-slider__nav">
          <button
            type="button"
            className="slider-button brand-slider__previous"
            aria-label={labels.previous}
            hidden={!buttons.previous}
            onClick={() => go(Math.max(0, index - 1))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="slider-button brand-slider__next"
            aria-label={labels.next}
            hidden={!buttons.next}
            onClick={() => go(Math.min(items.length - visible, index + 1))}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
