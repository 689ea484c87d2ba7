import { useId, useState, useSyncExternalStore } from 'react';
import { useHydrated } from './browser-hooks';
import { hasOptOut, optOutCookie, PRIVACY_COOKIE } from './audience-opt-out';

export interface AudienceOptOutProps {
  labels: { label: string; refused: string; accepted: string; nojs: string };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const noSubscription = () => () => {};

/**
 * The audience-measurement opt-out (SPEC §4 "Analytics opt-out"): checked when the privacy cookie
 * holds `optout`; toggling writes the choice (12 months, SPEC §9) and pushes one event with the new
 * value. The server cannot know the visitor's choice (pages are shared by every visitor), so until
 * the island runs the box is disabled, with a note that it needs JavaScript.
 */
export default function AudienceOptOut({ labels }: AudienceOptOutProps) {
  const hydrated = useHydrated();
  const id = useId();
  const stored = useSyncExternalStore(
    noSubscription,
    () => hasOptOut(document.cookie),
    () => false,
  );
  const [choice, setChoice] = useState<boolean | null>(null);
  const checked = choice ?? stored;
  const toggle = (value: boolean) => {
    document.cookie = optOutCookie(value, location.protocol === 'https:');
    setChoice(value);
    // SPEC §9: tracking events are delayed 250 ms.
    setTimeout(() => (window.dataLayer ??= []).push({ event: 'optout', value }), 250);
  };
  return (
    <div className="audience-opt-out">
      <p className="audience-opt-out__field">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={!hydrated}
          onChange={(event) => toggle(event.currentTarget.checked)}
          data-cookie={PRIVACY_COOKIE}
        />
        <label htmlFor={id}>{labels.label}</label>
      </p>
      <p className="audience-opt-out__status" role="status">
        {!hydrated ? labels.nojs : choice === null ? '' : choice ? labels.refused : labels.accepted}
      </p>
    </div>
  );
}
