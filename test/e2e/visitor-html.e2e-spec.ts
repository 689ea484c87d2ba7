import { readLocalities } from '../../src/database/seed/geo.seed';
import { generateStores } from '../../src/database/seed/stores.seed';
import { EDITORIAL_SAMPLES } from '../support/content';
import { Controller, Get, Module, UnauthorizedException } from '@nestjs/common';
import request from 'supertest';
import { buildPath, type Locale } from '../../contracts/route-table';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { contentExpertises, pick } from '../support/content';
import { decodeHtml } from '../support/http';
import { signedInEditor } from '../support/editor';
import { javaAvailable, nuErrors } from '../support/nu';

/** Test-only routes for the pages no real URL reaches on demand: the 500 and 401 pages. */
@Controller('__visitor')
class FailingController {
  @Get('failure')
  failure(): never {
    throw new Error('boom');
  }

  @Get('unauthorized')
  unauthorized(): never {
    throw new UnauthorizedException();
  }
}

@Module({ controllers: [FailingController] })
class FailingModule {}

const SITES: Array<{ host: string; locale: Locale }> = [
  { host: FR, locale: 'fr' },
  { host: DE, locale: 'de' },
];

/** A product with every block of the page: video, promotion, price tiers, packagings, FAQs, slides. */
const product = pick(
  (p) =>
    !!p.caracteristics.embed_push_video &&
    !!p.push_promote &&
    p.volume_discounts.length > 0 &&
    !!p.packaging_group &&
    (p.faqs?.length ?? 0) > 0,
  'product with every block',
);
const digestion = contentExpertises().find((e) => e.key === 'digestion');

/** The first demo pharmacy (the generator is deterministic). */
const FIRST_STORE = String(generateStores(readLocalities(), 1)[0].slug);

/** Ids the seed gives: a parent need with children (the selector's second step). */
interface SeedIds {
  parentNeed: number;
}

/** Every page type of the site so far, with the status it answers. */
function pageTypes(locale: Locale, ids: SeedIds): Array<{ name: string; path: string; status: number }> {
  const slug = product.texts[locale].slug;
  const expertise = digestion?.texts[locale].slug;
  return [
    { name: 'home', path: '/', status: 200 },
    { name: 'list', path: buildPath('productList', locale), status: 200 },
    {
      name: 'list-filtered',
      path:
        buildPath('productList', locale, {
          tail: { expertise, filters: [{ name: 'brand', value: 'lactibiane' }] },
        }) + '?sort=desc_price&display=horizontal',
      status: 200,
    },
    { name: 'list-page-2', path: buildPath('productList', locale, { tail: { page: 2, filters: [] } }), status: 200 },
    { name: 'product', path: buildPath('product', locale, { slug }), status: 200 },
    { name: 'product-faq', path: buildPath('productFaq', locale, { slug }), status: 200 },
    { name: 'advice-list', path: buildPath('adviceList', locale), status: 200 },
    {
      name: 'advice-list-filtered',
      path: buildPath('adviceList', locale, { page: 1, category: expertise }),
      status: 200,
    },
    { name: 'innovation-list', path: buildPath('innovationList', locale), status: 200 },
    ...EDITORIAL_SAMPLES.map(([name, route, slugs]) => ({
      name,
      path: buildPath(route, locale, { slug: slugs[locale as 'fr' | 'de'] }),
      status: 200,
    })),
    { name: 'help', path: buildPath('faq', locale), status: 200 },
    {
      name: 'search-results',
      path: buildPath('results', locale, { tail: { text: 'magnesium', filters: [] } }),
      status: 200,
    },
    {
      name: 'search-results-filtered',
      path:
        buildPath('results', locale, {
          tail: { text: 'lactibiane', filters: [{ name: 'galenic_format', value: 'gelule' }] },
        }) + '?sort=asc_price',
      status: 200,
    },
    {
      name: 'search-pages-tab',
      path: buildPath('results', locale, { tail: { text: 'magnesium', filters: [] } }) + '?tab=pages',
      status: 200,
    },
    {
      name: 'search-none',
      path: buildPath('results', locale, { tail: { text: 'xyzzyqwv', filters: [] } }),
      status: 200,
    },
    { name: 'search-prompt', path: buildPath('results', locale), status: 200 },
    { name: 'login', path: buildPath('login', locale), status: 200 },
    { name: 'logout', path: buildPath('logout', locale), status: 200 },
    { name: 'store-finder', path: `${buildPath('storeFinder', locale)}?q=1003`, status: 200 },
    { name: 'store-finder-unknown-place', path: `${buildPath('storeFinder', locale)}?q=Xyzzyville`, status: 200 },
    { name: 'who-can-advise', path: buildPath('whoCanGiveYouAdvice', locale), status: 200 },
    { name: 'store', path: buildPath('store', locale, { slug: FIRST_STORE }), status: 200 },
    { name: 'contact', path: `${buildPath('contact', locale)}?catalogue`, status: 200 },
    { name: 'newsletter', path: buildPath('newsletter', locale), status: 200 },
    { name: 'confirmation', path: buildPath('confirmation', locale), status: 200 },
    { name: 'needs', path: buildPath('needs', locale), status: 200 },
    { name: 'needs-search', path: `${buildPath('needs', locale)}?q=so`, status: 200 },
    { name: 'need-selector-error', path: `${buildPath('needs', locale)}?besoin=`, status: 400 },
    { name: 'need-selector-step', path: `${buildPath('needs', locale)}?besoin=${ids.parentNeed}`, status: 200 },
    {
      name: 'need',
      path: buildPath('need', locale, { slug: locale === 'de' ? 'blahungen' : 'ballonnements' }),
      status: 200,
    },
    { name: 'brands', path: buildPath('brands', locale), status: 200 },
    { name: 'brand', path: buildPath('brand', locale, { slug: 'noctalyne' }), status: 200 },
    { name: 'corner', path: buildPath('brandCorner', locale, { brand: 'lactibiane' }), status: 200 },
    {
      name: 'corner-page',
      path: buildPath('brandCorner', locale, {
        brand: 'insudiet',
        slug: locale === 'de' ? 'die-methode' : 'la-methode',
      }),
      status: 200,
    },
    { name: 'not-found', path: '/cette-page-nexiste-pas', status: 404 },
    { name: 'error', path: '/__visitor/failure', status: 500 },
    { name: 'unauthorized', path: '/__visitor/unauthorized', status: 401 },
  ];
}

describe('what a visitor gets: server HTML (e2e)', () => {
  let t: TestApp;
  let ids: SeedIds;
  const html: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({}, { imports: [FailingModule] });
    const parent = await t.db
      .selectFrom('need_translation')
      .select('need_id')
      .where('locale', '=', 'fr')
      .where('slug', '=', 'confort-digestif')
      .executeTakeFirstOrThrow();
    ids = { parentNeed: parent.need_id };
    for (const { host, locale } of SITES)
      for (const page of pageTypes(locale, ids)) {
        const res = await request(t.server).get(page.path).set('Host', host);
        expect({ path: page.path, status: res.status }).toEqual({ path: page.path, status: page.status });
        html[`${locale}-${page.name}`] = res.text;
      }
    // The editors' preview, signed in (an unpublished page: the banner says so).
    const { id } = await t.db
      .updateTable('page')
      .set({ published: false })
      .where('key', '=', 'advice-rituels-soir')
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const { host, locale } of SITES) {
      const session = await signedInEditor(t, host, locale);
      const res = await request(t.server).get(`/preview/${id}`).set('Host', host).set('Cookie', session.cookie);
      expect({ preview: res.status, banner: res.text.includes('class="preview-banner"') }).toEqual({
        preview: 200,
        banner: true,
      });
      html[`${locale}-preview`] = res.text;
    }
    await t.db.updateTable('page').set({ published: true }).where('id', '=', id).execute();
  });

  afterAll(async () => {
    await t?.app.close();
  });

  (javaAvailable() ? it : it.skip)(
    'every page type on both hosts is valid HTML for the W3C Nu checker (0 errors)',
    () => {
      const errors = nuErrors(html);
      expect(Object.entries(errors).filter(([, list]) => list.length > 0)).toEqual([]);
      expect(Object.keys(errors)).toHaveLength(SITES.length * (pageTypes('fr', ids).length + 1));
    },
  );

  it.each(SITES)("on $host the need selector's second step asks for the child need", ({ locale }) => {
    const page = html[`${locale}-need-selector-step`];
    expect(page).toContain('name="sous-besoin"');
    expect(page).toMatch(new RegExp(`<option value="${ids.parentNeed}" selected="">`));
    expect(page).not.toContain('role="alert"');
  });

  it.each(SITES)('on $host every search landmark has its own name', ({ locale }) => {
    for (const name of ['home', 'not-found', 'product', 'search-results']) {
      const forms = [...html[`${locale}-${name}`].matchAll(/<form\b[^>]*role="search"[^>]*>/g)].map((m) => m[0]);
      expect(forms.length).toBeGreaterThan(0);
      const names = forms.map((form) => {
        const label = /aria-label="([^"]+)"/.exec(form)?.[1];
        const by = /aria-labelledby="([^"]+)"/.exec(form)?.[1];
        const labelled = by && new RegExp(`id="${by}"[^>]*>([^<]+)<`).exec(html[`${locale}-${name}`])?.[1];
        return label ?? labelled;
      });
      expect(names.every(Boolean)).toBe(true);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it.each(SITES)(
    'on $host the product tabs are links to the page sections, the gallery has every slide',
    ({ locale }) => {
      const page = html[`${locale}-product`];
      // No ARIA tabs in server HTML: without JavaScript the bar is a list of anchors.
      expect(page).not.toMatch(/role="tab(list|panel)?"/);
      const tabs = /<nav class="product-tabs"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? '';
      const anchors = [...tabs.matchAll(/<a class="product-tabs__tab" href="#([a-z-]+)"/g)].map((m) => m[1]);
      expect(anchors[0]).toBe('description');
      for (const id of anchors) expect(page).toContain(`id="${id}"`);
      // SPEC §3: the slide_product visuals, then active_ingredient_1..N, then the video.
      const props = JSON.parse(
        decodeHtml(
          /<div data-island="ProductGallery" data-iid="(i\d+)"[\s\S]*?id="\1-props"[^>]*>([^<]*)</.exec(page)?.[2] ??
            '{}',
        ),
      ) as { slides: Array<{ type: string; picture?: { webp: string } }> };
      const ingredients = Object.keys(product.caracteristics).filter((k) => /^active_ingredient_\d+$/.test(k)).length;
      expect(props.slides.map((s) => s.type)).toEqual([...Array(2 + ingredients).fill('image'), 'video']);
      expect(props.slides[1].picture?.webp).toMatch(/^\/media\/slide\/[^/]+\/content\//);
      expect(
        props.slides.slice(2, 2 + ingredients).map((s) => /\/(ingredient-\d+)\//.exec(s.picture?.webp ?? '')?.[1]),
      ).toEqual(Array.from({ length: ingredients }, (_, i) => `ingredient-${i + 1}`));
      // The largest paint is fetched first.
      // (React writes the attribute as fetchPriority: HTML attribute names ignore case.)
      const hero = [...page.matchAll(/<img [^>]*fetchpriority="high"[^>]*>/gi)].map((m) => m[0]);
      expect(hero).toEqual([expect.stringContaining(props.slides[0].picture?.webp.replace(/\.webp$/, '.png') ?? '-')]);
    },
  );

  it('every gallery picture of the page is served', async () => {
    const urls = [...html['de-product'].matchAll(/\/media\/slide\/[^"\s,]+\.(?:webp|png)/g)].map((m) => m[0]);
    expect(urls.length).toBeGreaterThan(4);
    for (const url of [...new Set(urls)].slice(0, 12)) {
      const res = await request(t.server).get(url).set('Host', DE).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/(webp|png)$/);
    }
  });

  it('the colon of the FAQ heading and of the language switch follows each language', () => {
    const fr = decodeHtml(html['fr-product-faq']);
    const de = decodeHtml(html['de-product-faq']);
    expect(fr).toContain(`<h1>Questions-réponses\u00a0: ${product.texts.fr.name}</h1>`);
    expect(de).toContain(`<h1>Fragen und Antworten: ${product.texts.de.name}</h1>`);
    expect(fr).toContain('Langue et pays\u00a0: </span>');
    expect(de).toContain('Sprache und Land: </span>');
    expect(de).not.toMatch(/Sprache und Land\s:/);
  });

  it('without JavaScript the list links its filter panel and names the active filters in words', () => {
    const page = html['fr-list-filtered'];
    expect(page).toMatch(/<a class="button button--outline" href="#listing-filters">/);
    expect(page).toMatch(/id="listing-filters"/);
    expect(page).not.toMatch(/<span[^>]*aria-label=/);
    expect(decodeHtml(page)).toContain('>1 filtre actif<');
  });

  it.each(SITES)('on $host the listing API gives the document title with the site name', async ({ host, locale }) => {
    const path = buildPath('productList', locale, { tail: { filters: [{ name: 'brand', value: 'formag' }] } });
    const page = await request(t.server).get(path).set('Host', host).expect(200);
    const api = await request(t.server)
      .get(`/api/v1/listing?path=${encodeURIComponent(path)}`)
      .set('Host', host)
      .expect(200);
    const title = decodeHtml(/<title>([^<]*)<\/title>/.exec(page.text)?.[1] ?? '');
    expect(title).toMatch(/ - Laboratoire Santé Nature$/);
    expect(api.body.title).toBe(title);
  });
});
