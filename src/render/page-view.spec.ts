import { renderHead } from './head';
import { META_DESCRIPTION_MAX, truncate } from './page-view';

describe(truncate.name, () => {
  it('keeps a text that fits, with its whitespace runs made single spaces', () => {
    expect(truncate('  Un   texte\ncourt ', 250)).toBe('Un texte court');
    expect(truncate('a'.repeat(250), 250)).toBe('a'.repeat(250));
  });

  it('cuts at max characters, the ellipsis included', () => {
    expect(truncate('a'.repeat(251), 250)).toBe(`${'a'.repeat(249)}…`);
    expect(Array.from(truncate('b'.repeat(1000), 100))).toHaveLength(100);
  });

  it('drops the space before the ellipsis and never splits a character', () => {
    expect(truncate('abc def', 5)).toBe('abc…');
    expect(truncate('😀'.repeat(10), 4)).toBe('😀😀😀…');
  });
});

describe('meta description of every page', () => {
  const head = (description: string) =>
    renderHead({
      head: { title: 'Titre', description },
      appTitle: 'Site',
      locale: 'fr',
      countryCode: 'ch',
      alternates: [],
      assets: { styles: [], preloads: [] },
      nonce: 'n',
      jsonLd: [],
      siteName: 'Site',
    });
  const meta = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)![1];

  it('is 250 characters including the ellipsis (SPEC §5)', () => {
    expect(META_DESCRIPTION_MAX).toBe(250);
    const description = meta(head('x'.repeat(400)));
    expect(Array.from(description)).toHaveLength(250);
    expect(description).toBe(`${'x'.repeat(249)}…`);
  });
});
