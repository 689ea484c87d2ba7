import type { HttpService } from '@nestjs/axios';
import { of, throwError } from 'rxjs';
import { loadConfig } from '../../config/app.config';
import { AntiSpam, type SpamInput } from './anti-spam';
import { CaptchaService } from './captcha.service';
import { FormTokens } from './form-token';

const config = loadConfig({
  NODE_ENV: 'test',
  RECAPTCHA_SECRET: 'secret',
  RECAPTCHA_SITE_KEY: 'test-site-key-0123',
});

/** A verification endpoint that answers `status` with `data` (or fails with `error`). */
function endpoint(status: number, data: unknown, error?: Error): HttpService {
  return {
    post: () => (error ? throwError(() => error) : of({ status, data })),
  } as unknown as HttpService;
}

const answer = (extra: object) => ({
  success: true,
  score: 0.9,
  action: 'contact',
  hostname: 'produits.localhost',
  ...extra,
});

describe(CaptchaService.name, () => {
  const verify = (http: HttpService) =>
    new CaptchaService(http, config).verify('token', 'contact', 'produits.localhost');

  it('accepts success with the action, the host name and a score at the threshold or above', async () => {
    await expect(verify(endpoint(200, answer({})))).resolves.toEqual({ status: 'verified', score: 0.9 });
    await expect(verify(endpoint(200, answer({ score: 0.5 })))).resolves.toEqual({ status: 'verified', score: 0.5 });
  });

  it("refuses the visitor's token: failed, another action or host, a low score", async () => {
    for (const data of [
      { success: false, 'error-codes': ['invalid-input-response'] },
      { success: false, 'error-codes': ['timeout-or-duplicate'] },
      answer({ action: 'login' }),
      answer({ hostname: 'evil.example' }),
      answer({ score: 0.1 }),
    ])
      await expect(verify(endpoint(200, data))).resolves.toMatchObject({ status: 'rejected' });
  });

  it("calls a refusal of the site's own request a configuration error: a wrong secret, a 4xx answer", async () => {
    for (const [status, data] of [
      [200, { success: false, 'error-codes': ['invalid-input-secret'] }],
      [200, { success: false, 'error-codes': ['missing-input-secret'] }],
      [200, { success: false, 'error-codes': ['bad-request'] }],
      [400, {}],
      [403, 'Forbidden'],
      [404, '<html>'],
    ] as const)
      await expect(verify(endpoint(status, data))).resolves.toMatchObject({ status: 'misconfigured' });
  });

  it('calls the service out of reach unreachable: a network error, a timeout, an answer without a verdict', async () => {
    await expect(verify(endpoint(0, null, new Error('connect ECONNREFUSED')))).resolves.toMatchObject({
      status: 'unreachable',
    });
    await expect(verify(endpoint(0, null, new Error('timeout of 3000ms exceeded')))).resolves.toMatchObject({
      status: 'unreachable',
    });
    await expect(verify(endpoint(200, ''))).resolves.toMatchObject({ status: 'unreachable' });
  });
});

describe(AntiSpam.name, () => {
  const input = (channel: 'page' | 'api', captchaToken: string): SpamInput => ({
    channel,
    honeypot: '',
    formToken: undefined,
    submission: undefined,
    captchaToken,
    action: 'contact',
    hostname: 'produits.localhost',
  });
  const sut = (http: HttpService) => new AntiSpam(new FormTokens(config), new CaptchaService(http, config));

  it('refuses a JavaScript (API) submission without a token with the default form error', async () => {
    await expect(sut(endpoint(200, answer({}))).verify(input('api', ''), 's')).resolves.toEqual({
      verdict: 'refuse',
      status: 400,
      code: 'CAPTCHA_MISSING',
      formError: { key: 'contact.default_form_error' },
    });
  });

  it('keeps a post without JavaScript (no token possible), marked no_javascript for the team', async () => {
    await expect(sut(endpoint(200, answer({}))).verify(input('page', ''), 's')).resolves.toMatchObject({
      verdict: 'pass',
      captcha: 'no_javascript',
    });
  });

  it('keeps a request whose verification failed on our side as unverified; refuses a bad token', async () => {
    const misconfigured = sut(endpoint(200, { success: false, 'error-codes': ['invalid-input-secret'] }));
    await expect(misconfigured.verify(input('api', 'tok'), 's')).resolves.toMatchObject({ captcha: 'unverified' });
    const refused = sut(endpoint(200, { success: false, 'error-codes': ['invalid-input-response'] }));
    await expect(refused.verify(input('api', 'tok'), 's')).resolves.toMatchObject({ code: 'RECAPTCHA_ERROR' });
  });
});
