import { Injectable } from '@nestjs/common';
import type { FormError, FormErrors } from '../../../contracts/forms';
import type { SiteContext } from '../../common/site/site.types';
import type { CaptchaStatus } from '../../database/schema';
import { AntiSpam, type Channel } from './anti-spam';
import { SubmissionLimit } from './submission-limit';

/** A post as the controllers hand it over: the body, and who sent it. */
export interface Submission {
  body: unknown;
  channel: Channel;
  ip?: string;
}

export type Checked<F extends string> =
  | { outcome: 'accept'; submission: string; captcha: CaptchaStatus; score: number | null }
  /** A bot (honeypot): answered as a success, nothing stored. */
  | { outcome: 'drop' }
  | { outcome: 'refuse'; status: 400 | 429 | 503; code: string; formError: FormError; errors: FormErrors<F> };

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

/**
 * The lines every contact or newsletter post goes through before it is stored, in this order: the
 * honeypot and the form token (fill time, identity), the form's rules, the strict rate limit (valid
 * submissions only), then the captcha (a network call, last).
 */
@Injectable()
export class SubmissionChecks {
  constructor(
    private readonly antiSpam: AntiSpam,
    private readonly limit: SubmissionLimit,
  ) {}

  async run<F extends string>(
    site: SiteContext,
    post: Submission,
    action: 'contact' | 'newsletter',
    validate: () => FormErrors<F>,
  ): Promise<Checked<F>> {
    const input = {
      channel: post.channel,
      honeypot: field(post.body, 'website'),
      formToken: field(post.body, 'form_token'),
      submission: field(post.body, 'submission'),
      captchaToken: field(post.body, 'captcha_token'),
      action,
      hostname: site.hostname,
      ip: post.ip,
    };
    const screened = this.antiSpam.screen(input);
    if ('verdict' in screened) {
      if (screened.verdict === 'drop') return { outcome: 'drop' };
      return {
        outcome: 'refuse',
        status: screened.status,
        code: screened.code,
        formError: screened.formError,
        errors: {},
      };
    }
    const errors = validate();
    if (Object.keys(errors).length > 0)
      return {
        outcome: 'refuse',
        status: 400,
        code: 'INVALID_INPUT',
        formError: { key: 'contact.form_error' },
        errors,
      };
    if (!(await this.limit.take(post.ip)))
      return {
        outcome: 'refuse',
        status: 429,
        code: 'RATE_LIMITED',
        formError: { key: 'contact.rate_limited' },
        errors: {},
      };
    const verdict = await this.antiSpam.verify(input, screened.submission);
    if (verdict.verdict === 'refuse')
      return {
        outcome: 'refuse',
        status: verdict.status,
        code: verdict.code,
        formError: verdict.formError,
        errors: {},
      };
    if (verdict.verdict === 'drop') return { outcome: 'drop' };
    return { outcome: 'accept', submission: verdict.submission, captcha: verdict.captcha, score: verdict.score };
  }
}
