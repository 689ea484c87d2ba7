import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { cls, format } from '../components/cls';
import { useHydrated } from './browser-hooks';
import { IslandSlot } from './slots';

export interface CornerHeroSliderProps {
  /** Number of slides; slide i is the page's slot `s{i}` (s0: the brand). */
  count: number;
  /** The carousel's accessible name. */
  label: string;
  labels: {
    carousel: string;
    slideRole: string;
    /** "{index} sur {count}" */
    slide: string;
    previous: string;
    next: string;
    /** "Afficher la diapositive {index}" */
    goTo: string;
  };
}

/** The part of a Swiper instance this island uses. */
interface SwiperLike {
  activeIndex: number;
  slideTo(index: number): void;
  destroy(deleteInstance?: boolean, cleanStyles?: boolean): void;
}

/**
 * The brand corner's hero slider (SPEC §2.2 "Brand corner"): the brand, then the corner's pages.
 * Without JavaScript the slides are a horizontally scrollable row (scroll snapping), every slide
 * readable. Once hydrated, Swiper (core, loaded inside this island only) takes the row, with swipe,
 * the arrow keys, previous/next buttons hidden at the ends and one dot per slide. No autoplay: the
 * first slide holds the page's heading and its 'discover our range' link, which must not move away.
 */
export default function CornerHeroSlider({ count, label, labels }: CornerHeroSliderProps) {
  const hydrated = useHydrated();
  const root = useRef<HTMLDivElement>(null);
  const swiper = useRef<SwiperLike | null>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!hydrated || !root.current || count < 2) return;
    let destroyed = false;
    void import('./swiper-kit').then(({ Swiper, Keyboard }) => {
      if (destroyed || !root.current) return;
      swiper.current = new Swiper(root.current, {
        modules: [Keyboard],
        slidesPerView: 1,
        spaceBetween: 48,
        keyboard: { enabled: true, onlyInViewport: true },
        on: { slideChange: (s) => setIndex(s.activeIndex) },
      });
    });
    return () => {
      destroyed = true;
      swiper.current?.destroy(true, true);
      swiper.current = null;
    };
  }, [hydrated, count]);

  /** A focused link of a slide that is not shown brings its slide into view (keyboard users). */
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const slide = (event.target as HTMLElement).closest<HTMLElement>('[data-slot]');
    const at = slide ? Number(slide.dataset.slot?.slice(1)) : NaN;
    if (swiper.current && Number.isInteger(at) && at !== swiper.current.activeIndex) swiper.current.slideTo(at);
  };

  const go = (to: number) => swiper.current?.slideTo(to);
  const controls = hydrated && count > 1;
  return (
    <div
      className={cls('corner-slider', controls && 'corner-slider--controls')}
      role="region"
      aria-roledescription={labels.carousel}
      aria-label={label}
    >
      <div className="swiper corner-slider__viewport" ref={root} onFocus={onFocus}>
        <div className="swiper-wrapper corner-slider__track">
          {Array.from({ length: count }, (_, i) => (
            <IslandSlot
              key={i}
              name={`s${i}`}
              className="swiper-slide corner-slider__slide"
              role="group"
              aria-roledescription={labels.slideRole}
              aria-label={format(labels.slide, { index: i + 1, count })}
            />
          ))}
        </div>
      </div>
      {controls && (
        <div className="corner-slider__controls">
          <button
            type="button"
            className="slider-button corner-slider__previous"
            aria-label={labels.previous}
            hidden={index === 0}
            onClick={() => go(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <ol className="corner-slider__dots">
            {Array.from({ length: count }, (_, i) => (
              <li key={i}>
                <button
                  type="button"
                  className="corner-slider__dot"
                  aria-label={format(labels.goTo, { index: i + 1 })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="slider-button corner-slider__next"
            aria-label={labels.next}
            hidden={index === count - 1}
            onClick={() => go(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
