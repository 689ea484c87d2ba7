import request from 'supertest';
import { buildPath, type Locale } from '../../contracts/route-table';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { pick } from '../support/content';

/**
 * Every carousel says what it is in the page's language (WAI-ARIA carousel pattern:
 * aria-roledescription is read out as is, so "carousel" on a French page is English to its
 * screen-reader user): the home's header slider and brand slider, the brands list, a product
 * gallery and a paragraph slider of an innovation article.
 */
const WORDS: Record<'fr' | 'de', string[]> = { fr: ['carrousel', 'diapositive'], de: ['Karussell', 'Folie'] };

describe('carousel roles in the page language (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.app.close());

  const product = pick(() => true, 'product');

  it.each([
    [FR, 'fr'],
    [DE, 'de'],
  ] as Array<[string, 'fr' | 'de']>)('on %s', async (host, locale) => {
    const pages: Array<[string, string]> = [
      ['HeaderSlider', '/'],
      ['BrandSlider', buildPath('brands', locale as Locale)],
      ['ProductGallery', buildPath('product', locale as Locale, { slug: product.texts[locale].slug })],
      [
        'ParagraphSlider',
        buildPath('innovation', locale as Locale, {
          slug:
            locale === 'fr'
              ? 'tracabilite-du-lot-a-la-pharmacie'
              : 'ruckverfolgbarkeit-von-der-charge-bis-zur-apotheke',
        }),
      ],
    ];
    for (const [island, path] of pages) {
      const res = await request(t.server).get(path).set('Host', host).expect(200);
      expect({ path, island: res.text.includes(`data-island="${island}"`) }).toEqual({ path, island: true });
      const roles = [...res.text.matchAll(/aria-roledescription="([^"]*)"/g)].map((m) => m[1]);
      expect({ path, some: roles.length > 0 }).toEqual({ path, some: true });
      for (const role of roles)
        expect({ path, role, known: WORDS[locale].includes(role) }).toEqual({ path, role, known: true });
    }
  });
});
