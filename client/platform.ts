import { actions, type AppStore } from './store';

/**
 * Page-wide client behaviour outside any island: device class from the width (debounced 1000 ms),
 * online/offline status, and link prefetching on hover (skipped on 2g, data saver or offline).
 */
export function startPlatform(store: AppStore): void {
  store.dispatch(actions.viewportChanged(window.innerWidth));
  let timer: number | undefined;
  window.addEventListener('resize', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => store.dispatch(actions.viewportChanged(window.innerWidth)), 1000);
  });
  window.addEventListener('online', () => store.dispatch(actions.onlineChanged(true)));
  window.addEventListener('offline', () => store.dispatch(actions.onlineChanged(false)));
  store.dispatch(actions.onlineChanged(navigator.onLine));
  // In-page navigations (filters, pagination without reload) announce themselves with these events;
  // the loading bar island follows the store.
  window.addEventListener('app:navigation-start', () => store.dispatch(actions.navigationStarted()));
  window.addEventListener('app:navigation-end', () => store.dispatch(actions.navigationFinished()));
  window.addEventListener('app:navigation-error', () => store.dispatch(actions.navigationFailed()));
  document.addEventListener('mouseover', prefetchOnHover, { passive: true });
  document.addEventListener('touchstart', prefetchOnHover, { passive: true });
}

const prefetched = new Set<string>();

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(nav: Navigator & { connection?: NetworkInformation }): boolean {
  if (!nav.onLine) return false;
  const connection = nav.connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType && /(^|-)2g$/.test(connection.effectiveType)) return false;
  return true;
}

function prefetchOnHover(event: Event): void {
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || link.origin !== location.origin || link.dataset.noPrefetch !== undefined) return;
  const url = link.pathname + link.search;
  if (url === location.pathname + location.search || prefetched.has(url) || !canPrefetch(navigator)) return;
  prefetched.add(url);
  const hint = document.createElement('link');
  hint.rel = 'prefetch';
  hint.href = url;
  document.head.appendChild(hint);
}
