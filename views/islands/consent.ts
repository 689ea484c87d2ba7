import { useSyncExternalStore } from 'react';

/**
 * The visitor's consent (SPEC §2.2 "cookie preferences", "Legal, data protection and cookie pages",
 * §4 "Video" and "Analytics opt-out", §9): the one source of truth read and written by the consent
 * banner, the cookie page's opt-out checkbox, the video players and the analytics loader.
 *
 * Kept in one first-party cookie, `privacy`, for 12 months (SPEC §9): comma-separated tokens, the
 * audience statistics choice (`optin` / `optout`, the opt-out checkbox's historical values) and the
 * video choice (`video` / `novideo`). No cookie: nothing chosen yet (the banner asks), nothing but the
 * necessary category is allowed. Global Privacy Control refuses statistics whatever the cookie says.
 */
export const PRIVACY_COOKIE = 'privacy';
/** SPEC §9: the consent choice is kept 12 months. */
export const PRIVACY_MAX_AGE = 365 * 24 * 60 * 60;
/** Fired on window by the footer's 'cookie preferences' link: the consent manager opens its panel. */
export const OPEN_PREFERENCES_EVENT = 'consent:open';

export interface ConsentChoice {
  statistics: boolean;
  video: boolean;
}

/** The stored choice in a Cookie header (or document.cookie); null when the visitor has not chosen. */
export function readConsent(cookies: string): ConsentChoice | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== PRIVACY_COOKIE) continue;
    let tokens: string[];
    try {
      tokens = decodeURIComponent(rest.join('=')).split(',');
    } catch {
      return null;
    }
    if (!tokens.includes('optin') && !tokens.includes('optout')) return null;
    return { statistics: tokens.includes('optin'), video: tokens.includes('video') };
  }
  return null;
}

/** The document.cookie text of a choice: 12 months, SameSite=Lax, Secure when asked (production, https). */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  const value = `${choice.statistics ? 'optin' : 'optout'},${choice.video ? 'video' : 'novideo'}`;
  return `${PRIVACY_COOKIE}=${value}; Max-Age=${PRIVACY_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** What the visitor allows, the stored choice with Global Privacy Control applied. */
export function effectiveConsent(choice: ConsentChoice | null, gpc: boolean): ConsentChoice {
  return { statistics: !gpc && (choice?.statistics ?? false), video: choice?.video ?? false };
}

// ---- Browser side -------------------------------------------------------------------------------

const listeners = new Set<() => void>();
let secureCookie = false;
let snapshot: { choice: ConsentChoice | null; raw: string } | null = null;

/** Production (or a page served over https) writes the cookie with Secure. */
export function setSecureCookie(secure: boolean): void {
  secureCookie = secure;
}

export function globalPrivacyControl(): boolean {
  return (
    typeof navigator !== 'undefined' && (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

/** The stored choice (stable object while the cookie does not change, as useSyncExternalStore needs). */
export function storedConsent(): ConsentChoice | null {
  const raw = document.cookie;
  if (snapshot?.raw !== raw) snapshot = { raw, choice: readConsent(raw) };
  return snapshot.choice;
}

export function currentConsent(): ConsentChoice {
  return effectiveConsent(storedConsent(), globalPrivacyControl());
}

export function saveConsent(choice: ConsentChoice): void {
  const secure = secureCookie || location.protocol === 'https:';
  document.cookie = consentCookie(choice, secure);
  for (const listener of [...listeners]) listener();
}

/** Grants one category, keeping the others as they are (refused when never chosen). */
export function grant(category: keyof ConsentChoice): void {
  saveConsent({ ...effectiveConsent(storedConsent(), false), [category]: true });
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function openPreferences(): void {
  window.dispatchEvent(new Event(OPEN_PREFERENCES_EVENT));
}

const serverChoice = () => null;

/** The stored choice for an island: null on the server and while hydrating (pages are shared). */
export function useStoredConsent(): ConsentChoice | null {
  return useSyncExternalStore(subscribeConsent, storedConsent, serverChoice);
}

const refused = () => false;

/** Whether a category is allowed now (false on the server and while hydrating). */
export function useConsent(category: keyof ConsentChoice): boolean {
  return useSyncExternalStore(subscribeConsent, () => currentConsent()[category], refused);
}
