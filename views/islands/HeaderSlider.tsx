import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { Picture as PictureModel } from '../../contracts/catalogue';
import { cls, format } from '../components/cls';
import { Picture } from '../components/Picture';
import { ArrowIcon, PauseIcon, PlayIcon } from '../components/icons';
import { REDUCED_MOTION, useMediaQuery } from './browser-hooks';
import { autoplayNext, indexForKey, indexFromScroll, navigationAt, SLIDER_AUTOPLAY_MS } from './slider';

export interface HeaderSlideProps {
  title: string;
  text: string;
  linkLabel: string;
  href: string;
  theme: string;
  /** The slide's picture (the first is the page's largest paint: loaded eagerly, high priority). */
  image?: PictureModel | null;
  /** Packshots standing on the picture (a product range), named by their product. */
  products?: PictureModel[];
}

export interface HeaderSliderProps {
  slides: HeaderSlideProps[];
  intervalMs?: number;
  labels: {
    region: string;
    carousel: string;
    slideRole: string;
    /** "{index} sur {count}" */
    slide: string;
    /** "Afficher la diapositive {index}" */
    goTo: string;
    previous: string;
    next: string;
    pause: string;
    play: string;
  };
}

/**
 * The home header slider (SPEC §1, §4, §9): a CSS scroll-snap track (swipe, trackpad and no-JS
 * scrolling for free, no slider library: the home page has a 90 KB JavaScript budget), autoplay every
 * 5 s that pauses on hover and focus, starts paused with reduced motion and has a pause button (WCAG
 * 2.2.2); previous/next hidden at the ends; dots; arrow keys, Home and End.
 */
export default function HeaderSlider({ slides, intervalMs = SLIDER_AUTOPLAY_MS, labels }: HeaderSliderProps) {
  const count = slides.length;
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [index, setIndex] = useState(0);
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const trackRef = useRef<HTMLDivElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  /** While a programmatic smooth scroll runs, intermediate positions must not move the dots back. */
  const targetRef = useRef<number | null>(null);
  const frameRef = useRef(0);
  const playing = userPlaying ?? !reducedMotion;
  const running = playing && !hovered && !focused && count > 1;

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track) return;
      targetRef.current = target;
      setIndex(target);
      track.scrollTo({ left: target * track.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
      // Fallback for browsers that stop short of the target (or never send a last scroll event).
      window.setTimeout(() => {
        if (targetRef.current === target) targetRef.current = null;
      }, 1200);
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => goTo(autoplayNext(index, count)), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, index, count, intervalMs, goTo]);

  const onScroll = () => {
    cancelAnimationFrame(frameRef.current);
    frameRef.current = requestAnimationFrame(() => {
      const track = trackRef.current;
      if (!track) return;
      const shown = indexFromScroll(track.scrollLeft, track.clientWidth, count);
      if (targetRef.current !== null) {
        if (Math.abs(track.scrollLeft - targetRef.current * track.clientWidth) > 2) return;
        targetRef.current = null;
      }
      setIndex(shown);
    });
  };

  /** Moves and keeps keyboard focus on a visible control when the pressed one hides at an end. */
  const step = (target: number) => {
    goTo(target);
    const nav = navigationAt(target, count);
    if (!nav.previous && document.activeElement === prevRef.current) nextRef.current?.focus();
    if (!nav.next && document.activeElement === nextRef.current) prevRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = indexForKey(event.key, index, count);
    if (target === null) return;
    event.preventDefault();
    step(target);
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  if (count === 0) return null;
  const nav = navigationAt(index, count);
  return (
    <section
      className={cls('hero', running && 'is-running')}
      aria-roledescription={labels.carousel}
      aria-label={labels.region}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div className="hero__track" ref={trackRef} onScroll={onScroll} aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={`${i}-${slide.title}`}
            className={cls('hero__slide', `theme-${slide.theme}`)}
            role="group"
            aria-roledescription={labels.slideRole}
            aria-label={format(labels.slide, { index: i + 1, count })}
          >
            <div className="container hero__content">
              <h2 className="hero__title">{slide.title}</h2>
              <p className="hero__text">{slide.text}</p>
              <a className="button hero__link" href={slide.href}>
                {slide.linkLabel}
                <ArrowIcon className="inline-icon" />
              </a>
            </div>
            {slide.image ? (
              <div className="hero__art hero__art--picture">
                <Picture
                  picture={slide.image}
                  className="hero__picture"
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                />
                {slide.products && slide.products.length > 0 && (
                  <ul className={`hero__products hero__products--${slide.products.length}`}>
                    {slide.products.map((product) => (
                      <li key={product.webp}>
                        <Picture picture={product} loading={i === 0 ? 'eager' : 'lazy'} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ) : (
              <div className="hero__art" aria-hidden="true">
                <span />
                <span />
                <span />
              </div>
            )}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="hero__controls container">
          <button type="button" className="icon-button hero__play" onClick={() => setUserPlaying(!playing)}>
            {playing ? <PauseIcon /> : <PlayIcon />}
            <span className="visually-hidden">{playing ? labels.pause : labels.play}</span>
          </button>
          <button
            ref={prevRef}
            type="button"
            className={cls('icon-button hero__arrow hero__arrow--prev', !nav.previous && 'is-hidden')}
            onClick={() => step(index - 1)}
          >
            <ArrowIcon className="flip" />
            <span className="visually-hidden">{labels.previous}</span>
          </button>
          <div className="hero__dots">
            {slides.map((slide, i) => (
              <button
                key={`${i}-${slide.title}`}
                type="button"
                className={cls('hero__dot', i === index && 'is-active')}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
              >
                <span className="visually-hidden">{format(labels.goTo, { index: i + 1, count })}</span>
              </button>
            ))}
          </div>
          <button
            ref={nextRef}
            type="button"
            className={cls('icon-button hero__arrow hero__arrow--next', !nav.next && 'is-hidden')}
            onClick={() => step(index + 1)}
          >
            <ArrowIcon />
            <span className="visually-hidden">{labels.next}</span>
          </button>
        </div>
      )}
    </section>
  );
}
