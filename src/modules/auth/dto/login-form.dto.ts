import { plainToInstance, Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, validate } from 'class-validator';
import type { TranslationKey } from '../../../../contracts/i18n';
import { PASSWORD_MAX_LENGTH } from '../password';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * The login form's post. Messages are translation keys, shown beside their field; the first failing
 * rule of a field wins (required, then length, then format). `_csrf` is checked by CsrfGuard before this.
 */
export class LoginFormDto {
  // class-validator runs a property's rules from the last decorator up: the first to check is last.
  @Transform(trimmed)
  @IsEmail({}, { message: 'auth.validation.email_invalid' satisfies TranslationKey })
  @MaxLength(254, { message: 'auth.validation.too_long' satisfies TranslationKey })
  @IsNotEmpty({ message: 'auth.validation.email_required' satisfies TranslationKey })
  @IsString({ message: 'auth.validation.email_required' satisfies TranslationKey })
  email!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'auth.validation.too_long' satisfies TranslationKey })
  @IsNotEmpty({ message: 'auth.validation.password_required' satisfies TranslationKey })
  @IsString({ message: 'auth.validation.password_required' satisfies TranslationKey })
  password!: string;
}

export type LoginFieldErrors = Partial<Record<'email' | 'password', TranslationKey>>;

/** The form read and checked: the values (password only when valid) and one message per bad field. */
export async function readLoginForm(
  body: unknown,
): Promise<{ form: LoginFormDto; email: string; errors: LoginFieldErrors }> {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const form = plainToInstance(LoginFormDto, { email: input.email, password: input.password });
  const errors: LoginFieldErrors = {};
  for (const error of await validate(form, { stopAtFirstError: true })) {
    const message = Object.values(error.constraints ?? {})[0];
    if (message && (error.property === 'email' || error.property === 'password'))
      errors[error.property] = message as TranslationKey;
  }
  // The address typed is shown again (a string only, cut to a sane length); the password never is.
  const email = typeof form.email === 'string' ? form.email.slice(0, 254) : '';
  return { form, email, errors };
}
