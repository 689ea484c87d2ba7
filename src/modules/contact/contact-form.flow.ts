import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CONTACT_FIELDS, NEWSLETTER_FIELDS, readValues } from '../../../contracts/forms';
import { DomainException } from '../../common/errors/domain.exception';
import type { SiteContext } from '../../common/site/site.types';
import { ContactPagesService, type FormState } from './contact-pages.service';
import { ContactService } from './contact.service';
import { isThrottled } from './contact-throttler.guard';
import { isCsrfRefused } from './form-csrf.guard';
import { NewsletterService } from './newsletter.service';

/**
 * The pages' side of the forms (post/redirect/get): a refused post answers the form again with its
 * messages and the values kept (400, 429); an accepted one is a 303 to the confirmation, so a reload
 * of the confirmation sends nothing again.
 */
@Injectable()
export class ContactFormFlow {
  constructor(
    private readonly pages: ContactPagesService,
    private readonly contact: ContactService,
    private readonly newsletter: NewsletterService,
  ) {}

  contactForm(site: SiteContext, req: Request, res: Response) {
    return this.pages.contact(site, req, res);
  }

  async submitContact(site: SiteContext, req: Request, res: Response) {
    if (isCsrfRefused(req)) return this.pages.contact(site, req, res, this.refused(CONTACT_FIELDS, req.body, 403));
    if (isThrottled(req)) return this.pages.contact(site, req, res, this.refused(CONTACT_FIELDS, req.body, 429));
    const outcome = await this.contact.submit(site, { body: req.body, channel: 'page', ip: req.ip });
    if (outcome.ok) throw DomainException.redirect(this.pages.confirmationPath(site, 'contact'), 303);
    return this.pages.contact(site, req, res, { ...outcome, status: outcome.status });
  }

  confirmation(site: SiteContext, type: unknown) {
    return this.pages.confirmation(site, type);
  }

  /** The form, or a mail's link (?confirm= / ?unsubscribe=) followed to its confirmation. */
  async newsletterForm(site: SiteContext, req: Request, res: Response) {
    const query = req.query as Record<string, unknown>;
    for (const purpose of ['confirm', 'unsubscribe'] as const) {
      if (query[purpose] === undefined) continue;
      const result = await this.newsletter.follow(purpose, query[purpose]);
      const type =
        result === 'invalid' ? 'link_invalid' : purpose === 'confirm' ? 'newsletter_confirmed' : 'unsubscribed';
      throw DomainException.redirect(this.pages.confirmationPath(site, type), 303);
    }
    return this.pages.newsletter(site, req, res);
  }

  async subscribe(site: SiteContext, req: Request, res: Response) {
    if (isCsrfRefused(req))
      return this.pages.newsletter(site, req, res, this.refused(NEWSLETTER_FIELDS, req.body, 403));
    if (isThrottled(req)) return this.pages.newsletter(site, req, res, this.refused(NEWSLETTER_FIELDS, req.body, 429));
    const outcome = await this.newsletter.subscribe(site, { body: req.body, channel: 'page', ip: req.ip });
    if (outcome.ok) throw DomainException.redirect(this.pages.confirmationPath(site, 'newsletter'), 303);
    return this.pages.newsletter(site, req, res, { ...outcome, status: outcome.status });
  }

  /**
   * A post refused before its fields are read: the CSRF token (403: the session cookie went, most
   * often) or the rate limit (429). The form again, values kept, with the message; the page carries
   * a fresh CSRF token (and cookie), so sending it again works.
   */
  private refused<F extends string>(fields: readonly F[], body: unknown, status: 403 | 429): FormState<F> {
    return {
      values: readValues(fields, body),
      errors: {},
      formError: { key: status === 403 ? 'contact.csrf_expired' : 'contact.rate_limited' },
      cities: [],
      status,
    };
  }
}
