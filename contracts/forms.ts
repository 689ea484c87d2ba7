import type { TranslationArgs, TranslationKey } from './i18n';

/**
 * The rules of the contact and newsletter forms (SPEC §5): ONE definition, run by the server on every
 * post (page or API) and by the browser island on blur. Pure functions over the submitted strings; the
 * only outside knowledge a rule needs (the localities of a postcode, the server's password verdict)
 * comes in the `RuleContext`.
 */

/** A failed rule: a translation key, with the values of its `{placeholders}`. */
export interface FormError {
  key: TranslationKey;
  args?: TranslationArgs;
}

/** What a rule may know besides the form: the cities of the typed postcode, the password flag. */
export interface RuleContext {
  /** The localities of the postcode typed (undefined: not looked up yet, the zipcode rule fails). */
  cities?: readonly string[];
  /** The server's verdict on a password's strength (SPEC §5 "password strength by server flag"). */
  passwordValid?: boolean;
}

export type FormValues<F extends string> = Readonly<Record<F, string>>;
/** One rule: null when the value passes. */
export type Rule<F extends string> = (value: string, values: FormValues<F>, context: RuleContext) => FormError | null;
export type FormRules<F extends string> = Readonly<Record<F, readonly Rule<F>[]>>;
export type FormErrors<F extends string> = Partial<Record<F, FormError>>;

/** SPEC §8 "Il semble y avoir une erreur d'enregistrement sur l'un des champs de saisie". */
const INVALID: FormError = { key: 'contact.invalid_input' };

// ---- Reusable rules (SPEC §5 "Other rules registered") -------------------------------------------

/** Required, with the field's own translated message. */
export const required =
  <F extends string>(key: TranslationKey): Rule<F> =>
  (value) =>
    value.trim() === '' ? { key } : null;

/** At most `bound` characters (code points), with a translated message carrying the bound. */
export const max =
  <F extends string>(bound: number): Rule<F> =>
  (value) =>
    Array.from(value).length > bound ? { key: 'contact.validation_max', args: { max: bound } } : null;

/** One of the listed values (an empty value is left to `required`). */
export const oneOf =
  <F extends string>(allowed: readonly string[], key: TranslationKey): Rule<F> =>
  (value) =>
    value === '' || allowed.includes(value) ? null : { key };

/** The value matches (an empty value is left to `required`). */
export const matches =
  <F extends string>(pattern: RegExp, key: TranslationKey): Rule<F> =>
  (value) =>
    value === '' || pattern.test(value) ? null : { key };

/** The rules apply only when `condition` holds (the canton for non-customers, the address block). */
export const when =
  <F extends string>(condition: (values: FormValues<F>) => boolean, ...rules: Rule<F>[]): Rule<F> =>
  (value, values, context) => {
    if (!condition(values)) return null;
    for (const rule of rules) {
      const error = rule(value, values, context);
      if (error) return error;
    }
    return null;
  };

/** Password strength: passes only if the server-provided flag says valid. */
export const passwordStrength =
  <F extends string>(key: TranslationKey = 'contact.validation_password'): Rule<F> =>
  (_value, _values, context) =>
    context.passwordValid === true ? null : { key };

/** At least one of two opt-ins: fails only when both values are present and false. */
export const atLeastOneOptIn =
  <F extends string>(first: F, second: F, key: TranslationKey = 'contact.validation_opt_in'): Rule<F> =>
  (_value, values) => {
    const no = (v: string | undefined) => v === 'false' || v === 'no' || v === '0';
    return no(values[first]) && no(values[second]) ? { key } : null;
  };

/** Runs every field's rules; the first failing rule of a field gives its message. */
export function validateForm<F extends string>(
  rules: FormRules<F>,
  values: FormValues<F>,
  context: RuleContext = {},
): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const field of Object.keys(rules) as F[]) {
    const error = validateField(rules, field, values, context);
    if (error) errors[field] = error;
  }
  return errors;
}

export function validateField<F extends string>(
  rules: FormRules<F>,
  field: F,
  values: FormValues<F>,
  context: RuleContext = {},
): FormError | null {
  for (const rule of rules[field]) {
    const error = rule(values[field] ?? '', values, context);
    if (error) return error;
  }
  return null;
}

// ---- Vocabularies ---------------------------------------------------------------------------------

export const PROFILES = ['customer', 'health_professional', 'pharmacist', 'other'] as const;
export type Profile = (typeof PROFILES)[number];
export const SUBJECTS = ['product_information', 'documentation', 'my_account', 'restricted_access', 'other'] as const;
export type Subject = (typeof SUBJECTS)[number];

/** Civilities (SPEC §5, §7 "Civilities"): id and label per language. */
export const CIVILITIES: ReadonlyArray<{ id: number; labels: Readonly<Record<string, string>> }> = [
  { id: 1, labels: { fr: 'Madame', de: 'Frau', it: 'Signora', es: 'Señora', nl: 'Mevrouw' } },
  { id: 2, labels: { fr: 'Monsieur', de: 'Herr', it: 'Signore', es: 'Señor', nl: 'Meneer' } },
];

/** The 26 Swiss cantons (SPEC §7 "Provincials"), numbered in the federal order, French and German names. */
export const CANTONS: ReadonlyArray<{ id: number; code: string; fr: string; de: string }> = [
  { id: 1, code: 'ZH', fr: 'Zurich', de: 'Zürich' },
  { id: 2, code: 'BE', fr: 'Berne', de: 'Bern' },
  { id: 3, code: 'LU', fr: 'Lucerne', de: 'Luzern' },
  { id: 4, code: 'UR', fr: 'Uri', de: 'Uri' },
  { id: 5, code: 'SZ', fr: 'Schwytz', de: 'Schwyz' },
  { id: 6, code: 'OW', fr: 'Obwald', de: 'Obwalden' },
  { id: 7, code: 'NW', fr: 'Nidwald', de: 'Nidwalden' },
  { id: 8, code: 'GL', fr: 'Glaris', de: 'Glarus' },
  { id: 9, code: 'ZG', fr: 'Zoug', de: 'Zug' },
  { id: 10, code: 'FR', fr: 'Fribourg', de: 'Freiburg' },
  { id: 11, code: 'SO', fr: 'Soleure', de: 'Solothurn' },
  { id: 12, code: 'BS', fr: 'Bâle-Ville', de: 'Basel-Stadt' },
  { id: 13, code: 'BL', fr: 'Bâle-Campagne', de: 'Basel-Landschaft' },
  { id: 14, code: 'SH', fr: 'Schaffhouse', de: 'Schaffhausen' },
  { id: 15, code: 'AR', fr: 'Appenzell Rhodes-Extérieures', de: 'Appenzell Ausserrhoden' },
  { id: 16, code: 'AI', fr: 'Appenzell Rhodes-Intérieures', de: 'Appenzell Innerrhoden' },
  { id: 17, code: 'SG', fr: 'Saint-Gall', de: 'St. Gallen' },
  { id: 18, code: 'GR', fr: 'Grisons', de: 'Graubünden' },
  { id: 19, code: 'AG', fr: 'Argovie', de: 'Aargau' },
  { id: 20, code: 'TG', fr: 'Thurgovie', de: 'Thurgau' },
  { id: 21, code: 'TI', fr: 'Tessin', de: 'Tessin' },
  { id: 22, code: 'VD', fr: 'Vaud', de: 'Waadt' },
  { id: 23, code: 'VS', fr: 'Valais', de: 'Wallis' },
  { id: 24, code: 'NE', fr: 'Neuchâtel', de: 'Neuenburg' },
  { id: 25, code: 'GE', fr: 'Genève', de: 'Genf' },
  { id: 26, code: 'JU', fr: 'Jura', de: 'Jura' },
];

/**
 * Newsletter origins (SPEC §3 "Origin options"); the empty value is the 'select' prompt. SPEC §3
 * lists seven labels (doctor, friend, other, internet, press, foundation, pharmacist) for six codes:
 * the foundation gets the code FON, so every label is an option ('other' last).
 */
export const ORIGINS = ['MED', 'PHA', 'AMI', 'PRE', 'INT', 'FON', 'AUT'] as const;
export type Origin = (typeof ORIGINS)[number];

// ---- Shared patterns ------------------------------------------------------------------------------

/** SPEC §5: names contain none of ; * @ . % ^ = nor the digits 1-9. */
export const FORBIDDEN_IN_NAMES = /[;*@.%^=1-9]/;
/** A Swiss postcode: exactly four digits (SPEC §5, §9). */
export const ZIPCODE = /^[0-9]{4}$/;
/** A pragmatic address check, the same both sides: one @, a dot in the domain, no spaces. */
export const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
/** Digits, spaces and the usual separators, an optional leading +. */
export const PHONE = /^\+?[0-9 ()./-]{6,25}$/;

/** Lengths the database columns hold. */
export const LIMITS = { name: 100, email: 254, phone: 25, message: 5000, address: 200, city: 100 } as const;

const name = <F extends string>(key: TranslationKey): Rule<F>[] => [
  required(key),
  max(LIMITS.name),
  (value) => (FORBIDDEN_IN_NAMES.test(value) ? { key } : null),
];

/** Zipcode: four digits, and valid only when the city lookup returned at least one city. */
const zipcode =
  <F extends string>(): Rule<F> =>
  (value, _values, context) =>
    ZIPCODE.test(value.trim()) && (context.cities?.length ?? 0) > 0
      ? null
      : { key: 'contact.validation_address_zipcode' };

/** City: one of the suggestions of the zipcode. */
const city =
  <F extends string>(): Rule<F> =>
  (value, _values, context) =>
    context.cities?.includes(value.trim()) ? null : { key: 'contact.validation_address_city' };

const checked = (value: string | undefined) => value === 'on' || value === 'true' || value === '1';

// ---- Contact form ---------------------------------------------------------------------------------

export const CONTACT_FIELDS = [
  'profile',
  'provincial',
  'subject',
  'civility',
  'lastname',
  'firstname',
  'email',
  'phone',
  'message',
  'address_1',
  'address_2',
  'zipcode',
  'city',
  'terms',
  'newsletter',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = FormValues<ContactField>;

/** The canton is asked when the profile is not a private individual (SPEC §4, §5). */
export const needsCanton = (values: { profile?: string }) => !!values.profile && values.profile !== 'customer';
/** The address block is asked for a documentation request (SPEC §4, §5). */
export const needsAddress = (values: { subject?: string }) => values.subject === 'documentation';

const civilityIds = CIVILITIES.map((c) => String(c.id));
const cantonIds = CANTONS.map((c) => String(c.id));

export const CONTACT_RULES: FormRules<ContactField> = {
  profile: [required('contact.validation_profile'), oneOf(PROFILES, 'contact.validation_profile')],
  provincial: [
    when(needsCanton, required('contact.validation_provincial')),
    oneOf(cantonIds, 'contact.validation_provincial'),
  ],
  subject: [required('contact.validation_subject'), oneOf(SUBJECTS, 'contact.validation_subject')],
  civility: [required('contact.validation_civility'), oneOf(civilityIds, 'contact.validation_civility')],
  lastname: name('contact.validation_lastname'),
  firstname: name('contact.validation_firstname'),
  email: [required('contact.validation_email'), max(LIMITS.email), matches(EMAIL, 'contact.validation_email')],
  phone: [max(LIMITS.phone), matches(PHONE, 'contact.invalid_input')],
  message: [required('contact.validation_message'), max(LIMITS.message)],
  address_1: [when(needsAddress, required('contact.validation_address')), max(LIMITS.address)],
  address_2: [max(LIMITS.address)],
  zipcode: [when(needsAddress, required('contact.validation_address_zipcode'), zipcode())],
  city: [when(needsAddress, required('contact.validation_address_city'), city())],
  terms: [(value) => (checked(value) ? null : { key: 'contact.validation_terms' })],
  newsletter: [(value) => (['', 'on', 'true', '1', 'false', '0', 'off'].includes(value) ? null : INVALID)],
};

// ---- Newsletter form ------------------------------------------------------------------------------

export const NEWSLETTER_FIELDS = [
  'civility',
  'lastname',
  'firstname',
  'email',
  'zipcode',
  'city',
  'consent',
  'origin',
] as const;
export type NewsletterField = (typeof NEWSLETTER_FIELDS)[number];
export type NewsletterValues = FormValues<NewsletterField>;

export const NEWSLETTER_RULES: FormRules<NewsletterField> = {
  civility: [required('contact.validation_civility'), oneOf(civilityIds, 'contact.validation_civility')],
  lastname: name('contact.validation_lastname'),
  firstname: name('contact.validation_firstname'),
  email: [required('contact.validation_email'), max(LIMITS.email), matches(EMAIL, 'contact.validation_email')],
  zipcode: [required('contact.validation_address_zipcode'), zipcode()],
  city: [required('contact.validation_address_city'), city()],
  consent: [required('contact.validation_option'), oneOf(['yes', 'no'], 'contact.validation_option')],
  origin: [oneOf(ORIGINS, 'contact.invalid_input')],
};

/** The form's strings from any body: absent, non-string or over-long values become safe strings. */
export function readValues<F extends string>(fields: readonly F[], body: unknown): Record<F, string> {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const values = {} as Record<F, string>;
  for (const field of fields) {
    const raw = input[field];
    const text = typeof raw === 'string' ? raw : typeof raw === 'boolean' || typeof raw === 'number' ? String(raw) : '';
    // Control characters other than line breaks and tabs never reach a rule or the database.
    // eslint-disable-next-line no-control-regex
    values[field] = text.slice(0, 10000).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  }
  return values;
}
