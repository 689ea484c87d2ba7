/** SPEC §4 "Anchor tabs": a section is active once its top is at most 135 px from the viewport top. */
export const ANCHOR_ACTIVE_TOP = 135;
/** SPEC §4: scrolling to a section leaves 85 px above it, 110 px once the tabs are fixed. */
export const ANCHOR_OFFSET = 85;
export const ANCHOR_OFFSET_FIXED = 110;

/** The index of the active section: the last one whose top is at most 135 px (the first by default). */
export function activeAnchor(tops: number[]): number {
  let active = 0;
  tops.forEach((top, index) => {
    if (top <= ANCHOR_ACTIVE_TOP) active = index;
  });
  return active;
}

/** Where the window scrolls to show a section whose top is `top` px from the viewport top. */
export function anchorScrollTarget(top: number, scrollY: number, fixed: boolean): number {
  return Math.max(0, Math.round(top + scrollY - (fixed ? ANCHOR_OFFSET_FIXED : ANCHOR_OFFSET)));
}

/** SPEC §9 "scroll-to 500 ms linear". */
export const SCROLL_TO_MS = 500;

/** The scroll position `elapsed` ms into a linear scroll from `from` to `to`. */
export function linearScroll(from: number, to: number, elapsed: number, duration = SCROLL_TO_MS): number {
  if (elapsed >= duration) return to;
  return Math.round(from + ((to - from) * Math.max(0, elapsed)) / duration);
}

/** Scrolls the window to `to` in 500 ms, linearly (at once when the visitor prefers reduced motion). */
export function scrollWindowTo(to: number, reducedMotion: boolean): void {
  const from = window.scrollY;
  if (reducedMotion) {
    window.scrollTo(0, to);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    window.scrollTo(0, linearScroll(from, to, now - start));
    if (now - start < SCROLL_TO_MS) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
