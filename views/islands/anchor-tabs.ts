import { lastReached } from './scroll';

/** SPEC §4 "Anchor tabs": a section is active once its top is at most 135 px from the viewport top. */
export const ANCHOR_ACTIVE_TOP = 135;
/** SPEC §4: scrolling to a section leaves 85 px above it, 110 px once the tabs are fixed. */
export const ANCHOR_OFFSET = 85;
export const ANCHOR_OFFSET_FIXED = 110;

/** The index of the active section: the last one whose top is at most 135 px (the first by default). */
export function activeAnchor(tops: number[]): number {
  return lastReached(tops, ANCHOR_ACTIVE_TOP);
}

/** Where the window scrolls to show a section whose top is `top` px from the viewport top. */
export function anchorScrollTarget(top: number, scrollY: number, fixed: boolean): number {
  return Math.max(0, Math.round(top + scrollY - (fixed ? ANCHOR_OFFSET_FIXED : ANCHOR_OFFSET)));
}
