/** SPEC §9: the home header slider advances every 5000 ms. */
export const SLIDER_AUTOPLAY_MS = 5000;

export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(Math.round(index), 0), count - 1);
}

/** The slide a scroll-snapped track shows, from its scroll position. */
export function indexFromScroll(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0) return 0;
  return clampIndex(Math.abs(scrollLeft) / slideWidth, count);
}

/** Autoplay goes round: after the last slide comes the first. */
export function autoplayNext(index: number, count: number): number {
  return count <= 1 ? 0 : (index + 1) % count;
}

/** SPEC §4: previous and next are hidden at the ends (and both when there is a single slide). */
export function navigationAt(index: number, count: number): { previous: boolean; next: boolean } {
  return { previous: count > 1 && index > 0, next: count > 1 && index < count - 1 };
}

/** Arrow keys, Home and End move between slides; other keys are left alone. */
export function indexForKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return index > 0 ? index - 1 : null;
    case 'ArrowRight':
      return index < count - 1 ? index + 1 : null;
    case 'Home':
      return count > 0 && index !== 0 ? 0 : null;
    case 'End':
      return count > 0 && index !== count - 1 ? count - 1 : null;
    default:
      return null;
  }
}
