import { Injectable, Logger } from '@nestjs/common';
import type { FormError } from '../../../contracts/forms';
import type { CaptchaStatus } from '../../database/schema';
import { CaptchaService } from './captcha.service';
import { FormTokens } from './form-token';

/**
 * How a submission reached the server: the page's form post (a browser without JavaScript: the
 * hydrated island sends through the API), or the JSON API (the island, or another client).
 */
export type Channel = 'page' | 'api';

export interface SpamInput {
  channel: Channel;
  /** The hidden field every human leaves empty. */
  honeypot: unknown;
  /** The form's signed token (time shown, submission id): the page always, the island through the API. */
  formToken: unknown;
  /** The API's own idempotency key (optional, for clients without a form token). */
  submission: unknown;
  captchaToken: unknown;
  /** reCAPTCHA action expected, and the site's host name. */
  action: string;
  hostname: string;
  ip?: string;
}

/** A refusal: its HTTP status, the API's code (SPEC §7 `errors.code`) and the form's toast. */
export interface Refusal {
  verdict: 'refuse';
  status: 400 | 429 | 503;
  code: string;
  formError: FormError;
}

export type SpamVerdict =
  | { verdict: 'pass'; submission: string; captcha: CaptchaStatus; score: number | null }
  /** A bot (honeypot filled): answered as a success, nothing stored. */
  | { verdict: 'drop' }
  | Refusal;

const SUBMISSION = /^[A-Za-z0-9_-]{8,100}$/;
const CAPTCHA_TOKEN = /^[A-Za-z0-9_.-]{1,4000}$/;

const captchaRefused: Refusal = {
  verdict: 'refuse',
  status: 400,
  code: 'RECAPTCHA_ERROR',
  formError: { key: 'contact.captcha_error' },
};

/**
 * The anti-spam lines of the contact and newsletter posts (issue 13), besides the rate limits: the
 * honeypot, the minimum fill time (the form token), then reCAPTCHA v3 when configured. The island
 * sends through the API, which requires a token when the captcha is configured (SPEC §5: without one,
 * the default form error). A page post comes from a browser without JavaScript, which cannot get a
 * token: it passes on the other lines and is stored as `no_javascript`, for the team to see.
 */
@Injectable()
export class AntiSpam {
  private readonly logger = new Logger('AntiSpam');

  constructor(
    private readonly tokens: FormTokens,
    private readonly captcha: CaptchaService,
  ) {}

  /** The lines that need no network: honeypot and form token. */
  screen(input: SpamInput): { submission: string } | Exclude<SpamVerdict, { verdict: 'pass' }> {
    if (typeof input.honeypot === 'string' && input.honeypot.trim() !== '') {
      this.logger.warn(`Honeypot filled (${input.channel}, ${input.ip ?? '?'}): submission dropped`);
      return { verdict: 'drop' };
    }
    const hasFormToken = input.formToken !== undefined && input.formToken !== '';
    if (input.channel === 'api' && !hasFormToken) {
      const given = typeof input.submission === 'string' && SUBMISSION.test(input.submission) ? input.submission : null;
      if (input.submission !== undefined && input.submission !== '' && !given)
        return { verdict: 'refuse', status: 400, code: 'INVALID_INPUT', formError: { key: 'contact.invalid_input' } };
      return { submission: given ? `api-${given}` : `api-${crypto.randomUUID()}` };
    }
    const check = this.tokens.check(input.formToken);
    if (check.ok) return { submission: check.submission };
    if (check.reason === 'too_fast')
      return { verdict: 'refuse', status: 400, code: 'TOO_FAST', formError: { key: 'contact.too_fast' } };
    return { verdict: 'refuse', status: 400, code: 'FORM_TOKEN', formError: { key: 'contact.default_form_error' } };
  }

  /** The captcha line, once the form is valid. */
  async verify(input: SpamInput, submission: string): Promise<SpamVerdict> {
    if (!this.captcha.enabled) return { verdict: 'pass', submission, captcha: 'none', score: null };
    const token = typeof input.captchaToken === 'string' ? input.captchaToken : '';
    if (token === '') {
      // Without JavaScript no token is possible: the other lines stand in, and the team sees it.
      if (input.channel === 'page') return { verdict: 'pass', submission, captcha: 'no_javascript', score: null };
      // SPEC §5: a captcha token is required; without one, the default form error.
      return {
        verdict: 'refuse',
        status: 400,
        code: 'CAPTCHA_MISSING',
        formError: { key: 'contact.default_form_error' },
      };
    }
    if (!CAPTCHA_TOKEN.test(token)) return captchaRefused;
    const verdict = await this.captcha.verify(token, input.action, input.hostname, input.ip);
    switch (verdict.status) {
      case 'verified':
        return { verdict: 'pass', submission, captcha: 'verified', score: verdict.score };
      // No verdict on the visitor (the service out of reach, or our own configuration refused):
      // kept, marked unverified, rather than lost or blamed on the visitor.
      case 'unreachable':
      case 'misconfigured':
        return { verdict: 'pass', submission, captcha: 'unverified', score: null };
      case 'disabled':
        return { verdict: 'pass', submission, captcha: 'none', score: null };
      default:
        this.logger.warn(`reCAPTCHA refused (${input.channel}, ${input.ip ?? '?'}): ${verdict.reason}`);
        return captchaRefused;
    }
  }
}
