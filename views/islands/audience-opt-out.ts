/** The privacy cookie that holds the visitor's audience-measurement choice (SPEC §4, §9). */
export const PRIVACY_COOKIE = 'privacy';
/** SPEC §9: the consent choice is kept 12 months. */
export const PRIVACY_MAX_AGE = 365 * 24 * 60 * 60;

/** Whether a Cookie header (or document.cookie) holds the opt-out. */
export function hasOptOut(cookies: string): boolean {
  return cookies.split(';').some((part) => {
    const [name, ...rest] = part.trim().split('=');
    if (name !== PRIVACY_COOKIE) return false;
    try {
      return decodeURIComponent(rest.join('=')).split(',').includes('optout');
    } catch {
      return false;
    }
  });
}

/** The Set-Cookie text (document.cookie form) of a choice. */
export function optOutCookie(refused: boolean, secure: boolean): string {
  return `${PRIVACY_COOKIE}=${refused ? 'optout' : 'optin'}; Max-Age=${PRIVACY_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
