import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  NEWSLETTER_FIELDS,
  NEWSLETTER_RULES,
  readValues,
  validateForm,
  type FormError,
  type FormErrors,
  type NewsletterField,
} from '../../../contracts/forms';
import { buildPath } from '../../../contracts/route-table';
import type { SiteContext } from '../../common/site/site.types';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { RenderService } from '../../render/render.service';
import { LocalityService } from '../geo';
import { ContactRepository } from './contact.repository';
import { STORAGE_FAILED, storedOrLogged, type SubmitOutcome } from './contact.service';
import { SubmissionChecks, type Submission } from './submission-checks';

/** The confirmation link of the opt-in mail is valid this long. */
export const CONFIRM_LINK_DAYS = 7;
/** A sign-up of an address whose opt-in mail went out less than this ago queues none again. */
export const OPT_IN_RESEND_SECONDS = 15 * 60;
/** An unsubscribe link works for as long as the prospect may be kept (SPEC §9: 3 years). */
const UNSUBSCRIBE_LINK_DAYS = 3 * 366;

type Purpose = 'confirm' | 'unsubscribe';

/**
 * The newsletter (SPEC §3, issue 13): private individuals sign up, the subscription is stored as
 * pending with its confirmation mail (double opt-in); the mail's signed, expiring link confirms it,
 * and every mail carries an unsubscribe link.
 */
@Injectable()
export class NewsletterService {
  private readonly key: Buffer;
  private readonly logger = new Logger('Newsletter');

  constructor(
    private readonly repository: ContactRepository,
    private readonly localities: LocalityService,
    private readonly checks: SubmissionChecks,
    private readonly render: RenderService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.CSRF_SECRET).update('newsletter-links').digest();
  }

  async subscribe(site: SiteContext, post: Submission): Promise<SubmitOutcome<NewsletterField>> {
    const values = readValues(NEWSLETTER_FIELDS, post.body);
    const cities = await this.localities.citiesOf(values.zipcode);
    const refuse = (status: number, code: string, formError: FormError, errors: FormErrors<NewsletterField> = {}) =>
      ({ ok: false, status, code, values, errors, formError, cities }) as const;
    const checked = await this.checks.run(site, post, 'newsletter', () =>
      validateForm(NEWSLETTER_RULES, values, { cities }),
    );
    if (checked.outcome === 'drop') return { ok: true };
    if (checked.outcome === 'refuse') return refuse(checked.status, checked.code, checked.formError, checked.errors);

    const email = values.email.trim().toLowerCase();
    const t = this.render.translator(site.locale);
    const name = `${values.firstname.trim()} ${values.lastname.trim()}`;
    const stored = await storedOrLogged(this.logger, () =>
      this.repository.storeSubscription(
        {
          shop_id: site.shop.id,
          locale: site.locale,
          email,
          civility_id: Number(values.civility),
          lastname: values.lastname.trim(),
          firstname: values.firstname.trim(),
          zipcode: values.zipcode.trim(),
          city: values.city.trim(),
          consent: values.consent === 'yes',
          origin: values.origin || null,
        },
        (id) => ({
          kind: 'newsletter_confirm',
          recipient: email,
          subject: t('contact.mail.confirm_subject'),
          body: [
            t('contact.mail.confirm_text', { name, link: this.link(site, 'confirm', id, email, CONFIRM_LINK_DAYS) }),
            '',
            '--',
            t('contact.mail.unsubscribe', { link: this.link(site, 'unsubscribe', id, email, UNSUBSCRIBE_LINK_DAYS) }),
          ].join('\n'),
          reference: `newsletter_subscription:${id}`,
        }),
        OPT_IN_RESEND_SECONDS,
      ),
    );
    if (!stored) return refuse(STORAGE_FAILED.status, STORAGE_FAILED.code, STORAGE_FAILED.formError);
    return { ok: true };
  }

  /** The link of a mail: ?confirm= or ?unsubscribe= on the newsletter page, signed, expiring. */
  link(site: SiteContext, purpose: Purpose, id: string, email: string, days: number, now = Date.now()): string {
    const payload = Buffer.from(JSON.stringify({ i: id, e: email, x: now + days * 86400_000 })).toString('base64url');
    const token = `${payload}.${this.sign(purpose, payload)}`;
    return `${site.origin}${buildPath('newsletter', site.locale)}?${purpose}=${token}`;
  }

  /** Follows a mail's link: 'done', or 'invalid' (forged, expired, or no such subscription). */
  async follow(purpose: Purpose, token: unknown, now = Date.now()): Promise<'done' | 'invalid'> {
    const parsed = this.read(purpose, token, now);
    if (!parsed) return 'invalid';
    const done =
      purpose === 'confirm'
        ? await this.repository.confirmSubscription(parsed.id, parsed.email)
        : await this.repository.unsubscribe(parsed.id, parsed.email);
    return done ? 'done' : 'invalid';
  }

  private read(purpose: Purpose, token: unknown, now: number): { id: string; email: string } | null {
    if (typeof token !== 'string' || token.length > 2000) return null;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(purpose, payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        i?: unknown;
        e?: unknown;
        x?: unknown;
      };
      if (typeof data.i !== 'string' || !/^[0-9]{1,19}$/.test(data.i) || typeof data.e !== 'string') return null;
      if (typeof data.x !== 'number' || data.x < now) return null;
      return { id: data.i, email: data.e };
    } catch {
      return null;
    }
  }

  private sign(purpose: Purpose, payload: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${payload}`).digest('base64url');
  }
}
