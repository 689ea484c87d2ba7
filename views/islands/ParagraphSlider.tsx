import { useEffect, useRef, useState } from 'react';
import { useHydrated } from './browser-hooks';
import { swiperBreakpoints, SLIDES_PER_VIEW, type SliderPreset } from './paragraph-slider';
import { IslandSlot } from './slots';

export interface ParagraphSliderProps {
  /** Number of slides; slide i is the page's slot `s{i}`. */
  count: number;
  preset: SliderPreset;
  /** Accessible name of the carousel (the paragraph's title, or a generic label). */
  label: string;
  labels: { previous: string; next: string; slide_n: string; carousel: string };
}

/**
 * A slider of server-rendered slides (editorial sliders, steps, our solutions). Without JavaScript the
 * slides are a horizontally scrollable row (CSS scroll-snap), all content readable. Once hydrated,
 * Swiper (core build, inside this island only) takes the row, with previous/next buttons hidden at
 * the ends, keyboard and the slide counts of SPEC §9. Swiper changes the DOM inside this island only.
 * The outer region names the carousel in the page's language (Swiper's own container role
 * description is left unset: it would say it again, in English).
 */
export default function ParagraphSlider({ count, preset, label, labels }: ParagraphSliderProps) {
  const hydrated = useHydrated();
  const root = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [ends, setEnds] = useState({ start: true, end: count <= 1 });

  useEffect(() => {
    if (!hydrated || !root.current) return;
    let destroyed = false;
    let instance: { destroy: (a?: boolean, b?: boolean) => void } | null = null;
    void import('./swiper-kit').then(({ Swiper, A11y, Keyboard, Navigation }) => {
      if (destroyed || !root.current) return;
      const swiper = new Swiper(root.current, {
        modules: [A11y, Keyboard, Navigation],
        slidesPerView: SLIDES_PER_VIEW[preset][0][1],
        breakpoints: swiperBreakpoints(preset),
        spaceBetween: 16,
        watchOverflow: true,
        keyboard: { enabled: true, onlyInViewport: true },
        navigation: {
          prevEl: prev.current,
          nextEl: next.current,
          disabledClass: 'is-disabled',
          hiddenClass: 'is-hidden',
        },
        a11y: {
          enabled: true,
          prevSlideMessage: labels.previous,
          nextSlideMessage: labels.next,
          slideLabelMessage: labels.slide_n.replace('{n}', '{{index}}').replace('{count}', '{{slidesLength}}'),
        },
        on: {
          slideChange: (s) => setEnds({ start: s.isBeginning, end: s.isEnd }),
          resize: (s) => setEnds({ start: s.isBeginning, end: s.isEnd }),
          afterInit: (s) => setEnds({ start: s.isBeginning, end: s.isEnd }),
        },
      });
      instance = swiper;
    });
    return () => {
      destroyed = true;
      instance?.destroy(true, true);
    };
  }, [hydrated, preset, labels]);

  return (
    <div
      className={`paragraph-slider paragraph-slider--${preset}`}
      role="region"
      aria-roledescription={labels.carousel}
      aria-label={label}
    >
      <div className="swiper paragraph-slider__viewport" ref={root}>
        {/* Focusable: without JavaScript (and until Swiper takes it) the row is a scroll container, and
            slides without a link would leave a keyboard no way to scroll it (WCAG 2.1.1). */}
        <div className="swiper-wrapper paragraph-slider__track" tabIndex={0}>
          {Array.from({ length: count }, (_, i) => (
            <IslandSlot key={i} name={`s${i}`} className="swiper-slide paragraph-slider__slide" />
          ))}
        </div>
      </div>
      {hydrated && count > 1 && (
        <div className="paragraph-slider__nav">
          <button ref={prev} type="button" className="slider-button" aria-label={labels.previous} hidden={ends.start}>
            <span aria-hidden="true">‹</span>
          </button>
          <button ref={next} type="button" className="slider-button" aria-label={labels.next} hidden={ends.end}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
