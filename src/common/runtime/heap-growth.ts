import { setFlagsFromString } from 'node:v8';

/**
 * Sets how far V8 lets the old generation grow past what was live at its last full collection
 * (HEAP_GROWING_PERCENT; 0 keeps V8's own factor, up to 4×). V8 reads the flag each time it sets the
 * next limit, so it applies when set at start, before the app allocates its caches. Resident memory
 * follows the heap's size, garbage included: on a crawl of unknown URLs a server process went from
 * 318 to 412 MB with V8's factor and from 195 to 228 MB at 30 %, at the same throughput. The price
 * is more frequent collections, whose pauses show in the tail of uncached requests (suggestions' p99
 * ~60 ms instead of ~40 at 10,000 products): docs/decisions.md "Resident memory and the heap's
 * growth". Returns the flag it set, if any.
 */
export function applyHeapGrowth(
  percent: number,
  setFlags: (flags: string) => void = setFlagsFromString,
): string | null {
  if (!Number.isSafeInteger(percent) || percent <= 0) return null;
  const flag = `--heap-growing-percent=${percent}`;
  setFlags(flag);
  return flag;
}
