import { Island } from '../islands/Island';
import ContactForm, { type ContactFormProps } from '../islands/ContactForm';
import NewsletterForm, { type NewsletterFormProps } from '../islands/NewsletterForm';
import { useT } from '../render-context';

export interface ContactPageProps {
  form: ContactFormProps;
  newsletterHref: string;
}

/** SPEC §2.2 "Contact form": the form, posted to the same path (works without JavaScript). */
export function ContactPage({ form, newsletterHref }: ContactPageProps) {
  const t = useT();
  return (
    <section className="contact-page container" aria-labelledby="contact-title">
      <h1 id="contact-title">{t('contact.title')}</h1>
      <p className="contact-page__intro">{t('contact.intro')}</p>
      <Island component={ContactForm} props={form} />
      <p className="contact-page__newsletter">
        <a href={newsletterHref}>{t('contact.newsletter.link')}</a>
      </p>
    </section>
  );
}

export interface NewsletterPageProps {
  form: NewsletterFormProps;
}

/** SPEC §3 "Newsletter": the sign-up of private individuals (double opt-in). */
export function NewsletterPage({ form }: NewsletterPageProps) {
  const t = useT();
  return (
    <section className="contact-page container" aria-labelledby="newsletter-title">
      <h1 id="newsletter-title">{t('contact.newsletter.title')}</h1>
      <p className="contact-page__intro">{t('contact.newsletter.intro')}</p>
      <Island component={NewsletterForm} props={form} />
    </section>
  );
}

export type ConfirmationType = 'contact' | 'newsletter' | 'newsletter_confirmed' | 'unsubscribed' | 'link_invalid';

export interface ConfirmationPageProps {
  type: ConfirmationType;
  homeHref: string;
  /** The newsletter form again, when a link was no longer valid. */
  newsletterHref?: string;
}

const TEXTS = {
  contact: ['contact.confirmation.contact_title', 'contact.confirmation.contact_text'],
  newsletter: ['contact.confirmation.newsletter_title', 'contact.confirmation.newsletter_text'],
  newsletter_confirmed: [
    'contact.confirmation.newsletter_confirmed_title',
    'contact.confirmation.newsletter_confirmed_text',
  ],
  unsubscribed: ['contact.confirmation.unsubscribed_title', 'contact.confirmation.unsubscribed_text'],
  link_invalid: ['contact.confirmation.link_invalid_title', 'contact.confirmation.link_invalid_text'],
} as const;

export function confirmationTitleKey(type: ConfirmationType) {
  return TEXTS[type][0];
}

/** SPEC §2.2 "Confirmation": title and text by type, a link home. A reload sends nothing. */
export function ConfirmationPage({ type, homeHref, newsletterHref }: ConfirmationPageProps) {
  const t = useT();
  const [title, text] = TEXTS[type];
  return (
    <section className="confirmation-page container" aria-labelledby="confirmation-title">
      <h1 id="confirmation-title">{t(title)}</h1>
      <p className="confirmation-page__text" role="status">
        {t(text)}
      </p>
      <p className="confirmation-page__links">
        {newsletterHref && (
          <a className="button button--secondary" href={newsletterHref}>
            {t('contact.newsletter.link')}
          </a>
        )}
        <a className="button" href={homeHref}>
          {t('contact.confirmation.home')}
        </a>
      </p>
    </section>
  );
}
