import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillLabel, labelsOf, type Translate } from './i18n';
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
