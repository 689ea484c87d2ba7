import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CANTONS,
  CIVILITIES,
  CONTACT_FIELDS,
  CONTACT_RULES,
  needsAddress,
  needsCanton,
  PROFILES,
  readValues,
  SUBJECTS,
  validateForm,
  type ContactField,
  type ContactValues,
  type FormError,
  type FormErrors,
  type Profile,
  type Subject,
} from '../../../contracts/forms';
import type { Translate } from '../../../contracts/i18n';
import type { SiteContext } from '../../common/site/site.types';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { CaptchaStatus } from '../../database/schema';
import { RenderService } from '../../render/render.service';
import { LocalityService } from '../geo';
import { ContactRepository } from './contact.repository';
import { SubmissionChecks, type Submission } from './submission-checks';

export type { Submission } from './submission-checks';

/** What became of a post: accepted (stored, or a bot silently dropped), or refused with its messages. */
export type SubmitOutcome<F extends string> =
  | { ok: true }
  | {
      ok: false;
      status: number;
      /** The API's error code of the whole submission (`INVALID_INPUT`, `RECAPTCHA_ERROR`…). */
      code: string;
      values: Record<F, string>;
      errors: FormErrors<F>;
      formError: FormError;
      /** The localities of the posted postcode. */
      cities: string[];
    };

/**
 * Stores an accepted post: false (logged) when the database fails, so that the visitor gets the form
 * back with SPEC §8's unknown error ('Une erreur inconnue est survenue, merci de réessayer…') and what
 * was typed, not the 500 page.
 */
export async function storedOrLogged(logger: Logger, store: () => Promise<unknown>): Promise<boolean> {
  try {
    await store();
    return true;
  } catch (error) {
    logger.error(`Submission not stored: ${(error as Error)?.message ?? error}`);
    return false;
  }
}

/** The refusal of a post that could not be stored. */
export const STORAGE_FAILED = {
  status: 503,
  code: 'UNKNOWN_ERROR',
  formError: { key: 'contact.unknown_error' },
} as const;

/** A vocabulary's value once the rules passed (typed for the translation keys built from it). */
const INVALID_FORM: FormError = { key: 'contact.form_error' };
const isProfile = (value: string): value is Profile => (PROFILES as readonly string[]).includes(value);
const isSubject = (value: string): value is Subject => (SUBJECTS as readonly string[]).includes(value);

/**
 * The contact request (SPEC §3, §5, issue 13): the shared rule set (contracts/forms.ts) with the
 * postcode's localities, the anti-spam lines, then the request stored with its mail to the service
 * desk (one transaction) before the visitor hears it was sent.
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    private readonly repository: ContactRepository,
    private readonly localities: LocalityService,
    private readonly checks: SubmissionChecks,
    private readonly render: RenderService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async submit(site: SiteContext, post: Submission): Promise<SubmitOutcome<ContactField>> {
    const values = readValues(CONTACT_FIELDS, post.body);
    const cities = await this.localities.citiesOf(values.zipcode);
    const refuse = (status: number, code: string, formError: FormError, errors: FormErrors<ContactField> = {}) =>
      ({ ok: false, status, code, values, errors, formError, cities }) as const;

    const checked = await this.checks.run(site, post, 'contact', () => validateForm(CONTACT_RULES, values, { cities }));
    if (checked.outcome === 'drop') return { ok: true };
    if (checked.outcome === 'refuse') return refuse(checked.status, checked.code, checked.formError, checked.errors);
    // The rules passed: both are values of their vocabularies.
    if (!isProfile(values.profile) || !isSubject(values.subject)) return refuse(400, 'INVALID_INPUT', INVALID_FORM);
    const verdict = { ...checked, profile: values.profile, subject: values.subject };

    const t = this.render.translator(site.locale);
    const stored = await storedOrLogged(this.logger, () =>
      this.repository.storeRequest(
        {
          submission: verdict.submission,
          shop_id: site.shop.id,
          locale: site.locale,
          profile: verdict.profile,
          provincial: needsCanton(values) && values.provincial ? Number(values.provincial) : null,
          subject: verdict.subject,
          civility_id: Number(values.civility),
          lastname: values.lastname.trim(),
          firstname: values.firstname.trim(),
          email: values.email.trim(),
          phone: values.phone.trim() || null,
          message: values.message,
          address: needsAddress(values)
            ? JSON.stringify({
                address_1: values.address_1.trim(),
                address_2: values.address_2.trim(),
                zipcode: values.zipcode.trim(),
                city: values.city.trim(),
              })
            : null,
          terms_accepted: true,
          newsletter: ['on', 'true', '1'].includes(values.newsletter),
          captcha: verdict.captcha,
          captcha_score: verdict.score,
        },
        (id) => ({
          kind: 'contact_request',
          recipient: this.config.CONTACT_MAIL_TO,
          subject: t('contact.mail.request_subject', { subject: t(`contact.subject_${verdict.subject}`) }),
          body: this.deskMail(t, values, verdict, site, id),
          reference: `contact_request:${id}`,
        }),
      ),
    );
    if (!stored) return refuse(STORAGE_FAILED.status, STORAGE_FAILED.code, STORAGE_FAILED.formError);
    return { ok: true };
  }

  /** The mail to the service desk: every field, labelled in the site's language. */
  private deskMail(
    t: Translate,
    values: ContactValues,
    checked: { profile: Profile; subject: Subject; captcha: CaptchaStatus; score: number | null },
    site: SiteContext,
    id: string,
  ): string {
    const civility = CIVILITIES.find((c) => String(c.id) === values.civility)?.labels[site.locale] ?? '';
    const canton = CANTONS.find((c) => String(c.id) === values.provincial);
    const line = (label: string, value: string) => `${label}: ${value}`;
    const lines = [
      line('#', id),
      line(t('contact.profile'), t(`contact.profile_${checked.profile}`)),
      ...(needsCanton(values) && canton ? [line(t('contact.provincial'), `${canton.fr} / ${canton.de}`)] : []),
      line(t('contact.subject'), t(`contact.subject_${checked.subject}`)),
      line(t('contact.civility'), civility),
      line(t('contact.lastname'), values.lastname.trim()),
      line(t('contact.firstname'), values.firstname.trim()),
      line(t('contact.email'), values.email.trim()),
      ...(values.phone.trim() ? [line(t('contact.phone'), values.phone.trim())] : []),
      ...(needsAddress(values)
        ? [
            line(t('contact.address_1'), values.address_1.trim()),
            ...(values.address_2.trim() ? [line(t('contact.address_2'), values.address_2.trim())] : []),
            line(`${t('contact.zipcode')} / ${t('contact.city')}`, `${values.zipcode.trim()} ${values.city.trim()}`),
          ]
        : []),
      line(t('contact.newsletter_info'), ['on', 'true', '1'].includes(values.newsletter) ? '✓' : '—'),
      line('Site', `${site.hostname} (${site.locale})`),
      line(
        t('contact.mail.captcha'),
        t(`contact.mail.captcha_${checked.captcha}`) + (checked.score === null ? '' : ` (${checked.score})`),
      ),
      '',
      values.message,
    ];
    return lines.join('\n');
  }
}
