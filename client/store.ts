import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/** Device classes of SPEC §4, from the viewport width. */
export type DeviceClass = 'phone' | 'phablet' | 'tablet' | 'desktop' | 'largeDesktop' | 'extraLarge';

export function deviceClassFor(width: number): DeviceClass {
  if (width <= 565) return 'phone';
  if (width <= 767) return 'phablet';
  if (width <= 1024) return 'tablet';
  if (width <= 1280) return 'desktop';
  if (width <= 1441) return 'largeDesktop';
  return 'extraLarge';
}

export const SEARCH_HISTORY_SIZE = 5;

export interface AppState {
  locale: string;
  shopId: number;
  siteUrl: string;
  device: DeviceClass;
  /** SPEC §4 "mobile <= 1024". */
  mobile: boolean;
  loading: 'idle' | 'loading' | 'done' | 'failed';
  online: boolean;
  webp: boolean;
  /** The tag manager / analytics script of the configuration ('' = none), loaded after consent. */
  analyticsSrc: string;
  /** Production: the consent cookie is written with Secure. */
  secureCookies: boolean;
}

const initialApp: AppState = {
  locale: 'fr',
  shopId: 1,
  siteUrl: '',
  device: 'desktop',
  mobile: false,
  loading: 'idle',
  online: true,
  webp: false,
  analyticsSrc: '',
  secureCookies: false,
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialApp,
  reducers: {
    viewportChanged(state, action: PayloadAction<number>) {
      state.device = deviceClassFor(action.payload);
      state.mobile = action.payload <= 1024;
    },
    navigationStarted(state) {
      state.loading = 'loading';
    },
    navigationFinished(state) {
      state.loading = 'done';
    },
    navigationFailed(state) {
      state.loading = 'failed';
    },
    onlineChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
  },
});

export const searchSlice = createSlice({
  name: 'search',
  initialState: { history: [] as string[] },
  reducers: {
    historyLoaded(state, action: PayloadAction<string[]>) {
      state.history = action.payload
        .filter((t) => typeof t === 'string' && t.trim() !== '')
        .slice(0, SEARCH_HISTORY_SIZE);
    },
    /** Newest first, no duplicates, at most 5 (SPEC §2.2, §9). */
    searched(state, action: PayloadAction<string>) {
      const text = action.payload.trim();
      if (!text) return;
      state.history = [text, ...state.history.filter((t) => t.toLowerCase() !== text.toLowerCase())].slice(
        0,
        SEARCH_HISTORY_SIZE,
      );
    },
  },
});

export const actions = { ...appSlice.actions, ...searchSlice.actions };

export function createAppStore(preloaded?: { app?: Partial<AppState>; search?: { history: string[] } }) {
  return configureStore({
    reducer: { app: appSlice.reducer, search: searchSlice.reducer },
    preloadedState: {
      app: { ...initialApp, ...(preloaded?.app ?? {}) },
      search: preloaded?.search ?? { history: [] },
    },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type PreloadedState = Parameters<typeof createAppStore>[0];
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppDispatch = useDispatch.withTypes<AppStore['dispatch']>();
