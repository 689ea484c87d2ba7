import { lastReached } from './scroll';

/** The table of contents' own rules (SPEC §2.2); the scroll itself is ./scroll.ts. */

/** A paragraph is the one being read once its top passes this line (px from the viewport top). */
export const READING_LINE = 140;
/** A paragraph scrolled to stops this far below the viewport top (under the reading line). */
export const TOC_OFFSET = 120;

/** The anchor being read among the paragraphs' tops (page order), or null without entries. */
export function activeTocAnchor(entries: Array<{ anchor: string; top: number }>): string | null {
  if (!entries.length) return null;
  return entries[
    lastReached(
      entries.map((e) => e.top),
      READING_LINE,
    )
  ].anchor;
}

/** Where the window scrolls to show a paragraph whose top is `top` px from the viewport top. */
export function tocScrollTarget(top: number, scrollY: number): number {
  return Math.max(0, Math.round(scrollY + top - TOC_OFFSET));
}
