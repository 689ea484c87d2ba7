import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { buildPath, type Locale } from '../../contracts/route-table';
import { pageHref } from '../../src/modules/cms/editorial.rules';
import { pick, textOf } from '../support/content';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { jsonLdProblems, type JsonLdType } from '../support/json-ld-shapes';

type Block = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The page types of the site, with the structured data each must carry (BreadcrumbList apart). */
interface PageCase {
  name: string;
  path: (locale: Locale) => string;
  types: JsonLdType[];
}

/**
 * Every page type's JSON-LD, on both Swiss hosts: each block parsed and checked against the strict
 * shape of its @type (test/support/json-ld-shapes.ts: the rich results' required and recommended
 * properties), the set of types each page type must have, a BreadcrumbList that repeats the visible
 * breadcrumb on every page but home, a VideoObject for every embedded video, Article pictures that
 * exist. The video platform is not configured (no VIDEO_API_KEY): the data is the stored one, and the
 * local stand-in for the platform, though its URL is configured, is never asked.
 */
describe('structured data of every page type (e2e)', () => {
  let t: TestApp;
  let platform: { server: Server; hits: number };
  const withVideo = pick((p) => p.caracteristics.embed_push_video === 'Lq4bX7sVt2M', 'product with a video');
  const free = pick((p) => p.is_free, 'free product');
  const slugs = new Map<string, Record<Locale, string>>();
  const path = (key: string) => (locale: Locale) => slugs.get(key)![locale];
  /** An advice page whose cover is taken away before any request: its Article picture must still be one. */
  const COVERLESS = 'advice-genoux-exercices';
  let coverBefore: string | null = null;

  const CASES: PageCase[] = [
    { name: 'home', path: () => '/', types: ['WebSite', 'Organization', 'VideoObject'] },
    { name: 'product list', path: (l) => buildPath('productList', l), types: [] },
    {
      name: 'product with a video',
      path: (l) => buildPath('product', l, { slug: withVideo.texts[l as 'fr' | 'de'].slug }),
      types: ['Product', 'VideoObject'],
    },
    {
      name: 'free product',
      path: (l) => buildPath('product', l, { slug: free.texts[l as 'fr' | 'de'].slug }),
      types: ['Product'],
    },
    { name: 'product FAQ', path: path('productFaq'), types: ['FAQPage'] },
    { name: 'needs', path: (l) => buildPath('needs', l), types: [] },
    { name: 'need page with a video', path: path('need-microbiote'), types: ['VideoObject'] },
    { name: 'brands', path: (l) => buildPath('brands', l), types: [] },
    { name: 'brand page with questions', path: path('brandWithFaq'), types: ['FAQPage'] },
    { name: 'brand corner with a video', path: path('corner-lactibiane'), types: ['VideoObject'] },
    { name: 'brand corner page', path: path('corner-formag-formule'), types: [] },
    { name: 'advice list', path: (l) => buildPath('adviceList', l), types: [] },
    { name: 'advice with a video, no cover', path: path(COVERLESS), types: ['Article', 'VideoObject'] },
    { name: 'innovation list', path: (l) => buildPath('innovationList', l), types: [] },
    { name: 'innovation with a video', path: path('innov-etudes-cliniques'), types: ['Article', 'VideoObject'] },
    { name: 'news', path: path('news-nouveautes-automne'), types: ['NewsArticle'] },
    { name: 'CMS page', path: path('cms-cookies'), types: [] },
    { name: 'help', path: (l) => buildPath('faq', l), types: ['VideoObject'] },
    { name: 'store finder', path: (l) => buildPath('storeFinder', l), types: [] },
    { name: 'pharmacy', path: path('store'), types: ['Pharmacy'] },
    { name: 'who can advise you', path: (l) => buildPath('whoCanGiveYouAdvice', l), types: [] },
    { name: 'contact', path: (l) => buildPath('contact', l), types: [] },
    { name: 'contact confirmation', path: (l) => buildPath('confirmation', l), types: [] },
    { name: 'newsletter', path: (l) => buildPath('newsletter', l), types: [] },
    { name: 'search results', path: (l) => `${buildPath('results', l)}/-r--magnesium`, types: [] },
  ];

  beforeAll(async () => {
    platform = { server: createServer((_req, res) => res.writeHead(500).end()), hits: 0 };
    platform.server.on('request', () => (platform.hits += 1));
    await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      VIDEO_API_URL: `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}/youtube/v3`,
    });
    // Given back in afterAll: the server-backed suite shares one database between spec files.
    const { cover } = await t.db
      .selectFrom('page')
      .select('cover')
      .where('key', '=', COVERLESS)
      .executeTakeFirstOrThrow();
    coverBefore = cover ? JSON.stringify(cover) : null;
    await t.db.updateTable('page').set({ cover: null }).where('key', '=', COVERLESS).execute();
    const pages = await t.db
      .selectFrom('page as p')
      .innerJoin('page_translation as tr', 'tr.page_id', 'p.id')
      .select(['p.key', 'tr.locale', 'tr.route', 'tr.slug'])
      .where('p.key', 'in', [
        'need-microbiote',
        'corner-lactibiane',
        'corner-formag-formule',
        COVERLESS,
        'innov-etudes-cliniques',
        'news-nouveautes-automne',
        'cms-cookies',
      ])
      .execute();
    for (const page of pages) {
      const entry = slugs.get(page.key) ?? ({} as Record<Locale, string>);
      entry[page.locale as Locale] = pageHref(page.route, page.slug, page.locale as Locale);
      slugs.set(page.key, entry);
    }
    const faqProduct = await t.db
      .selectFrom('product_faq as f')
      .select('f.product_id')
      .where('f.locale', '=', 'de')
      .executeTakeFirstOrThrow();
    const brand = await t.db
      .selectFrom('brand_faq as f')
      .innerJoin('page as p', (j) => j.onRef('p.brand_id', '=', 'f.brand_id').on('p.type', '=', 'brand_landing'))
      .select('p.id')
      .executeTakeFirstOrThrow();
    const store = await t.db.selectFrom('store').select('slug').orderBy('id').executeTakeFirstOrThrow();
    for (const locale of ['fr', 'de'] as const) {
      const product = await t.db
        .selectFrom('product_translation')
        .select('slug')
        .where('product_id', '=', faqProduct.product_id)
        .where('locale', '=', locale)
        .executeTakeFirstOrThrow();
      const landing = await t.db
        .selectFrom('page_translation')
        .select(['route', 'slug'])
        .where('page_id', '=', brand.id)
        .where('locale', '=', locale)
        .executeTakeFirstOrThrow();
      for (const [key, href] of [
        ['productFaq', buildPath('productFaq', locale, { slug: product.slug })],
        ['brandWithFaq', pageHref(landing.route, landing.slug, locale)],
        ['store', buildPath('store', locale, { slug: store.slug })],
      ] as const)
        slugs.set(key, { ...(slugs.get(key) ?? ({} as Record<Locale, string>)), [locale]: href });
    }
  });
  afterAll(async () => {
    await t.db.updateTable('page').set({ cover: coverBefore }).where('key', '=', COVERLESS).execute();
    await t.app.close();
    await new Promise((resolve) => platform.server.close(resolve));
  });

  const blocksOf = (html: string): Block[] =>
    [...html.matchAll(/<script type="application\/ld\+json" nonce="[^"]+">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Block,
    );
  const visibleCrumbs = (html: string): string[] => {
    const nav = /<nav class="breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    return [...nav.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]).trim());
  };

  describe.each([
    ['fr', FR],
    ['de', DE],
  ] as const)('%s', (locale, host) => {
    it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, page) => {
      const url = page.path(locale);
      const res = await request(t.server).get(url).set('Host', host);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      const blocks = blocksOf(res.text);
      // Every block has the shape of its type.
      expect({ url, problems: blocks.flatMap(jsonLdProblems) }).toEqual({ url, problems: [] });
      // The types this page type must carry, each once (videos: once per video).
      const types = blocks.map((b) => b['@type'] as string).filter((type) => type !== 'BreadcrumbList');
      expect({ url, types: [...new Set(types)].sort() }).toEqual({ url, types: [...page.types].sort() });
      const once = types.filter((type) => type !== 'VideoObject');
      expect({ url, once: new Set(once).size }).toEqual({ url, once: once.length });
      // The breadcrumb: everywhere but home, the same crumbs as the visible trail.
      const crumbs = blocks.filter((b) => b['@type'] === 'BreadcrumbList');
      if (page.name === 'home') expect(crumbs).toEqual([]);
      else {
        expect({ url, breadcrumbs: crumbs.length }).toEqual({ url, breadcrumbs: 1 });
        expect(crumbs[0].itemListElement.map((e: Block) => (e.name as string).replace(/\s+/g, ' '))).toEqual(
          visibleCrumbs(res.text),
        );
        for (const crumb of crumbs[0].itemListElement.slice(0, -1))
          expect(new URL(crumb.item as string).origin).toBe(`http://${host}`);
      }
      // A VideoObject for every embedded video (each player island names its video in its props,
      // the product gallery its video slide), and none for a video the page does not show.
      const embedded = [...new Set([...res.text.matchAll(/"videoId":"([A-Za-z0-9_-]{11})"/g)].map((m) => m[1]))];
      const described = blocks
        .filter((b) => b['@type'] === 'VideoObject')
        .map((b) => /\/embed\/([A-Za-z0-9_-]{11})$/.exec(b.embedUrl as string)![1]);
      expect(embedded.length).toBe(page.types.includes('VideoObject') ? described.length : 0);
      expect({ url, described: described.sort() }).toEqual({ url, described: embedded.sort() });
      // The pictures the structured data names exist (Article, VideoObject thumbnails, Product).
      const pictures = blocks.flatMap((b) =>
        b['@type'] === 'Article' || b['@type'] === 'NewsArticle'
          ? (b.image as string[])
          : b['@type'] === 'VideoObject'
            ? (b.thumbnailUrl as string[])
            : b['@type'] === 'Product'
              ? [b.image as string]
              : [],
      );
      for (const picture of pictures) {
        const { pathname } = new URL(picture);
        const image = await request(t.server).get(pathname).set('Host', host);
        expect({ picture, status: image.status, type: image.headers['content-type'] }).toMatchObject({
          picture,
          status: 200,
          type: expect.stringMatching(/^image\//),
        });
      }
    });
  });

  it('the stored video data feeds VideoObject; the platform, without a key, was never asked', async () => {
    const res = await request(t.server).get('/').set('Host', DE).expect(200);
    const video = blocksOf(res.text).find((b) => b['@type'] === 'VideoObject')!;
    expect(video).toMatchObject({
      name: 'Ein Blick hinter die Kulissen unseres Labors',
      uploadDate: '2026-09-18T08:00:00.000Z',
      duration: 'PT3M42S',
      thumbnailUrl: [`http://${DE}/media/video/Tz4pLw8QnVk.jpg`],
      interactionStatistic: { userInteractionCount: 18432 },
    });
    expect(platform.hits).toBe(0);
  });

  it('a free product is offered at 0 in its currency; a priced one at its price', async () => {
    const product = (html: string) => blocksOf(html).find((b) => b['@type'] === 'Product')!;
    const gratis = await request(t.server)
      .get(buildPath('product', 'fr', { slug: free.texts.fr.slug }))
      .set('Host', FR);
    expect(product(gratis.text).offers).toMatchObject({ price: '0.00', priceCurrency: 'CHF' });
    const priced = await request(t.server)
      .get(buildPath('product', 'fr', { slug: withVideo.texts.fr.slug }))
      .set('Host', FR);
    expect(product(priced.text).offers.price).toBe(Number(withVideo.price).toFixed(2));
  });

  it('the shapes refuse what a rich result would: a missing property, a site root for a picture, a stray field', () => {
    const video = {
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'V',
      thumbnailUrl: ['http://produits.localhost/media/video/Tz4pLw8QnVk.jpg'],
      uploadDate: '2026-09-18T08:00:00.000Z',
      duration: 'PT3M42S',
      embedUrl: 'https://www.youtube-nocookie.com/embed/Tz4pLw8QnVk',
    };
    expect(jsonLdProblems(video)).toEqual([]);
    expect(jsonLdProblems({ ...video, uploadDate: undefined })).not.toEqual([]);
    expect(jsonLdProblems({ ...video, thumbnailUrl: ['http://produits.localhost/'] })).toEqual([
      'VideoObject.thumbnailUrl.0: a picture, not the site root',
    ]);
    expect(jsonLdProblems({ ...video, contentUrl: 'x' })).not.toEqual([]);
    expect(jsonLdProblems({ '@type': 'Recipe' })).toEqual(['unknown @type "Recipe"']);
  });
});
