import { useEffect, useReducer } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector, type AppStore } from '../../client/store';
import { cls } from '../components/cls';
import { useHydrated } from './browser-hooks';
import { LOADING_HIDE_DELAY_MS, LOADING_THROTTLE_MS, loadingEventFor, nextLoadingPhase } from './loading-bar';

export interface LoadingBarProps {
  labels: { loading: string; failed: string; offline: string };
}

/**
 * The loading bar of SPEC §4, driven by the Redux `app.loading` state (client/platform.ts turns the
 * window events 'app:navigation-start' / '-end' / '-error' into it). The 5 s progress is a CSS
 * animation: no inline style, which the CSP would refuse.
 *
 * It also tells the visitor when the browser goes offline (SPEC §4 "online/offline status tracked",
 * `app.online`): a polite notice until the connection is back, when in-page navigations (filters,
 * pagination) and links would fail. After hydration only: the server does not know.
 */
export default function LoadingBar({ labels }: LoadingBarProps) {
  const store = useStore() as AppStore;
  const [phase, send] = useReducer(nextLoadingPhase, 'hidden');
  const hydrated = useHydrated();
  const offline = !useAppSelector((state) => state.app.online) && hydrated;

  useEffect(() => {
    let last = store.getState().app.loading;
    return store.subscribe(() => {
      const now = store.getState().app.loading;
      if (now === last) return;
      last = now;
      const event = loadingEventFor(now);
      if (event) send(event);
    });
  }, [store]);

  useEffect(() => {
    if (phase === 'waiting') {
      const timer = window.setTimeout(() => send('throttleElapsed'), LOADING_THROTTLE_MS);
      return () => window.clearTimeout(timer);
    }
    if (phase === 'finishing' || phase === 'failed') {
      const timer = window.setTimeout(() => send('hideElapsed'), LOADING_HIDE_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
  }, [phase]);

  const visible = phase === 'running' || phase === 'finishing' || phase === 'failed';
  return (
    <>
      <div
        className={cls('loading-bar', `loading-bar--${phase}`)}
        role={visible ? 'progressbar' : undefined}
        aria-label={visible ? labels.loading : undefined}
        aria-hidden={visible ? undefined : true}
      >
        <div className="loading-bar__fill" />
      </div>
      <p className="visually-hidden" role="status">
        {phase === 'failed' ? labels.failed : ''}
      </p>
      <p className={offline ? 'offline-notice' : 'visually-hidden'} role="status" data-offline-notice>
        {offline ? labels.offline : ''}
      </p>
    </>
  );
}
