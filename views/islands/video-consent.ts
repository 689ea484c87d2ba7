import { useEffect } from 'react';
import { actions, useAppDispatch, useAppSelector } from '../../client/store';

/** Where the video consent is remembered in the browser. */
export const VIDEO_CONSENT_KEY = 'video-consent';

/**
 * The video consent (SPEC §4 Video), shared by every island that embeds a video (the product gallery,
 * the editorial video paragraph): read once the page runs, granted by the accept button for the video
 * vendor, remembered, and shared through the page's store so every video of the page follows.
 */
export function useVideoConsent(): [boolean, () => void] {
  const consent = useAppSelector((s) => s.app.videoConsent);
  const dispatch = useAppDispatch();
  useEffect(() => {
    try {
      if (localStorage.getItem(VIDEO_CONSENT_KEY) === 'youtube') dispatch(actions.videoConsentChanged(true));
    } catch {
      // Storage unavailable: consent is asked again.
    }
  }, [dispatch]);
  const accept = () => {
    try {
      localStorage.setItem(VIDEO_CONSENT_KEY, 'youtube');
    } catch {
      // Not remembered, still granted for this page.
    }
    dispatch(actions.videoConsentChanged(true));
  };
  return [consent, accept];
}
