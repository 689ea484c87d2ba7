import type { TranslationKey } from '../../contracts/i18n';
import { useT } from '../render-context';

export interface LoginPageProps {
  /** The login path itself, with its `redirect` query when that one is honoured. */
  action: string;
  csrf: { field: string; token: string };
  /** The address typed before (the password is never sent back). */
  email: string;
  /** One message per field, beside it. */
  errors: Partial<Record<'email' | 'password', TranslationKey>>;
  /** A message about the whole attempt: wrong credentials (one generic text) or too many attempts. */
  formError?: TranslationKey;
}

/** The editors' login form (issue 9): a plain POST form, validated on the server. */
export function LoginPage({ action, csrf, email, errors, formError }: LoginPageProps) {
  const t = useT();
  const invalid = (field: 'email' | 'password') => (errors[field] ? true : undefined);
  const describedBy = (field: 'email' | 'password') => (errors[field] ? `login-${field}-error` : undefined);
  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <section className="login-page container" aria-labelledby="login-title">
      <h1 id="login-title">{t('auth.login.title')}</h1>
      <p>{t('auth.login.intro')}</p>
      {(formError || hasFieldErrors) && (
        <p className="form-message form-message--error" role="alert" id="login-form-error">
          {t(formError ?? 'auth.login.errors_summary')}
        </p>
      )}
      <form className="login-form" method="post" action={action} noValidate>
        <input type="hidden" name={csrf.field} value={csrf.token} />
        <div className="form-field">
          <label htmlFor="login-email">{t('auth.login.email')}</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={email}
            aria-invalid={invalid('email')}
            aria-describedby={describedBy('email')}
          />
          {errors.email && (
            <p className="form-field__error" id="login-email-error">
              {t(errors.email)}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor="login-password">{t('auth.login.password')}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={invalid('password')}
            aria-describedby={describedBy('password')}
          />
          {errors.password && (
            <p className="form-field__error" id="login-password-error">
              {t(errors.password)}
            </p>
          )}
        </div>
        <button type="submit" className="button">
          {t('auth.login.submit')}
        </button>
      </form>
    </section>
  );
}
