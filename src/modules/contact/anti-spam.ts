import { Injectable, Logger } from '@nestjs/common';
import type { FormError } from '../../../contracts/forms';
import { CaptchaService } from './captcha.service';
import { FormTokens } from './form-token';

/** How a submission reached the server: the page's form post, or the JSON API. */
export type Channel = 'page' | 'api';

export interface SpamInput {
  channel: Channel;
  /** The hidden field every human leaves empty. */
  honeypot: unknown;
  /** The page form's signed token (time shown, submission id). */
  formToken: unknown;
  /** The API's own idempotency key (optional). */
  submission: unknown;
  captchaToken: unknown;
  /** reCAPTCHA action expected, and the site's host name. */
  action: string;
  hostname: string;
  ip?: string;
}

export type SpamVerdict =
  | { verdict: 'pass'; submission: string; captcha: 'verified' | 'unverified' | 'none'; score: number | null }
  /** A bot (honeypot filled): answered as a success, nothing stored. */
  | { verdict: 'drop' }
  | { verdict: 'refuse'; status: number; code: string; formError: FormError };

const SUBMISSION = /^[A-Za-z0-9_-]{8,100}$/;
const CAPTCHA_TOKEN = /^[A-Za-z0-9_.-]{1,4000}$/;

/**
 * The anti-spam lines of the contact and newsletter posts (issue 13), after the rate limit (a guard):
 * the honeypot, the minimum fill time (page form), then reCAPTCHA v3 when configured. A post without
 * JavaScript has no token: it passes on the other lines (captcha "none"); an API call must bring one.
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
    if (input.channel === 'api') {
      const given = typeof input.submission === 'string' && SUBMISSION.test(input.submission) ? input.submission : null;
      if (input.submission !== undefined && input.submission !== '' && !given)
        return { verdict: 'refuse', status: 400, code: 'invalid_input', formError: { key: 'contact.invalid_input' } };
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
      // SPEC §5: a captcha token is required; without one, the default form error. A page post
      // without JavaScript cannot have one: the other lines stand in for it.
      if (input.channel === 'page') return { verdict: 'pass', submission, captcha: 'none', score: null };
      return {
        verdict: 'refuse',
        status: 400,
        code: 'CAPTCHA_MISSING',
        formError: { key: 'contact.default_form_error' },
      };
    }
    if (!CAPTCHA_TOKEN.test(token))
      return { verdict: 'refuse', status: 400, code: 'RECAPTCHA_ERROR', formError: { key: 'contact.captcha_error' } };
    const verdict = await this.captcha.verify(token, input.action, input.hostname, input.ip);
    switch (verdict.status) {
      case 'verified':
        return { verdict: 'pass', submission, captcha: 'verified', score: verdict.score };
      case 'unreachable':
        return { verdict: 'pass', submission, captcha: 'unverified', score: null };
      case 'disabled':
        return { verdict: 'pass', submission, captcha: 'none', score: null };
      default:
        this.logger.warn(`reCAPTCHA refused (${input.channel}, ${input.ip ?? '?'}): ${verdict.reason}`);
        return { verdict: 'refuse', status: 400, code: 'RECAPTCHA_ERROR', formError: { key: 'contact.captcha_error' } };
    }
  }
}
