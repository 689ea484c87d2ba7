import { useId, useState } from 'react';
import { track } from './analytics';
import { globalPrivacyControl, saveConsent, storedConsent, useConsent, PRIVACY_COOKIE } from './consent';
import { useHydrated } from './browser-hooks';

export interface AudienceOptOutProps {
  labels: { label: string; refused: string; accepted: string; nojs: string };
}

/**
 * The audience-measurement opt-out of the cookie page (SPEC §4 "Analytics opt-out"): the statistics
 * category of the consent manager (one source of truth, views/islands/consent.ts), checked when
 * statistics are refused. Toggling saves the choice (12 months, SPEC §9) and tracks one event with
 * the new value (dropped when statistics are refused). Under Global Privacy Control the box stays
 * checked. The server cannot know the visitor's choice (pages are shared by every visitor), so until
 * the island runs the box is disabled, with a note that it needs JavaScript.
 */
export default function AudienceOptOut({ labels }: AudienceOptOutProps) {
  const hydrated = useHydrated();
  const id = useId();
  const allowed = useConsent('statistics');
  const [changed, setChanged] = useState<boolean | null>(null);
  const toggle = (refused: boolean) => {
    saveConsent({ video: storedConsent()?.video ?? false, statistics: !refused });
    setChanged(refused);
    track({ event: 'optout', value: refused });
  };
  return (
    <div className="audience-opt-out">
      <p className="audience-opt-out__field">
        <input
          id={id}
          type="checkbox"
          checked={hydrated ? !allowed : false}
          disabled={!hydrated || globalPrivacyControl()}
          onChange={(event) => toggle(event.currentTarget.checked)}
          data-cookie={PRIVACY_COOKIE}
        />
        <label htmlFor={id}>{labels.label}</label>
      </p>
      <p className="audience-opt-out__status" role="status">
        {!hydrated ? labels.nojs : changed === null ? '' : changed ? labels.refused : labels.accepted}
      </p>
    </div>
  );
}
