import { consentCookie, effectiveConsent, PRIVACY_MAX_AGE, readConsent } from './consent';

describe('consent (one source of truth for the banner, the opt-out checkbox, videos and analytics)', () => {
  it('no privacy cookie, or one without a statistics choice, is no choice', () => {
    expect(readConsent('')).toBeNull();
    expect(readConsent('lang=fr; privacy=')).toBeNull();
    expect(readConsent('privacy=%E0%A4%A')).toBeNull();
  });

  it('reads the statistics and video choices, the historical opt-out values included', () => {
    expect(readConsent('a=1; privacy=optin,video')).toEqual({ statistics: true, video: true });
    expect(readConsent('privacy=optout%2Cvideo')).toEqual({ statistics: false, video: true });
    expect(readConsent('privacy=optin')).toEqual({ statistics: true, video: false });
    expect(readConsent('privacy=optout; other=optin')).toEqual({ statistics: false, video: false });
  });

  it('writes 12 months, SameSite=Lax, Secure only when asked, and reads back what it wrote', () => {
    const text = consentCookie({ statistics: false, video: true }, false);
    expect(text).toBe(`privacy=optout,video; Max-Age=${PRIVACY_MAX_AGE}; Path=/; SameSite=Lax`);
    expect(PRIVACY_MAX_AGE).toBe(365 * 24 * 3600);
    expect(consentCookie({ statistics: true, video: false }, true)).toMatch(/; Secure$/);
    expect(readConsent(text.split(';')[0])).toEqual({ statistics: false, video: true });
  });

  it('Global Privacy Control refuses statistics whatever was chosen; nothing chosen allows nothing', () => {
    expect(effectiveConsent({ statistics: true, video: true }, true)).toEqual({ statistics: false, video: true });
    expect(effectiveConsent({ statistics: true, video: false }, false)).toEqual({ statistics: true, video: false });
    expect(effectiveConsent(null, false)).toEqual({ statistics: false, video: false });
  });
});
