import { createContext, useContext } from 'react';
import type { Translate } from '../contracts/i18n';
import type { Locale } from '../contracts/route-table';

export type { Translate };

/** What every server-rendered view may read besides its props: no I/O, only values. */
export interface RenderEnvironment {
  locale: Locale;
  /** Code of the shop (country) serving the page, e.g. "ch". */
  shopCode: string;
  t: Translate;
  /** Nonce placeholder for inline scripts; the response writer swaps in the request's own nonce. */
  nonce: string;
  /** The preloaded client state, shared by every island of the page. */
  state: unknown;
  /** Islands rendered on this page (their code is preloaded). */
  islands: Set<string>;
  islandSeq: { next: number };
}

export const RenderContext = createContext<RenderEnvironment | null>(null);

export function useRender(): RenderEnvironment {
  const env = useContext(RenderContext);
  if (!env) throw new Error('RenderContext missing: views render only through RenderService');
  return env;
}

export function useT(): Translate {
  return useRender().t;
}
