import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { Request } from 'express';
import { CANTONS, CIVILITIES } from '../../../contracts/forms';
import { DomainException } from '../../common/errors/domain.exception';
import type { SiteContext } from '../../common/site/site.types';
import { ContactService, type SubmitOutcome } from './contact.service';
import { NewsletterService } from './newsletter.service';

/**
 * The API's answers (SPEC §7): vocabularies as `data.items`, posts as 201 `{ data: { status } }` or
 * a 400 in the shape every API uses, whose `details` name a code per field (`validation_lastname`…)
 * and `captcha_token: RECAPTCHA_ERROR` when the captcha refused it.
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

  private answer<F extends string>(outcome: SubmitOutcome<F>) {
    if (outcome.ok) return { data: { status: 'created' } };
    // Not stored (the database failed): 503 in the same shape, the client shows the unknown error.
    if (outcome.code === 'UNKNOWN_ERROR')
      throw new ServiceUnavailableException({
        error: 'UNKNOWN_ERROR',
        message: 'Une erreur a eu lieu',
        details: { form: 'unknown_error' },
      });
    const details: Record<string, string> = {};
    for (const [field, error] of Object.entries(outcome.errors) as Array<[string, { key: string }]>)
      details[field] = error.key.replace(/^contact\./, '');
    if (outcome.code === 'RECAPTCHA_ERROR') details.captcha_token = 'RECAPTCHA_ERROR';
    else if (outcome.code === 'CAPTCHA_MISSING') details.captcha_token = 'default_form_error';
    else if (Object.keys(details).length === 0) details.form = outcome.formError.key.replace(/^contact\./, '');
    throw DomainException.invalidInput(details);
  }
}
