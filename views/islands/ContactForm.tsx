import { useRef } from 'react';
import { CONTACT_RULES, needsAddress, needsCanton, PROFILES, SUBJECTS, type ContactField } from '../../contracts/forms';
import { useHydrated } from './browser-hooks';
import type { FormError } from '../../contracts/forms';
import { Field, Toast, useContactForm, type ContactLabels, type PostedFormProps } from './forms/form-kit';

export interface ContactFormProps extends PostedFormProps<ContactField> {
  civilities: Array<{ id: number; label: string }>;
  cantons: Array<{ id: number; name: string }>;
  /** The documentation request is offered when the page asks for the catalogue (SPEC §5). */
  offerDocumentation: boolean;
}

const FORM = 'contact';

/**
 * The contact form (SPEC §2.2, §4, §5). Without JavaScript it is a plain POST form showing every
 * field (the server applies the conditional rules); once hydrated, the canton shows for a non-customer
 * profile, the address block for a documentation request, fields are checked on blur with the rules
 * the server applies, the city comes from the postcode's localities, and the submit asks a captcha
 * token when configured and sends through the API (its refusals become messages and toasts).
 */
export default function ContactForm(props: ContactFormProps) {
  const { labels, civilities, cantons } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useContactForm(props, CONTACT_RULES, 'contact', formRef);
  const hydrated = useHydrated();
  const { values, errors } = form;
  const showCanton = !hydrated || needsCanton(values);
  const showAddress = !hydrated || needsAddress(values);
  const subjects = SUBJECTS.filter((s) => s !== 'documentation' || props.offerDocumentation || values.subject === s);
  const text = (name: ContactField) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => form.change(name, e.target.value),
    onBlur: (e: { relatedTarget: EventTarget | null }) => form.blur(name, e.relatedTarget),
  });
  const box = (name: ContactField) => ({
    checked: values[name] === 'on',
    onChange: (e: { target: { checked: boolean } }) => form.change(name, e.target.checked ? 'on' : ''),
    onBlur: (e: { relatedTarget: EventTarget | null }) => form.blur(name, e.relatedTarget),
  });
  const field = { form: FORM, labels, autoFocusName: form.firstError };
  return (
    <form
      ref={formRef}
      className="contact-form"
      method="post"
      action={props.action}
      noValidate
      onSubmit={form.submit}
      aria-describedby="contact-required-note"
    >
      <Toast error={form.toast} labels={labels} onClose={hydrated ? () => form.setToast(undefined) : undefined} />
      <p className="form-note" id="contact-required-note">
        {labels.required_note}
      </p>
      <input type="hidden" name={props.csrf.field} value={props.csrf.token} />
      <input type="hidden" name="form_token" value={props.formToken} />
      <div className="form-trap" aria-hidden="true">
        <label htmlFor="contact-website">{labels.website}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="form-grid">
        <Field {...field} name="profile" label={labels.profile} required error={errors.profile}>
          {(a) => (
            <select {...a} {...text('profile')}>
              <option value="">{labels.select}</option>
              {PROFILES.map((p) => (
                <option key={p} value={p}>
                  {labels[`profile_${p}`]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {showCanton && (
          <Field {...field} name="provincial" label={labels.provincial} required={hydrated} error={errors.provincial}>
            {(a) => (
              <select {...a} {...text('provincial')}>
                <option value="">{labels.select}</option>
                {cantons.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field {...field} name="subject" label={labels.subject} required error={errors.subject}>
          {(a) => (
            <select {...a} {...text('subject')}>
              <option value="">{labels.select}</option>
              {subjects.map((s) => (
                <option key={s} value={s}>
                  {labels[`subject_${s}`]}
                </option>
              ))}
            </select>
          )}
        </Field>
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
        <Field {...field} name="phone" label={labels.phone} error={errors.phone}>
          {(a) => <input {...a} {...text('phone')} type="tel" autoComplete="tel" maxLength={25} />}
        </Field>
      </div>
      {showAddress && (
        <fieldset className="form-group">
          <legend>{labels.address_legend}</legend>
          <div className="form-grid">
            <Field {...field} name="address_1" label={labels.address_1} required={hydrated} error={errors.address_1}>
              {(a) => <input {...a} {...text('address_1')} type="text" autoComplete="address-line1" maxLength={200} />}
            </Field>
            <Field {...field} name="address_2" label={labels.address_2} error={errors.address_2}>
              {(a) => <input {...a} {...text('address_2')} type="text" autoComplete="address-line2" maxLength={200} />}
            </Field>
            <Zipcode form={form} field={field} hydrated={hydrated} />
          </div>
        </fieldset>
      )}
      <Field {...field} name="message" label={labels.message} required error={errors.message}>
        {(a) => <textarea {...a} {...text('message')} rows={6} maxLength={5000} />}
      </Field>
      <Field {...field} name="terms" label={labels.terms} required error={errors.terms}>
        {(a) => <input {...a} {...box('terms')} type="checkbox" className="form-check" />}
      </Field>
      <Field {...field} name="newsletter" label={labels.newsletter_info} error={errors.newsletter}>
        {(a) => <input {...a} {...box('newsletter')} type="checkbox" className="form-check" />}
      </Field>
      <button type="submit" className="button" aria-disabled={form.sending || undefined}>
        {form.sending ? labels.sending : labels.submit}
      </button>
    </form>
  );
}

/** What the postcode and city fields need of a form's state (the contact and newsletter forms). */
interface ZipcodeState {
  values: { zipcode: string; city: string };
  errors: { zipcode?: FormError; city?: FormError };
  cities: string[];
  change(field: 'zipcode' | 'city', value: string): void;
  blur(field: 'zipcode' | 'city', next?: EventTarget | null): void;
}

/** Postcode and city: the city is one of the postcode's localities (a choice once they are known). */
export function Zipcode({
  form,
  field,
  hydrated,
}: {
  form: ZipcodeState;
  field: { form: string; labels: ContactLabels; autoFocusName?: string };
  hydrated: boolean;
}) {
  const { labels } = field;
  const { values, errors, cities } = form;
  return (
    <>
      <Field
        {...field}
        name="zipcode"
        label={labels.zipcode}
        required={hydrated || field.form !== 'contact'}
        error={errors.zipcode}
      >
        {(a) => (
          <input
            {...a}
            value={values.zipcode}
            onChange={(e) => form.change('zipcode', e.target.value)}
            onBlur={(e) => form.blur('zipcode', e.relatedTarget)}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
          />
        )}
      </Field>
      <Field
        {...field}
        name="city"
        label={labels.city}
        required={hydrated || field.form !== 'contact'}
        error={errors.city}
        hint={labels.city_hint}
      >
        {(a) =>
          cities.length > 0 ? (
            <select
              {...a}
              value={values.city}
              onChange={(e) => form.change('city', e.target.value)}
              onBlur={(e) => form.blur('city', e.relatedTarget)}
              autoComplete="address-level2"
            >
              {cities.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...a}
              value={values.city}
              onChange={(e) => form.change('city', e.target.value)}
              onBlur={(e) => form.blur('city', e.relatedTarget)}
              type="text"
              autoComplete="address-level2"
              maxLength={100}
            />
          )
        }
      </Field>
    </>
  );
}
