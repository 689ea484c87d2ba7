import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  CANTONS,
  CIVILITIES,
  CONTACT_FIELDS,
  NEWSLETTER_FIELDS,
  ORIGINS,
  readValues,
  type ContactField,
  type FormError,
  type FormErrors,
  type NewsletterField,
} from '../../../contracts/forms';
import { labelsOf } from '../../../contracts/i18n';
import { buildPath } from '../../../contracts/route-table';
import type { ContactFormProps } from '../../../views/islands/ContactForm';
import type { NewsletterFormProps } from '../../../views/islands/NewsletterForm';
import {
  confirmationTitleKey,
  type ConfirmationPageProps,
  type ConfirmationType,
  type ContactPageProps,
  type NewsletterPageProps,
} from '../../../views/pages/ContactPage';
import { CSRF_FIELD, CsrfService } from '../../common/security/csrf';
import type { SiteContext } from '../../common/site/site.types';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { FormTokens } from './form-token';

/** A form shown again after a refused post. */
export interface FormState<F extends string> {
  values: Record<F, string>;
  errors: FormErrors<F>;
  formError?: FormError;
  cities: string[];
  status?: number;
}

const CONFIRMATION_TYPES: readonly ConfirmationType[] = [
  'contact',
  'newsletter',
  'newsletter_confirmed',
  'unsubscribed',
  'link_invalid',
];

/** The view models of the contact, newsletter and confirmation pages (SPEC §2.2). */
@Injectable()
export class ContactPagesService {
  constructor(
    private readonly render: RenderService,
    private readonly csrf: CsrfService,
    private readonly tokens: FormTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  contact(site: SiteContext, req: Request, res: Response, state?: FormState<ContactField>): PageView<ContactPageProps> {
    const t = this.render.translator(site.locale);
    const values = state?.values ?? readValues(CONTACT_FIELDS, {});
    // SPEC §5: the documentation request is offered when the page query asks for the catalogue.
    const query = req.query as Record<string, unknown>;
    const askedCatalogue = 'catalogue' in query || query.subject === 'documentation';
    if (!state && query.subject === 'documentation') values.subject = 'documentation';
    const form: ContactFormProps = {
      ...this.common(site, req, res, buildPath('contact', site.locale) + (askedCatalogue ? '?catalogue' : ''), {
        action: '/api/v1/contact',
        confirmationHref: this.confirmationPath(site, 'contact'),
      }),
      values,
      errors: state?.errors ?? {},
      formError: state?.formError,
      cities: state?.cities ?? [],
      civilities: this.civilities(site.locale),
      cantons: CANTONS.map((c) => ({ id: c.id, name: site.locale === 'de' ? c.de : c.fr })),
      offerDocumentation: askedCatalogue,
    };
    return {
      head: { title: t('contact.title'), description: t('contact.intro') },
      breadcrumb: [{ label: t('contact.title') }],
      status: state?.status,
      props: { form, newsletterHref: buildPath('newsletter', site.locale) },
    };
  }

  newsletter(
    site: SiteContext,
    req: Request,
    res: Response,
    state?: FormState<NewsletterField>,
  ): PageView<NewsletterPageProps> {
    const t = this.render.translator(site.locale);
    const form: NewsletterFormProps = {
      ...this.common(site, req, res, buildPath('newsletter', site.locale), {
        action: '/api/v1/newsletter',
        confirmationHref: this.confirmationPath(site, 'newsletter'),
      }),
      values: state?.values ?? readValues(NEWSLETTER_FIELDS, {}),
      errors: state?.errors ?? {},
      formError: state?.formError,
      cities: state?.cities ?? [],
      civilities: this.civilities(site.locale),
      texts: {
        consent: t('contact.newsletter.consent'),
        yes: t('contact.newsletter.yes'),
        no: t('contact.newsletter.no'),
        origin: t('contact.newsletter.origin'),
        originSelect: t('contact.newsletter.origin_select'),
        origins: Object.fromEntries(ORIGINS.map((o) => [o, t(`contact.newsletter.origin_${o}`)])),
        submit: t('contact.newsletter.submit'),
      },
    };
    return {
      head: { title: t('contact.newsletter.title'), description: t('contact.newsletter.intro') },
      breadcrumb: [{ label: t('contact.newsletter.title') }],
      status: state?.status,
      props: { form },
    };
  }

  confirmation(site: SiteContext, type: unknown): PageView<ConfirmationPageProps> {
    const t = this.render.translator(site.locale);
    const kind = CONFIRMATION_TYPES.find((c) => c === type) ?? 'contact';
    return {
      head: { title: t(confirmationTitleKey(kind)), noindex: true },
      breadcrumb: [
        { label: t('contact.title'), href: buildPath('contact', site.locale) },
        { label: t('contact.confirmation.crumb') },
      ],
      props: {
        type: kind,
        homeHref: buildPath('home', site.locale),
        newsletterHref: kind === 'link_invalid' ? buildPath('newsletter', site.locale) : undefined,
      },
    };
  }

  confirmationPath(site: SiteContext, type: ConfirmationType): string {
    const path = buildPath('confirmation', site.locale);
    return type === 'contact' ? path : `${path}?type=${type}`;
  }

  private common(
    site: SiteContext,
    req: Request,
    res: Response,
    action: string,
    api: { action: string; confirmationHref: string },
  ) {
    // A form answered again after a post keeps the time it was first shown (FormTokens.reuse).
    const posted = req.method === 'POST' ? (req.body as Record<string, unknown> | undefined)?.form_token : undefined;
    return {
      action,
      api,
      csrf: { field: CSRF_FIELD, token: this.csrf.token(req, res) },
      formToken: posted === undefined ? this.tokens.issue() : this.tokens.reuse(posted),
      citiesUrl: '/api/v1/cities',
      recaptchaSiteKey: this.config.RECAPTCHA_SECRET ? this.config.RECAPTCHA_SITE_KEY : undefined,
      labels: labelsOf(this.render.translator(site.locale), 'contact'),
    };
  }

  civilities(locale: string): Array<{ id: number; label: string }> {
    return CIVILITIES.map((c) => ({ id: c.id, label: c.labels[locale] ?? c.labels.fr ?? '' }));
  }
}
