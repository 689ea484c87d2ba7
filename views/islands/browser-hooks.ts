import { useCallback, useSyncExternalStore } from 'react';

/**
 * Browser-only values for islands, read through useSyncExternalStore: during hydration React uses the
 * server snapshot (so the first client render equals the server HTML: no hydration warning), then
 * re-renders with the browser's value. Never touch `window` during render.
 */

const noSubscription = () => () => {};

/** False on the server and while hydrating, true once the island runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** A media query's match (false on the server), e.g. '(prefers-reduced-motion: reduce)'. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** SPEC §4/§9: the mobile menu and panels apply up to 1024 px. */
export const MOBILE_QUERY = '(max-width: 1024px)';

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(REDUCED_MOTION).matches;
}

const STORAGE_EVENT = 'app:local-storage';

/** localStorage that never throws (private mode, disabled storage, quota). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Storage refused: the choice holds for this page only.
    }
    window.dispatchEvent(new CustomEvent(STORAGE_EVENT, { detail: key }));
  },
};

function subscribeStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(STORAGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(STORAGE_EVENT, onChange);
  };
}

/** A remembered yes/no in localStorage ("1" when set); false on the server. */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    subscribeStorage,
    () => safeStorage.get(key) !== null,
    () => false,
  );
  const set = useCallback((next: boolean) => safeStorage.set(key, next ? '1' : null), [key]);
  return [value, set];
}
