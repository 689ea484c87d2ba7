import { createElement, startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { startAnalytics } from '../views/islands/analytics';
import { setSecureCookie } from '../views/islands/consent';
import { ISLANDS } from '../views/islands/registry';
import { IslandSlots, readSlots } from '../views/islands/slots';
import { startPlatform } from './platform';
import { createAppStore, type PreloadedState } from './store';
import './styles/main.css';

function readJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

const store = createAppStore(readJson<PreloadedState>('__STATE__'));
startPlatform(store);
setSecureCookie(store.getState().app.secureCookies);
startAnalytics(store.getState().app.analyticsSrc);

/**
 * Marks the island hydrated once React has committed its hydration (a transition may take several
 * frames on a slow device): its effect runs after those of the island's own components. The mark is
 * what the browser tests wait for; it renders nothing, so the tree (and useId) is the server's.
 */
function HydrationMark({ el, children }: { el: HTMLElement; children: ReactNode }): ReactNode {
  useEffect(() => {
    el.setAttribute('data-hydrated', 'true');
  }, [el]);
  return children;
}

/**
 * Hydrates each island marker once, with the same tree and identifierPrefix as the server. An island
 * inside another island's slot is a marker of its own: the outer island never rewrites a slot's HTML.
 */
for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = el.dataset.island ?? '';
  const id = el.dataset.iid ?? '';
  const load = ISLANDS[name];
  if (!load || el.dataset.hydrated) continue;
  el.dataset.hydrated = 'pending';
  load()
    .then(({ default: Component }) => {
      const props = readJson<object>(`${id}-props`) ?? {};
      // Server content the island wraps: the same HTML strings as on the server (see slots.tsx).
      const island = createElement(IslandSlots.Provider, {
        value: readSlots(el),
        children: createElement(HydrationMark, { el, children: createElement(Component, props as never) }),
      });
      startTransition(() => {
        hydrateRoot(el, createElement(Provider, { store, children: island }), { identifierPrefix: `${id}-` });
      });
    })
    .catch((error: unknown) => reloadOnChunkFailure(error));
}

const RELOAD_KEY = 'chunk-reload-at';

/** SPEC §2.2/§4: a chunk-load failure reloads the page, at most once per 60 s. */
function reloadOnChunkFailure(error: unknown): void {
  console.warn('island failed to load', error);
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return;
  }
  location.reload();
}
