import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../../config/app.config';

/**
 * The security headers of every answer (helmet): the CSP with the response's nonce (`res.locals
 * .cspNonce`, set by RequestContextMiddleware), HSTS in production, and helmet's other defaults.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  // reCAPTCHA v3 (the contact forms), only when it is configured: its script, its iframe, its calls.
  const recaptcha = config.RECAPTCHA_SECRET && config.RECAPTCHA_SITE_KEY;
  const recaptchaScripts = recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  const recaptchaFrames = recaptcha
    ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']
    : [];
  // The analytics script's origin (its script, its beacons), only when one is configured: the browser
  // loads it after statistics consent (views/islands/analytics.ts).
  const analytics = config.ANALYTICS_SCRIPT_URL ? [new URL(config.ANALYTICS_SCRIPT_URL).origin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          ...recaptchaScripts,
          ...analytics,
        ],
        styleSrc: ["'self'"],
        // Video thumbnails (/media/video) and map tiles (/media/tiles) come from the site, never from
        // the platform or a tile host.
        imgSrc: ["'self'", 'data:', 'blob:', ...analytics],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...recaptchaFrames, ...analytics],
        frameSrc: ['https://www.youtube-nocookie.com', ...recaptchaFrames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // No upgrade-insecure-requests: behind plain http (the compose demo) it would block every
        // asset; over https, HSTS already keeps browsers on https.
      },
    },
    strictTransportSecurity: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * What `securityHeaders` writes, read once from the middleware itself (so the policy is written in
 * one place): the headers that never change, flat (`[name, value, name, value…]`, as
 * `writeHead` takes them), and the CSP cut where each response's nonce goes.
 */
export interface SecurityHeaderSet {
  readonly fixed: readonly string[];
  readonly policyName: string;
  /** The policy before and after the nonce. */
  readonly policy: readonly [string, string];
}

/** A nonce that no policy text contains: where the policy is cut. */
const NONCE_MARK = 'nonce-slot-5c1e0f2a9b';

/**
 * Runs the middleware once on a recording response. It must answer synchronously and depend on
 * nothing but the nonce (helmet's middlewares only set and remove headers); anything else, or a
 * policy without exactly one nonce, stops the start rather than send answers without it.
 */
export function recordSecurityHeaders(middleware: RequestHandler): SecurityHeaderSet {
  const fixed: string[] = [];
  let policy: { name: string; value: string } | undefined;
  const res = {
    locals: { cspNonce: NONCE_MARK },
    setHeader(name: string, value: unknown) {
      const text = String(value);
      if (text.includes(NONCE_MARK)) {
        if (policy) throw new Error('security headers: the nonce is in more than one header');
        policy = { name, value: text };
      } else fixed.push(name, text);
      return res;
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  let passed = false;
  middleware({ method: 'GET', url: '/', headers: {} } as Request, res as unknown as Response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    passed = true;
  });
  if (!passed) throw new Error('security headers: the middleware did not pass the request on at once');
  const parts = policy?.value.split(NONCE_MARK);
  if (!policy || parts?.length !== 2) throw new Error('security headers: the policy must carry the nonce once');
  return { fixed, policyName: policy.name, policy: [parts[0], parts[1]] };
}
