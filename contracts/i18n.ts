import { TRANSLATION_KEYS } from './translation-keys';

/**
 * Typed translations. Keys come from i18n/fr (the reference language) through the generated
 * translation-keys.ts (`npm run i18n:keys`): `t('shell.menu')` type-checks, `t('shell.mneu')` does not,
 * and a label bag is typed with the keys of its section, so a view reading a label that is not in
 * i18n/fr fails `npm run typecheck`.
 */

/** Every translation key: "file.path.to.text", e.g. "product.faq.title". */
export type TranslationKey = (typeof TRANSLATION_KEYS)[number];

/** Values for the `{placeholders}` of a text. */
export type TranslationArgs = Record<string, string | number>;

/** The translate function of a request's language (server) or of a rendered page (views). */
export type Translate = (key: TranslationKey, args?: TranslationArgs) => string;

/** The keys right under `Section` ("catalogue.listing" -> "results_one" | …), nested ones left out. */
export type SectionKey<Section extends string> = TranslationKey extends infer K
  ? K extends `${Section}.${infer Rest}`
    ? Rest extends `${string}.${string}`
      ? never
      : Rest
    : never
  : never;

/** Every dotted prefix of a key: "product.faq.title" -> "product" | "product.faq". */
type Prefixes<Key extends string> = Key extends `${infer Head}.${infer Tail}`
  ? Head | `${Head}.${Prefixes<Tail>}`
  : never;

/** A section of the translations ("catalogue.listing", "product.labels"…): what `labelsOf` takes. */
export type LabelSection = Prefixes<TranslationKey>;

/** A bag of texts handed to a view: the section's keys, each the text in the page's language. */
export type Labels<Section extends string> = { readonly [K in SectionKey<Section>]: string };

/**
 * The texts of a section as one bag, untouched (their `{placeholders}` are filled where they are
 * shown). For views that get their texts as props: islands, whose props travel to the browser.
 */
export function labelsOf<Section extends LabelSection>(t: Translate, section: Section): Labels<Section> {
  const prefix = `${section}.`;
  const bag: Record<string, string> = {};
  for (const key of TRANSLATION_KEYS)
    if (key.startsWith(prefix) && !key.slice(prefix.length).includes('.')) bag[key.slice(prefix.length)] = t(key);
  return bag as Labels<Section>;
}

/** Fills the `{name}` placeholders of a text (a label shown by an island). */
export function fillLabel(template: string, values: TranslationArgs): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** One `Intl.PluralRules` per locale (they are costly to build, cheap to use). */
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The form of a count's text in a language, by the CLDR plural rules: "one" for 0 and 1 in French
 * ("0 produit", "1 produit"), for 1 only in German, Italian, Spanish and Dutch; "other" otherwise
 * (the rarer CLDR forms, such as French "many" for a million, read as "other" in these languages).
 */
export function pluralForm(locale: string, count: number): 'one' | 'other' {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/**
 * A count in words, from the pair of texts `…_one` / `…_other` (i18n: "{count} produit",
 * "{count} produits"): `countLabel('fr', 1, labels.results_one, labels.results_other)`.
 */
export function countLabel(
  locale: string,
  count: number,
  one: string,
  other: string,
  values: TranslationArgs = {},
): string {
  return fillLabel(pluralForm(locale, count) === 'one' ? one : other, { ...values, count });
}
