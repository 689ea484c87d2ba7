import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countLabel, fillLabel, labelsOf, pluralForm, type Translate } from './i18n';
import { TRANSLATION_KEYS } from './translation-keys';

const ROOT = join(__dirname, '..');
const I18N = join(ROOT, 'i18n');
const LOCALES = ['fr', 'de', 'it', 'es', 'nl'];

/** Every text of a locale by key ("product.faq.title"). */
function texts(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') out.set(prefix, value);
    else for (const [key, child] of Object.entries(value as object)) walk(`${prefix}.${key}`, child);
  };
  for (const file of readdirSync(join(I18N, locale)).filter((f) => f.endsWith('.json')))
    walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(I18N, locale, file), 'utf8')));
  return out;
}

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

describe('translations', () => {
  const reference = texts('fr');

  it.each(LOCALES.slice(1))('%s has exactly the keys of fr', (locale) => {
    const keys = [...texts(locale).keys()].sort();
    expect({ locale, missing: [...reference.keys()].filter((k) => !keys.includes(k)) }).toEqual({
      locale,
      missing: [],
    });
    expect({ locale, extra: keys.filter((k) => !reference.has(k)) }).toEqual({ locale, extra: [] });
  });

  it.each(LOCALES.slice(1))('%s uses the same {placeholders} as fr in every text', (locale) => {
    const other = texts(locale);
    const differing = [...reference]
      .filter(([key, text]) => other.has(key) && placeholders(text).join() !== placeholders(other.get(key)!).join())
      .map(([key, text]) => ({ key, fr: placeholders(text), [locale]: placeholders(other.get(key)!) }));
    expect(differing).toEqual([]);
  });

  it('the generated key list is the keys of i18n/fr (else run `npm run i18n:keys`)', () => {
    const expected = execFileSync(process.execPath, [join(ROOT, 'scripts/i18n-keys.mjs'), '--stdout'], {
      encoding: 'utf8',
    });
    expect(readFileSync(join(__dirname, 'translation-keys.ts'), 'utf8')).toBe(expected);
    expect([...TRANSLATION_KEYS]).toEqual([...reference.keys()].sort());
  });

  it('a label bag holds the texts right under its section, nested sections left out', () => {
    const t: Translate = (key) => `<${key}>`;
    const listing = labelsOf(t, 'catalogue.listing');
    expect(listing.results_one).toBe('<catalogue.listing.results_one>');
    expect(Object.keys(listing).sort()).toEqual(
      [...reference.keys()]
        .filter((k) => k.startsWith('catalogue.listing.'))
        .map((k) => k.slice('catalogue.listing.'.length))
        .sort(),
    );
    const errors = labelsOf(t, 'errors');
    expect(Object.keys(errors)).toEqual(['back_home']);
  });

  it('fills the {placeholders} of a label, an unknown one with nothing', () => {
    expect(fillLabel('page {page} sur {pages}', { page: 2, pages: 6 })).toBe('page 2 sur 6');
    expect(fillLabel('{count} produits{x}', { count: 3 })).toBe('3 produits');
  });

  /**
   * Texts whose number never needs a singular: a number in brackets or "n of m", a unit, a count that
   * is always above one where it is shown (product.faq.all: only when there are more than 4), and
   * storefinder.finder.suggestions_count, which no view shows.
   */
  const COUNT_WITHOUT_PLURAL = [
    // A slide's position ('2 sur 5'), not a number of things.
    'brands.corner.slider_slide',
    'cms.paragraphs.faq_all',
    'cms.paragraphs.slide_n',
    'home.slider_position',
    'product.faq.all',
    'product.units_mention',
    'storefinder.finder.suggestions_count',
  ];

  it('a text that counts things comes as a pair …_one / …_other (French "1 filtre actif", not "1 filtres actifs")', () => {
    const counting = [...reference].filter(([, text]) => text.includes('{count}')).map(([key]) => key);
    const unpaired = counting.filter((key) => {
      const stem = /^(.*)_(one|other)$/.exec(key)?.[1];
      return stem
        ? !(reference.has(`${stem}_one`) && reference.has(`${stem}_other`))
        : !COUNT_WITHOUT_PLURAL.includes(key);
    });
    expect(unpaired).toEqual([]);
    expect(COUNT_WITHOUT_PLURAL.filter((key) => !counting.includes(key))).toEqual([]);
  });

  it('picks the plural form by the language (CLDR): 0 and 1 are singular in French, only 1 elsewhere', () => {
    expect(['fr', 'de', 'it', 'es', 'nl'].map((locale) => [0, 1, 2].map((n) => pluralForm(locale, n)))).toEqual([
      ['one', 'one', 'other'],
      ['other', 'one', 'other'],
      ['other', 'one', 'other'],
      ['other', 'one', 'other'],
      ['other', 'one', 'other'],
    ]);
    expect(pluralForm('fr', 1000000)).toBe('other');
    expect(countLabel('fr', 1, '{count} filtre actif', '{count} filtres actifs')).toBe('1 filtre actif');
    expect(countLabel('de', 3, '{count} aktiver Filter', '{count} aktive Filter')).toBe('3 aktive Filter');
    expect(
      countLabel('fr', 2, '{count} pharmacie près de {place}', '{count} pharmacies près de {place}', {
        place: 'Bulle',
      }),
    ).toBe('2 pharmacies près de Bulle');
  });

  it('keys are typed: a misspelt key or a label the section does not have fails `npm run typecheck`', () => {
    const t: Translate = (key) => key;
    // @ts-expect-error "shell.mneu" is not a key of i18n/fr
    expect(t('shell.mneu')).toBe('shell.mneu');
    const labels = labelsOf(t, 'catalogue.listing');
    // @ts-expect-error catalogue.listing has no "resuls_one"
    expect(labels.resuls_one).toBeUndefined();
    // @ts-expect-error a section that does not exist
    expect(labelsOf(t, 'catalogue.lsting')).toEqual({});
    expect(t('shell.menu')).toBe('shell.menu');
  });
});
