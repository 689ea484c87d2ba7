/**
 * The table of contents' pure rules (SPEC §2.2, §9): which paragraph is being read, and the 500 ms
 * linear scroll to a paragraph.
 */

/** SPEC §9: scroll-to takes 500 ms, linear. */
export const SCROLL_DURATION = 500;
/** A paragraph is the one being read once its top passes this line (px from the viewport top). */
export const READING_LINE = 140;

/**
 * The anchor being read: the last paragraph whose top is above the reading line; the first one while
 * none has reached it yet. `tops` are the paragraphs' tops relative to the viewport, in page order.
 */
export function activeAnchor(entries: Array<{ anchor: string; top: number }>, line = READING_LINE): string | null {
  if (!entries.length) return null;
  let active = entries[0].anchor;
  for (const entry of entries) if (entry.top - line <= 0) active = entry.anchor;
  return active;
}

/** Linear position at `elapsed` ms of a scroll from `from` to `to`. */
export function linearPosition(from: number, to: number, elapsed: number, duration = SCROLL_DURATION): number {
  if (elapsed >= duration) return to;
  return from + ((to - from) * Math.max(0, elapsed)) / duration;
}
