/** The one sub-menu open at a time: a repeated click on the same toggle closes it (SPEC §4). */
export function toggleSubmenu(openKey: string | null, key: string): string | null {
  return openKey === key ? null : key;
}

/** Next focus target when Tab leaves the last (or Shift+Tab the first) element of an open drawer. */
export function wrapFocusIndex(current: number, count: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (backwards && current <= 0) return count - 1;
  if (!backwards && current >= count - 1) return 0;
  return null;
}
