import type { Request, Response } from 'express';
import { loadConfig } from '../../config/app.config';
import { DomainErrorCode } from '../errors/domain.exception';
import { CSRF_COOKIE, CsrfGuard, CsrfService } from './csrf';

interface SetCookie {
  name: string;
  value: string;
  options: Record<string, unknown>;
}

function response(): { res: Response; cookies: SetCookie[] } {
  const cookies: SetCookie[] = [];
  const res = {
    cookie: (name: string, value: string, options: Record<string, unknown>) => cookies.push({ name, value, options }),
  };
  return { res: res as unknown as Response, cookies };
}

const request = (cookie?: string, body?: unknown) =>
  ({ headers: cookie ? { cookie } : {}, body }) as unknown as Request;
const secret = (s: string) => loadConfig({ CSRF_SECRET: s.repeat(32) });

describe(CsrfService.name, () => {
  const sut = new CsrfService(secret('a'));

  it('sets an HttpOnly SameSite=Lax cookie for a new browser and signs it for the form', () => {
    const { res, cookies } = response();
    const token = sut.token(request(), res);
    expect(cookies).toEqual([
      {
        name: CSRF_COOKIE,
        value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        options: { httpOnly: true, sameSite: 'lax', secure: false, path: '/' },
      },
    ]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(cookies[0].value);
    expect(sut.verify(request(`${CSRF_COOKIE}=${cookies[0].value}`, { _csrf: token }))).toBe(true);
  });

  it('keeps the cookie a browser has, and sets it Secure in production', () => {
    const { res, cookies } = response();
    const nonce = 'n'.repeat(43);
    const token = sut.token(request(`other=1; ${CSRF_COOKIE}=${nonce}`), res);
    expect(cookies).toEqual([]);
    expect(sut.verify(request(`${CSRF_COOKIE}=${nonce}`, { _csrf: token }))).toBe(true);
    const production = new CsrfService(loadConfig({ NODE_ENV: 'production', CSRF_SECRET: 'p'.repeat(32) }));
    const out = response();
    production.token(request(), out.res);
    expect(out.cookies[0].options.secure).toBe(true);
  });

  it('refuses a missing, wrong, foreign or malformed token', () => {
    const nonce = 'n'.repeat(43);
    const { res } = response();
    const token = sut.token(request(`${CSRF_COOKIE}=${nonce}`), res);
    const cases: Array<[string | undefined, unknown]> = [
      [undefined, { _csrf: token }],
      [`${CSRF_COOKIE}=${nonce}`, undefined],
      [`${CSRF_COOKIE}=${nonce}`, {}],
      [`${CSRF_COOKIE}=${nonce}`, { _csrf: [token] }],
      [`${CSRF_COOKIE}=${nonce}`, { _csrf: token.slice(1) }],
      [`${CSRF_COOKIE}=${nonce}`, { _csrf: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` }],
      [`${CSRF_COOKIE}=${'m'.repeat(43)}`, { _csrf: token }],
      [`${CSRF_COOKIE}=short`, { _csrf: token }],
      [`${CSRF_COOKIE}=%ff`, { _csrf: token }],
    ];
    for (const [cookie, body] of cases) expect(sut.verify(request(cookie, body))).toBe(false);
    // Another secret (another deployment) signs differently.
    expect(new CsrfService(secret('b')).verify(request(`${CSRF_COOKIE}=${nonce}`, { _csrf: token }))).toBe(false);
  });
});

describe(CsrfGuard.name, () => {
  it('throws the 403 domain error without a valid token', () => {
    const sut = new CsrfGuard(new CsrfService(secret('a')));
    const context = { switchToHttp: () => ({ getRequest: () => request() }) } as never;
    expect(() => sut.canActivate(context)).toThrow(
      expect.objectContaining({ code: DomainErrorCode.Forbidden, status: 403 }),
    );
  });
});
