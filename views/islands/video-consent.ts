import { useCallback } from 'react';
import { grant, useConsent } from './consent';

/**
 * The video consent (SPEC §4 Video), shared by every island that embeds a video: the consent
 * manager's video category. The accept button of a blocked video grants that category, so every
 * video of the page (and the preferences panel) follows.
 */
export function useVideoConsent(): [boolean, () => void] {
  const consent = useConsent('video');
  const accept = useCallback(() => grant('video'), []);
  return [consent, accept];
}
