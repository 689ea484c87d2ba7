/**
 * The loading bar's phases (SPEC §4, §9): a navigation shows the bar only if it lasts more than the
 * 200 ms throttle; the bar then progresses over up to 5 s; on the end it completes and hides 500 ms
 * later; a failure marks it failed (then hides the same way).
 */
export type LoadingPhase = 'hidden' | 'waiting' | 'running' | 'finishing' | 'failed';
export type LoadingEvent = 'start' | 'throttleElapsed' | 'done' | 'fail' | 'hideElapsed';

export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 5000;
export const LOADING_HIDE_DELAY_MS = 500;

export function nextLoadingPhase(phase: LoadingPhase, event: LoadingEvent): LoadingPhase {
  switch (event) {
    case 'start':
      // A new navigation while the bar is still shown keeps it running rather than flashing it.
      return phase === 'running' || phase === 'finishing' ? 'running' : 'waiting';
    case 'throttleElapsed':
      return phase === 'waiting' ? 'running' : phase;
    case 'done':
      if (phase === 'waiting') return 'hidden'; // fast enough: never shown
      return phase === 'running' ? 'finishing' : phase;
    case 'fail':
      return phase === 'hidden' ? phase : 'failed';
    case 'hideElapsed':
      return phase === 'finishing' || phase === 'failed' ? 'hidden' : phase;
  }
}

/** What the Redux `app.loading` value means for the bar. */
export function loadingEventFor(state: 'idle' | 'loading' | 'done' | 'failed'): LoadingEvent | null {
  return state === 'loading' ? 'start' : state === 'done' ? 'done' : state === 'failed' ? 'fail' : null;
}
