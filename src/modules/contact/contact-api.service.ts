import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { CANTONS, CIVILITIES } from '../../../contracts/forms';
import { DomainException } from '../../common/errors/domain.exception';
import type { SiteContext } from '../../common/site/site.types';
import { ContactService, type SubmitOutcome } from './contact.service';
import { NewsletterService } from './newsletter.service';

/**
 * The API's answers (SPEC §7): vocabularies as `data.items`, posts as 201 `{ data: { status } }` or
 * a refusal carrying `errors.code` and a code per field (`errors.fields.lastname.code`).
 */
@Injectable()
export class ContactApiService {
  constructor(
    private readonly contactService: ContactService,
    private readonly newsletterService: NewsletterService,
  ) {}

  civilities(language: string) {
    const items = CIVILITIES.map((c) => ({ id: c.id, label: c.labels[language] ?? c.labels.fr }));
    return { data: { items, total: items.length } };
  }

  provincials(language: string) {
    const items = CANTONS.map((c) => ({
      id: c.id,
      code: c.code,
      name: language === 'de' ? c.de : c.fr,
      names: { fr: c.fr, de: c.de },
    }));
    return { data: { items, total: items.length } };
  }

  async contact(site: SiteContext, req: Request, body: unknown) {
    this.json(req, body);
    return this.answer(await this.contactService.submit(site, { body, channel: 'api', ip: req.ip }));
  }

  async newsletter(site: SiteContext, req: Request, body: unknown) {
    this.json(req, body);
    return this.answer(await this.newsletterService.subscribe(site, { body, channel: 'api', ip: req.ip }));
  }

  /**
   * JSON bodies only: a cross-site HTML form (urlencoded, multipart, text/plain) cannot send
   * application/json without a CORS preflight, which this API never grants.
   */
  private json(req: Request, body: unknown): void {
    if (!req.is('application/json')) throw DomainException.invalidInput({ body: 'must be application/json' });
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw DomainException.invalidInput({ body: 'must be a JSON object' });
  }

  /**
   * 201 `{ data: { status: 'created' } }`, or the refusal in the common error shape with SPEC §7's
   * `errors`: `errors.code` for the submission (RECAPTCHA_ERROR, CAPTCHA_MISSING, INVALID_INPUT,
   * RATE_LIMITED, UNKNOWN_ERROR…) and `errors.fields.<field>.code` per faulty field, repeated in
   * `details` as every API 400 names its faulty parameters.
   */
  private answer<F extends string>(outcome: SubmitOutcome<F>) {
    if (outcome.ok) return { data: { status: 'created' } };
    const fields: Record<string, string> = {};
    for (const [field, error] of Object.entries(outcome.errors) as Array<[string, { key: string }]>)
      fields[field] = error.key.replace(/^contact\./, '');
    if (outcome.code === 'RECAPTCHA_ERROR') fields.captcha_token = 'RECAPTCHA_ERROR';
    else if (outcome.code === 'CAPTCHA_MISSING') fields.captcha_token = 'default_form_error';
    else if (outcome.code === 'TOO_FAST' || outcome.code === 'FORM_TOKEN')
      fields.form_token = outcome.formError.key.replace(/^contact\./, '');
    const status = outcome.status === 429 || outcome.status === 503 ? outcome.status : 400;
    throw DomainException.formRefused(status, outcome.code, fields);
  }
}
