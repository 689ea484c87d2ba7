import { useEffect, useId, useRef, useState } from 'react';
import type { Labels } from '../../contracts/i18n';
import { useHydrated } from './browser-hooks';
import {
  globalPrivacyControl,
  OPEN_PREFERENCES_EVENT,
  openPreferences,
  saveConsent,
  storedConsent,
  useStoredConsent,
  type ConsentChoice,
} from './consent';

export interface ConsentManagerProps {
  labels: Labels<'shell.consent'>;
  /** The cookie page (the footer's 'cookie preferences' link), for the policy link. */
  policyHref?: string;
}

/**
 * The site's own consent manager (SPEC §2.2 cookie preferences, §7 consent platform, §9): categories
 * necessary (always on), audience statistics and video. On a first visit a banner at the bottom of the
 * page — not a modal: the page stays usable behind it — offers accept all, refuse all and customise;
 * the footer's 'cookie preferences' link reopens it with the detailed choices. The choice goes to the
 * one consent module (views/islands/consent.ts) that the opt-out checkbox, the videos and the analytics
 * loader follow. Nothing is rendered on the server (pages are shared by every visitor) nor without
 * JavaScript (nothing but the necessary category can load then).
 */
export default function ConsentManager({ labels, policyHref }: ConsentManagerProps) {
  const hydrated = useHydrated();
  const stored = useStoredConsent();
  const [open, setOpen] = useState<'details' | null>(null);
  const [draft, setDraft] = useState<ConsentChoice>({ statistics: false, video: false });
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const gpc = hydrated && globalPrivacyControl();

  useEffect(() => {
    const reopen = () => {
      const current = storedConsent();
      setDraft({
        statistics: (current?.statistics ?? false) && !globalPrivacyControl(),
        video: current?.video ?? false,
      });
      setOpen('details');
      window.setTimeout(() => panel.current?.focus(), 0);
    };
    // The footer's 'cookie preferences' link: with JavaScript it opens the choices here (without, it
    // leads to the cookie page, whose opt-out checkbox needs JavaScript anyway).
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[data-consent-preferences]');
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      openPreferences();
    };
    window.addEventListener(OPEN_PREFERENCES_EVENT, reopen);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener(OPEN_PREFERENCES_EVENT, reopen);
      document.removeEventListener('click', onClick);
    };
  }, []);

  if (!hydrated || (stored !== null && open === null)) return null;

  const choose = (choice: ConsentChoice) => {
    saveConsent({ ...choice, statistics: choice.statistics && !globalPrivacyControl() });
    setOpen(null);
  };
  const details = open === 'details';
  return (
    <section
      ref={panel}
      className={`consent-banner${details ? ' consent-banner--details' : ''}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-consent-banner=""
    >
      <div className="container consent-banner__inner">
        <h2 className="consent-banner__title" id={titleId}>
          {labels.title}
        </h2>
        <p className="consent-banner__intro">
          {labels.intro}
          {policyHref && (
            <>
              {' '}
              <a href={policyHref}>{labels.policy}</a>
            </>
          )}
        </p>
        {gpc && <p className="consent-banner__gpc">{labels.gpc}</p>}
        {details && (
          <ul className="consent-categories">
            <li>
              <label>
                <input type="checkbox" checked disabled />
                <span className="consent-categories__name">
                  {labels.necessary} <small>({labels.always_on})</small>
                </span>
              </label>
              <p>{labels.necessary_text}</p>
            </li>
            <li>
              <label>
                <input
                  type="checkbox"
                  name="statistics"
                  checked={draft.statistics && !gpc}
                  disabled={gpc}
                  onChange={(e) => setDraft({ ...draft, statistics: e.currentTarget.checked })}
                />
                <span className="consent-categories__name">{labels.statistics}</span>
              </label>
              <p>{labels.statistics_text}</p>
            </li>
            <li>
              <label>
                <input
                  type="checkbox"
                  name="video"
                  checked={draft.video}
                  onChange={(e) => setDraft({ ...draft, video: e.currentTarget.checked })}
                />
                <span className="consent-categories__name">{labels.video}</span>
              </label>
              <p>{labels.video_text}</p>
            </li>
          </ul>
        )}
        <div className="consent-banner__actions">
          <button type="button" className="button" onClick={() => choose({ statistics: true, video: true })}>
            {labels.accept_all}
          </button>
          <button type="button" className="button" onClick={() => choose({ statistics: false, video: false })}>
            {labels.refuse_all}
          </button>
          {details ? (
            <button type="button" className="button button--outline" onClick={() => choose(draft)}>
              {labels.save}
            </button>
          ) : (
            <button
              type="button"
              className="button button--outline"
              aria-expanded="false"
              onClick={() => {
                setDraft(stored ?? { statistics: false, video: false });
                setOpen('details');
              }}
            >
              {labels.customise}
            </button>
          )}
          {stored !== null && (
            <button type="button" className="button button--outline" onClick={() => setOpen(null)}>
              {labels.close}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
