import type { RequestHandler } from 'express';
import { loadConfig } from '../../config/app.config';
import { recordSecurityHeaders, securityHeaders } from './security-headers';

/** Runs the middleware on one response with this nonce: the headers it sets, by lower-case name. */
function headersFrom(middleware: RequestHandler, nonce: string): Map<string, string> {
  const set = new Map<string, string>();
  const res = {
    locals: { cspNonce: nonce },
    setHeader: (name: string, value: unknown) => set.set(name.toLowerCase(), String(value)),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  middleware({ method: 'GET', url: '/', headers: {} } as never, res as never, () => undefined);
  return set;
}

describe(recordSecurityHeaders.name, () => {
  it.each([
    ['development', { NODE_ENV: 'development' }],
    ['production', { NODE_ENV: 'production', CSRF_SECRET: 'test-only-csrf-secret-0123456789abcdefghijkl' }],
  ])('reads what helmet sets on a response (%s), the nonce cut out of the policy', (_name, env) => {
    const middleware = securityHeaders(loadConfig(env));
    const recorded = recordSecurityHeaders(middleware);
    const nonce = 'AbCdEfGhIjKlMnOpQrStUv==';
    const expected = headersFrom(middleware, nonce);
    const rebuilt = new Map<string, string>();
    for (let i = 0; i < recorded.fixed.length; i += 2)
      rebuilt.set(recorded.fixed[i].toLowerCase(), recorded.fixed[i + 1]);
    rebuilt.set(recorded.policyName.toLowerCase(), recorded.policy[0] + nonce + recorded.policy[1]);
    expect(rebuilt).toEqual(expected);
    expect(expected.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(expected.has('strict-transport-security')).toBe(env.NODE_ENV === 'production');
  });

  it('refuses a middleware whose policy carries no nonce, or that does not pass the request on at once', () => {
    const noNonce: RequestHandler = (_req, res, next) => {
      res.setHeader('Content-Security-Policy', "default-src 'self'");
      next();
    };
    expect(() => recordSecurityHeaders(noNonce)).toThrow(/nonce once/);
    const later: RequestHandler = (_req, _res, next) => void setImmediate(next);
    expect(() => recordSecurityHeaders(later)).toThrow(/at once/);
  });
});
