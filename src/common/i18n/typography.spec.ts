import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const I18N = join(__dirname, '../../../i18n');

/** Every translated text of a locale, with its key path ("product.faq.title"). */
function texts(locale: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') out.push([prefix, value]);
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, child);
  };
  for (const file of readdirSync(join(I18N, locale)).filter((f) => f.endsWith('.json')))
    walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(I18N, locale, file), 'utf8')));
  return out;
}

describe('i18n typography', () => {
  it('French keeps a no-break space before : ; ! ? so the sign never starts a line', () => {
    const broken = texts('fr').filter(([, text]) => / [:;!?]/.test(text));
    expect(broken).toEqual([]);
    // The FAQ heading and the language switch are the texts a visitor sees most.
    const fr = Object.fromEntries(texts('fr'));
    expect(fr['product.faq.title']).toBe('Questions-réponses\u00a0: {name}');
    expect(fr['shell.language_switch']).toBe('Langue et pays\u00a0: {language}');
  });

  it.each(['de', 'it', 'es', 'nl'])('%s puts no space before a colon', (locale) => {
    const spaced = texts(locale).filter(([, text]) => /[\s\u00a0\u202f]:/.test(text));
    expect(spaced).toEqual([]);
    expect(Object.fromEntries(texts(locale))['shell.language_switch']).toMatch(/^\S.*\S: \{language\}$/);
  });
});
