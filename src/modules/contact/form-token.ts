import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/** A form older than this is refused (and shown again with a fresh token). */
const FORM_TOKEN_MAX_AGE_MS = 24 * 3600 * 1000;
const TOKEN = /^([0-9]{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export type FormTokenCheck =
  | { ok: true; submission: string }
  | { ok: false; reason: 'invalid' | 'too_fast' | 'expired'; submission?: string };

/**
 * The hidden `form_token` of the contact and newsletter forms: when the form was shown and a random
 * submission id, signed. It gives the minimum fill time (bots post at once) and the submission's
 * identity (a double submit of the same form stores one request). Signed with a key derived from
 * CSRF_SECRET, so every replica checks it and no client can forge an older time.
 */
@Injectable()
export class FormTokens {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = createHmac('sha256', config.CSRF_SECRET).update('contact-form-token').digest();
  }

  issue(now = Date.now()): string {
    const payload = `${now}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /**
   * The token of a form shown again after a refused post: the posted one while it is genuine and not
   * expired, so the fill time counts from when the form was first shown (a visitor correcting a
   * mistake is not "too fast" again) and the submission keeps its identity; a fresh one otherwise.
   */
  reuse(posted: unknown, now = Date.now()): string {
    const check = this.check(posted, now);
    return check.ok || check.reason === 'too_fast' ? (posted as string) : this.issue(now);
  }

  check(token: unknown, now = Date.now()): FormTokenCheck {
    const match = typeof token === 'string' ? TOKEN.exec(token) : null;
    if (!match) return { ok: false, reason: 'invalid' };
    const [, issued, id, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.sign(`${issued}.${id}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    const age = now - Number(issued);
    if (age > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: 'expired', submission: id };
    if (age < this.config.CONTACT_MIN_FILL_SECONDS * 1000) return { ok: false, reason: 'too_fast', submission: id };
    return { ok: true, submission: id };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
