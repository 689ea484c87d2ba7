/**
 * Which page numbers a pagination shows: the first and the last, and the pages around the current
 * one. A catalogue of 10,000 products has 800-odd pages: listing them all made every list page carry
 * 100 KB of links; a window keeps it to about nine, and "…" marks where numbers are left out.
 */
export const PAGE_WINDOW_AROUND = 2;

export function pageWindow(current: number, pages: number, around = PAGE_WINDOW_AROUND): number[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const from = Math.max(1, Math.min(current - around, pages - 2 * around));
  const to = Math.min(pages, Math.max(current + around, 1 + 2 * around));
  const shown = new Set<number>([1, pages]);
  for (let page = from; page <= to; page++) shown.add(page);
  // A gap of one page is shown as that page rather than as "…".
  const sorted = [...shown].sort((a, b) => a - b);
  const out: number[] = [];
  for (const page of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && page - last === 2) out.push(last + 1);
    out.push(page);
  }
  return out;
}
