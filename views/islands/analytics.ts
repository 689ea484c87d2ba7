import { currentConsent, subscribeConsent } from './consent';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** SPEC §9: tracking events are delayed 250 ms. */
export const TRACKING_DELAY_MS = 250;

export type TrackedEvent =
  | { event: 'store_search'; place: string; results: number }
  | { event: 'optout'; value: boolean }
  | { event: 'video_play'; videoId: string };

let loaded = false;

/**
 * The tag manager / analytics script of the configuration (SPEC §7), loaded once the visitor allows
 * audience statistics, never before; with this page's CSP nonce (the only way a script runs here).
 * No configured URL: nothing is ever loaded.
 */
export function startAnalytics(src: string): void {
  if (!src) return;
  const load = () => {
    if (loaded || !currentConsent().statistics) return;
    loaded = true;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
    script.dataset.analytics = 'true';
    document.head.append(script);
  };
  load();
  subscribeConsent(load);
}

/**
 * Pushes one analytics event (store search, opt-out toggle, video play) 250 ms later (SPEC §9), only
 * when audience statistics are allowed then: without consent the event is dropped, not queued.
 */
export function track(data: TrackedEvent): void {
  if (typeof window === 'undefined') return;
  window.setTimeout(() => {
    if (!currentConsent().statistics) return;
    (window.dataLayer ??= []).push(data);
  }, TRACKING_DELAY_MS);
}
