/**
 * The in-page scroll shared by the table of contents and the anchor tabs (SPEC §9 "scroll-to 500 ms
 * linear"), and the rule both use to tell which section is being read.
 */

/** SPEC §9: scroll-to takes 500 ms, linear. */
export const SCROLL_TO_MS = 500;

/** The scroll position `elapsed` ms into a linear scroll from `from` to `to`. */
export function linearScroll(from: number, to: number, elapsed: number, duration = SCROLL_TO_MS): number {
  if (elapsed >= duration) return to;
  return Math.round(from + ((to - from) * Math.max(0, elapsed)) / duration);
}

/**
 * The section being read: the index of the last one whose top (px from the viewport top, sections in
 * page order) is at most `line`; the first one while none has reached it.
 */
export function lastReached(tops: number[], line: number): number {
  let active = 0;
  tops.forEach((top, index) => {
    if (top <= line) active = index;
  });
  return active;
}

/**
 * Scrolls the window to `to` in 500 ms, linearly (at once when the visitor prefers reduced motion),
 * then calls `done`.
 */
export function scrollWindowTo(to: number, reducedMotion: boolean, done?: () => void): void {
  const from = window.scrollY;
  if (reducedMotion) {
    window.scrollTo(0, to);
    done?.();
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo(0, linearScroll(from, to, elapsed));
    if (elapsed < SCROLL_TO_MS) requestAnimationFrame(step);
    else done?.();
  };
  requestAnimationFrame(step);
}
