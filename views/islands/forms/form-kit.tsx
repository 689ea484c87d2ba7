import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  validateField,
  validateForm,
  ZIPCODE,
  type FormError,
  type FormErrors,
  type FormRules,
  type RuleContext,
} from '../../../contracts/forms';
import { fillLabel, type Labels } from '../../../contracts/i18n';

export type ContactLabels = Labels<'contact'>;

/** What every posting form of the contact feature carries (SPEC §5, issue 13). */
export interface PostedFormProps<F extends string> {
  /** The page's own path: the form posts there without JavaScript. */
  action: string;
  /** Hydrated, the form sends through the API (SPEC §7) and goes to the confirmation on a 201. */
  api: { action: string; confirmationHref: string };
  csrf: { field: string; token: string };
  /** Signed time and submission id (fill time, double submit). */
  formToken: string;
  values: Record<F, string>;
  /** Messages beside the fields (from the server after a post without JavaScript). */
  errors: FormErrors<F>;
  /** The toast of the whole form (missing fields, captcha, rate limit…). */
  formError?: FormError;
  /** The localities of the posted postcode (the city choice). */
  cities: string[];
  /** GET /api/v1/cities, with the shop scope. */
  citiesUrl: string;
  /** reCAPTCHA v3 site key: a token is asked at submit (absent: no captcha in the browser). */
  recaptchaSiteKey?: string;
  labels: ContactLabels;
}

export function message(labels: ContactLabels, error: FormError | null | undefined): string {
  if (!error) return '';
  const key = error.key.replace(/^contact\./, '') as keyof ContactLabels;
  return fillLabel(labels[key] ?? error.key, error.args ?? {});
}

/** SPEC §9: the city lookup is debounced 200 ms; an empty zipcode clears without a call. */
export const CITY_DEBOUNCE_MS = 200;
/** SPEC §8: toasts last 3000 ms by default. */
export const TOAST_MS = 3000;

/** The toast of each refusal code of the API (SPEC §7 `errors.code`); any other: the unknown error. */
const REFUSAL_TOASTS: Record<string, FormError['key']> = {
  RECAPTCHA_ERROR: 'contact.captcha_error',
  CAPTCHA_MISSING: 'contact.default_form_error',
  FORM_TOKEN: 'contact.default_form_error',
  TOO_FAST: 'contact.too_fast',
  RATE_LIMITED: 'contact.rate_limited',
  INVALID_INPUT: 'contact.invalid_input',
};

interface Refusal {
  code?: string;
  fields?: Record<string, { code?: unknown } | undefined>;
}

/** The API's `errors` (SPEC §7), or null when the answer is not the API's JSON (a proxy's page…). */
async function readRefusal(response: Response): Promise<Refusal | null> {
  try {
    const body = (await response.json()) as { errors?: Refusal } | null;
    return body && typeof body.errors === 'object' && body.errors !== null ? body.errors : null;
  } catch {
    return null;
  }
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** Loads reCAPTCHA v3 once a form mounts (SPEC §4 "Captcha widget"); the badge is hidden by style. */
function useRecaptcha(siteKey: string | undefined, action: string): () => Promise<string> {
  useEffect(() => {
    if (!siteKey || document.querySelector('script[data-recaptcha]')) return;
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.dataset.recaptcha = 'true';
    document.head.append(script);
    return () => {
      // Destroyed on leave: the script and its badge go with the form.
      script.remove();
      document.querySelector('.grecaptcha-badge')?.parentElement?.remove();
    };
  }, [siteKey]);
  return useCallback(
    () =>
      new Promise<string>((resolve, reject) => {
        const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
        if (!siteKey || !g) return reject(new Error('ReCaptcha error: Failed to load script'));
        // Tokens expire after 2 minutes: one is asked at submit, never earlier.
        g.ready(() => void g.execute(siteKey, { action }).then(resolve, reject));
      }),
    [siteKey, action],
  );
}

/**
 * The state of a form island: values, the messages (validated on blur with the shared rules), the
 * cities of the typed postcode (debounced look-up), the toast, and the submit (all fields checked,
 * focus on the first error, a captcha token when configured, then the native post).
 */
export function useContactForm<F extends string>(
  props: PostedFormProps<F>,
  rules: FormRules<F>,
  captchaAction: string,
  /** The form element (the component owns the ref). */
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [values, setValues] = useState<Record<F, string>>(props.values);
  const [errors, setErrors] = useState<FormErrors<F>>(props.errors);
  const [cities, setCities] = useState<{ zipcode: string; names: string[] }>({
    zipcode: (props.values as Record<string, string>).zipcode ?? '',
    names: props.cities,
  });
  const [toast, setToast] = useState<FormError | undefined>(props.formError);
  const [sending, setSending] = useState(false);
  const lookup = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({});
  const captcha = useRecaptcha(props.recaptchaSiteKey, captchaAction);

  const context = useCallback(
    (current: Record<F, string>): RuleContext => {
      const zipcode = ((current as Record<string, string>).zipcode ?? '').trim();
      return { cities: cities.zipcode === zipcode ? cities.names : undefined };
    },
    [cities],
  );

  // The focus goes to the first field in error after a post answered with messages: the page's (no
  // JavaScript) on hydration, the API's once the messages are rendered.
  // (A new object per answer, so that the same first field is focused again after the next one.)
  const [focusTarget, setFocusTarget] = useState<{ field: string } | undefined>(() => {
    const first = Object.keys(props.errors)[0];
    return first ? { field: first } : undefined;
  });
  useEffect(() => {
    if (focusTarget) formRef.current?.querySelector<HTMLElement>(`[name="${focusTarget.field}"]`)?.focus();
  }, [focusTarget, formRef]);

  // A client toast fades after 3 s; the server's stays until closed (it explains the page).
  useEffect(() => {
    if (!toast || toast === props.formError) return;
    const timer = setTimeout(() => setToast(undefined), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, props.formError]);

  const lookUpCities = (zipcode: string) => {
    clearTimeout(lookup.current.timer);
    lookup.current.controller?.abort();
    const code = zipcode.trim();
    if (code === '') {
      setCities({ zipcode: '', names: [] });
      return;
    }
    if (!ZIPCODE.test(code)) {
      setCities({ zipcode: code, names: [] });
      return;
    }
    lookup.current.timer = setTimeout(() => {
      const controller = new AbortController();
      lookup.current.controller = controller;
      const url = `${props.citiesUrl}${props.citiesUrl.includes('?') ? '&' : '?'}zipcode=${encodeURIComponent(code)}`;
      fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then((response) =>
          response.ok ? (response.json() as Promise<{ data: { items: Array<{ name: string }> } }>) : null,
        )
        .then((body) => {
          const names = body?.data.items.map((item) => item.name) ?? [];
          setCities({ zipcode: code, names });
          // The city is filled from the first suggestion.
          setValues((current) => {
            const city = (current as Record<string, string>).city ?? '';
            return names.length > 0 && !names.includes(city) ? { ...current, city: names[0] } : current;
          });
          setErrors((current) => {
            const next = { ...current } as Record<string, FormError | undefined>;
            if (names.length > 0) {
              delete next.zipcode;
              delete next.city;
            }
            return next as FormErrors<F>;
          });
        })
        .catch(() => undefined);
    }, CITY_DEBOUNCE_MS);
  };

  const change = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'zipcode') lookUpCities(value);
  };

  /**
   * On blur, the field's rules. Not when the focus goes to the submit button: the message would move
   * the button between press and release and swallow the click; the submit checks every field anyway.
   */
  const blur = (field: F, next?: EventTarget | null) => {
    if (next instanceof HTMLElement && next.matches('button[type="submit"]')) return;
    const error = validateField(rules, field, values, context(values));
    setErrors((current) => {
      const next = { ...current };
      if (error) next[field] = error;
      else delete next[field];
      return next;
    });
  };

  /** Sends the checked values through the API (with the captcha token, the form token and the trap). */
  const send = async () => {
    const fail = (error: FormError) => {
      setSending(false);
      setToast(error);
    };
    let captchaToken = '';
    if (props.recaptchaSiteKey) {
      try {
        // Tokens expire after 2 minutes: one is asked at submit, never earlier.
        captchaToken = await captcha();
      } catch {
        // SPEC §5: without a captcha token, the default form error.
        return fail({ key: 'contact.default_form_error' });
      }
    }
    const trap = formRef.current?.querySelector<HTMLInputElement>('input[name="website"]')?.value ?? '';
    let response: Response;
    try {
      response = await fetch(props.api.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...values, form_token: props.formToken, website: trap, captcha_token: captchaToken }),
      });
    } catch {
      return fail({ key: 'contact.unknown_error' });
    }
    if (response.status === 201) {
      window.location.assign(props.api.confirmationHref);
      return;
    }
    const refusal = await readRefusal(response);
    const fieldErrors: FormErrors<F> = {};
    for (const [field, error] of Object.entries(refusal?.fields ?? {}))
      if (field in rules && typeof error?.code === 'string' && error.code in props.labels)
        fieldErrors[field as F] = { key: `contact.${error.code}` as FormError['key'] };
    const first = Object.keys(fieldErrors)[0];
    if (refusal?.code === 'INVALID_INPUT' && first) {
      setErrors(fieldErrors);
      setFocusTarget({ field: first });
      return fail({ key: 'contact.form_error' });
    }
    // SPEC §8: RECAPTCHA_ERROR shows the captcha toast, any other failure the unknown error.
    fail({ key: REFUSAL_TOASTS[refusal?.code ?? ''] ?? 'contact.unknown_error' });
  };

  const submit = (event: { preventDefault(): void }) => {
    // Hydrated, the island sends through the API: the native post is for browsers without JavaScript.
    event.preventDefault();
    if (sending) return;
    const all = validateForm(rules, values, context(values));
    setErrors(all);
    const first = Object.keys(all)[0];
    if (first) {
      setToast({ key: 'contact.form_error' });
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    void send();
  };

  return {
    values,
    errors,
    cities: cities.names,
    toast,
    setToast,
    sending,
    change,
    blur,
    submit,
    /** The first field in error of the page's answer: focused on load, even without JavaScript (autofocus). */
    firstError: Object.keys(props.errors)[0],
  };
}

export function Toast({ error, labels, onClose }: { error?: FormError; labels: ContactLabels; onClose?: () => void }) {
  return (
    <div className="form-toast-region">
      {error && (
        <div className="form-toast form-toast--danger" role="alert">
          <div>
            {/* SPEC §8: the captcha's toast carries its label ('Captcha error'). */}
            {error.key === 'contact.captcha_error' && <p className="form-toast__title">{labels.captcha_label}</p>}
            <p>{message(labels, error)}</p>
          </div>
          {onClose && (
            <button type="button" className="form-toast__close" onClick={onClose}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{labels.close}</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}

interface FieldProps<F extends string> {
  form: string;
  name: F;
  label: string;
  required?: boolean;
  error?: FormError;
  labels: ContactLabels;
  hint?: string;
  /** The field focused when the page loads (the first in error of a post's answer). */
  autoFocusName?: string;
  children: (attributes: {
    id: string;
    name: F;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    required?: boolean;
    autoFocus?: boolean;
  }) => ReactNode;
}

/** A labelled field, starred when required, its message tied to it with aria-describedby. */
export function Field<F extends string>({
  form,
  name,
  label,
  required,
  error,
  labels,
  hint,
  autoFocusName,
  children,
}: FieldProps<F>) {
  const id = `${form}-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="form-field__star" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
        required: required || undefined,
        autoFocus: autoFocusName === name || undefined,
      })}
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {message(labels, error)}
        </p>
      )}
    </div>
  );
}
