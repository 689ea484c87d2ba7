/** SPEC §4 "Home slider": 1 visible slide on a phone, 2 on a tablet, 3 on a desktop. */
export function visibleSlides(width: number): number {
  if (width < 768) return 1;
  if (width <= 1024) return 2;
  return 3;
}

/**
 * The navigation buttons (SPEC §4): only when the slides exceed the visible ones, and each hidden at
 * its end (previous at the first position, next once the last slide is in view).
 */
export function sliderButtons(index: number, count: number, visible: number): { previous: boolean; next: boolean } {
  if (count <= visible) return { previous: false, next: false };
  return { previous: index > 0, next: index < count - visible };
}
