import { useRef } from 'react';
import { NEWSLETTER_RULES, ORIGINS, type NewsletterField } from '../../contracts/forms';
import { useHydrated } from './browser-hooks';
import { Zipcode } from './ContactForm';
import { Field, message, Toast, useContactForm, type PostedFormProps } from './forms/form-kit';

export interface NewsletterFormProps extends PostedFormProps<NewsletterField> {
  civilities: Array<{ id: number; label: string }>;
  /** Labels of the newsletter section (consent, origins, submit). */
  texts: {
    consent: string;
    yes: string;
    no: string;
    origin: string;
    originSelect: string;
    origins: Record<string, string>;
    submit: string;
  };
}

const FORM = 'newsletter';

/** The newsletter sign-up (SPEC §3 "Newsletter"): private individuals, double opt-in by mail. */
export default function NewsletterForm(props: NewsletterFormProps) {
  const { labels, civilities, texts } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useContactForm(props, NEWSLETTER_RULES, 'newsletter', formRef);
  const hydrated = useHydrated();
  const { values, errors } = form;
  const field = { form: FORM, labels, autoFocusName: form.firstError };
  const text = (name: NewsletterField) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => form.change(name, e.target.value),
    onBlur: (e: { relatedTarget: EventTarget | null }) => form.blur(name, e.relatedTarget),
  });
  const consentError = errors.consent;
  return (
    <form
      ref={formRef}
      className="contact-form"
      method="post"
      action={props.action}
      noValidate
      onSubmit={form.submit}
      aria-describedby="newsletter-required-note"
    >
      <Toast error={form.toast} labels={labels} onClose={hydrated ? () => form.setToast(undefined) : undefined} />
      <p className="form-note" id="newsletter-required-note">
        {labels.required_note}
      </p>
      <input type="hidden" name={props.csrf.field} value={props.csrf.token} />
      <input type="hidden" name="form_token" value={props.formToken} />
      <div className="form-trap" aria-hidden="true">
        <label htmlFor="newsletter-website">{labels.website}</label>
        <input id="newsletter-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="form-grid">
        <Field {...field} name="civility" label={labels.civility} required error={errors.civility}>
          {(a) => (
            <select {...a} {...text('civility')} autoComplete="honorific-prefix">
              <option value="">{labels.select}</option>
              {civilities.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field {...field} name="lastname" label={labels.lastname} required error={errors.lastname}>
          {(a) => <input {...a} {...text('lastname')} type="text" autoComplete="family-name" maxLength={100} />}
        </Field>
        <Field {...field} name="firstname" label={labels.firstname} required error={errors.firstname}>
          {(a) => <input {...a} {...text('firstname')} type="text" autoComplete="given-name" maxLength={100} />}
        </Field>
        <Field {...field} name="email" label={labels.email} required error={errors.email}>
          {(a) => <input {...a} {...text('email')} type="email" autoComplete="email" maxLength={254} />}
        </Field>
        <Zipcode form={form} field={field} hydrated={hydrated} />
        <Field {...field} name="origin" label={texts.origin} error={errors.origin}>
          {(a) => (
            <select {...a} {...text('origin')}>
              <option value="">{texts.originSelect}</option>
              {ORIGINS.map((o) => (
                <option key={o} value={o}>
                  {texts.origins[o]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset
        className="form-group form-choice"
        aria-describedby={consentError ? 'newsletter-consent-error' : undefined}
      >
        <legend>
          {texts.consent}
          <span className="form-field__star" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        {(['yes', 'no'] as const).map((option) => (
          <label key={option} className="form-choice__option">
            <input
              type="radio"
              name="consent"
              value={option}
              checked={values.consent === option}
              onChange={() => form.change('consent', option)}
              onBlur={(e) => form.blur('consent', e.relatedTarget)}
              aria-invalid={consentError ? true : undefined}
              autoFocus={(form.firstError === 'consent' && option === 'yes') || undefined}
              required
            />{' '}
            {option === 'yes' ? texts.yes : texts.no}
          </label>
        ))}
        {consentError && (
          <p className="form-field__error" id="newsletter-consent-error">
            {message(labels, consentError)}
          </p>
        )}
      </fieldset>
      <button type="submit" className="button" aria-disabled={form.sending || undefined}>
        {form.sending ? labels.sending : texts.submit}
      </button>
    </form>
  );
}
