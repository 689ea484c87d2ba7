import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildPath, resolvePath, type Locale } from '../../contracts/route-table';
import { pageHref } from '../../src/modules/cms';
import { SeoRepository } from '../../src/modules/seo/seo.repository';
import { SitemapService } from '../../src/modules/seo/sitemap.service';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

/** A parsed JSON-LD node: its shape is what the tests check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonLdNode = Record<string, any>;

/**
 * Found by search engines (issue 14): robots.txt and the sitemaps of both Swiss hosts (their form,
 * alternates, lastmod, split and streaming), and the JSON-LD of every page type. Which pages are
 * listed, and their canonical URL and robots meta: seo-indexing.e2e-spec.ts.
 */
const HOSTS = [FR, DE];
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name),
});

interface Entry {
  loc: string;
  lastmod?: string;
  links: Array<{ hreflang: string; href: string }>;
}

function parseXml(text: string): Record<string, unknown> {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text) as Record<string, unknown>;
}

describe('seo (e2e)', () => {
  let t: TestApp;
  /** host -> sitemap file URL -> entries. */
  const sitemaps = new Map<string, Map<string, Entry[]>>();

  beforeAll(async () => {
    t = await startTestApp();
    for (const host of HOSTS) {
      const files = new Map<string, Entry[]>();
      const index = await request(t.server).get('/sitemap.xml').set('Host', host);
      const doc = parseXml(index.text) as { sitemapindex: { sitemap: Array<{ loc: string }> } };
      for (const { loc } of doc.sitemapindex.sitemap) {
        const res = await request(t.server).get(new URL(loc).pathname).set('Host', host);
        expect({ loc, status: res.status }).toEqual({ loc, status: 200 });
        const set = (parseXml(res.text) as { urlset: { url?: Array<Record<string, unknown>> } }).urlset;
        files.set(
          loc,
          (set.url ?? []).map((u) => ({
            loc: u.loc as string,
            lastmod: u.lastmod as string | undefined,
            links: ((u['xhtml:link'] as Array<Record<string, string>>) ?? []).map((l) => ({
              hreflang: l['@hreflang'],
              href: l['@href'],
            })),
          })),
        );
      }
      sitemaps.set(host, files);
    }
  }, 180000);
  afterAll(async () => t?.app.close());

  const entriesOf = (host: string) => [...sitemaps.get(host)!.values()].flat();

  describe('robots.txt', () => {
    it.each(HOSTS)(
      '%s: only the API closed (noindex pages must be read), the host sitemap index named',
      async (host) => {
        const res = await request(t.server).get('/robots.txt').set('Host', host);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.headers['cache-control']).toMatch(/public/);
        // Search results, filtered lists, previews and the login page say noindex themselves.
        expect(res.text).toBe(`User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: http://${host}/sitemap.xml\n`);
        // Replayed from the page cache with the same type and body.
        const again = await request(t.server).get('/robots.txt').set('Host', host);
        expect(again.headers['content-type']).toMatch(/^text\/plain/);
        expect(again.text).toBe(res.text);
      },
    );
  });

  describe('sitemaps', () => {
    it.each(HOSTS)('%s: the index and every sitemap use the sitemap and xhtml namespaces', async (host) => {
      const index = await request(t.server).get('/sitemap.xml').set('Host', host);
      expect(index.headers['content-type']).toMatch(/^application\/xml/);
      expect(index.text).toContain(`<sitemapindex xmlns="${SITEMAP_NS}">`);
      const files = [...sitemaps.get(host)!.keys()].map((loc) => new URL(loc).pathname).sort();
      expect(files).toEqual(
        [
          '/sitemap-advice.xml',
          '/sitemap-brands.xml',
          '/sitemap-innovation.xml',
          '/sitemap-needs.xml',
          '/sitemap-pages.xml',
          '/sitemap-pharmacies.xml',
          '/sitemap-products.xml',
        ].sort(),
      );
      for (const file of files) {
        const res = await request(t.server).get(file).set('Host', host);
        expect(res.headers['content-type']).toMatch(/^application\/xml/);
        expect(res.text).toContain(`<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">`);
      }
      for (const [loc, entries] of sitemaps.get(host)!)
        expect({ loc, n: entries.length > 0 }).toEqual({ loc, n: true });
      for (const entry of entriesOf(host)) expect(new URL(entry.loc).host).toBe(host);
    });

    it.each(HOSTS)('%s: every URL appears once', (host) => {
      const locs = entriesOf(host).map((e) => e.loc);
      const twice = locs.filter((loc, i) => locs.indexOf(loc) !== i);
      expect(twice).toEqual([]);
    });

    it.each(HOSTS)('%s: each URL lists itself, its twins and x-default, and the twins list it back', (host) => {
      const other = host === FR ? DE : FR;
      const there = new Map(entriesOf(other).map((e) => [e.loc, e]));
      const problems: string[] = [];
      for (const entry of entriesOf(host)) {
        const self = entry.links.find((l) => l.href === entry.loc);
        if (!self) problems.push(`${entry.loc}: not among its own alternates`);
        if (!entry.links.some((l) => l.hreflang === 'x-default')) problems.push(`${entry.loc}: no x-default`);
        for (const link of entry.links) {
          if (link.hreflang === 'x-default' || new URL(link.href).host === host) continue;
          const twin = there.get(link.href);
          if (!twin) problems.push(`${entry.loc}: twin ${link.href} not in the ${other} sitemaps`);
          else if (!twin.links.some((l) => l.href === entry.loc))
            problems.push(`${link.href} does not list ${entry.loc}`);
        }
      }
      expect(problems).toEqual([]);
      expect(entriesOf(host).filter((e) => e.links.length >= 3).length).toBeGreaterThan(10);
    });

    it.each([
      [FR, 'fr'],
      [DE, 'de'],
    ] as Array<[string, Locale]>)(
      '%s: products and editorial pages of every type carry their last modification date; lists and fixed pages none',
      async (host, locale) => {
        const day = (date: Date) => date.toISOString().slice(0, 10);
        const dated = new Map<string, string>();
        const products = await t.db
          .selectFrom('product as p')
          .innerJoin('product_translation as pt', 'pt.product_id', 'p.id')
          .select(['pt.slug', 'p.updated_at'])
          .where('pt.locale', '=', locale)
          .execute();
        for (const p of products) dated.set(buildPath('product', locale, { slug: p.slug }), day(p.updated_at));
        const pages = await t.db
          .selectFrom('page as p')
          .innerJoin('page_translation as pt', 'pt.page_id', 'p.id')
          .select(['pt.route', 'pt.slug', 'p.updated_at'])
          .where('pt.locale', '=', locale)
          .execute();
        for (const p of pages) dated.set(pageHref(p.route, p.slug, locale), day(p.updated_at));
        const problems: string[] = [];
        const seen = new Map<string, number>();
        for (const entry of entriesOf(host)) {
          const path = new URL(entry.loc).pathname;
          const route = resolvePath(locale, path)!.name;
          // Pharmacies get theirs with the write API (store.updated_at).
          if (route === 'store') continue;
          const expected = dated.get(path);
          if (entry.lastmod !== expected) problems.push(`${route} ${path}: ${entry.lastmod} ≠ ${expected}`);
          if (expected) seen.set(route, (seen.get(route) ?? 0) + 1);
        }
        expect(problems).toEqual([]);
        // Dated entries of every content type: products, editorial pages of each kind, needs, brands.
        expect([...seen.keys()].sort()).toEqual(
          ['advice', 'brand', 'brandCorner', 'cmsPage', 'faq', 'innovation', 'need', 'product'].sort(),
        );
      },
    );

    it('a sitemap part past the last is 404; an unknown sitemap name falls through to the pages', async () => {
      expect((await request(t.server).get('/sitemap-products-2.xml').set('Host', FR)).status).toBe(404);
      expect((await request(t.server).get('/sitemap-nothing.xml').set('Host', FR)).status).toBe(404);
    });

    it('stops reading rows when the client leaves a sitemap being streamed', async () => {
      const repository = t.app.get(SeoRepository);
      const service = t.app.get(SitemapService);
      // 50,000 pharmacies (about 17 MB of XML): far more than the sockets' buffers hold.
      const total = 50_000;
      const reads: number[] = [];
      const spies: Array<{ mockRestore(): void }> = [
        jest.spyOn(repository, 'countStores').mockResolvedValue(total),
        jest.spyOn(repository, 'storeKeyAt').mockResolvedValue(0),
        jest.spyOn(repository, 'stores').mockImplementation((after, limit) => {
          reads.push(after);
          return Promise.resolve(
            Array.from({ length: limit }, (_, i) => ({ id: after + i + 1, slug: `p-${after + i}` })),
          );
        }),
      ];
      let closed!: () => void;
      const generatorClosed = new Promise<void>((resolve) => (closed = resolve));
      const sitemap = service.sitemap.bind(service);
      spies.push(
        jest.spyOn(service, 'sitemap').mockImplementation(async (...args) => {
          const parts = await sitemap(...args);
          return (
            parts &&
            (async function* watched() {
              try {
                yield* parts;
              } finally {
                closed();
              }
            })()
          );
        }),
      );
      try {
        const server: Server = t.server.listening
          ? t.server
          : await new Promise<Server>((resolve) => t.server.listen(0, '127.0.0.1', () => resolve(t.server)));
        const { port } = server.address() as AddressInfo;
        // The query keeps the page cache out of it (it holds the real 2,000-pharmacy sitemap).
        const firstBytes = await new Promise<string>((resolve, reject) => {
          const req = httpRequest(
            { host: '127.0.0.1', port, path: '/sitemap-pharmacies.xml?leave=1', headers: { Host: FR } },
            (res) => {
              res.once('data', (chunk: Buffer) => {
                req.destroy();
                resolve(chunk.toString('utf8'));
              });
            },
          );
          req.on('error', reject);
          req.end();
        });
        expect(firstBytes).toContain('<urlset');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          generatorClosed,
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error('the sitemap was still being written 10 s after the client left')),
              10000,
            );
          }),
        ]).finally(() => clearTimeout(timer));
        // A few batches were read (the sockets' buffers), not the 50 of the whole file.
        expect(reads.length).toBeGreaterThan(0);
        expect(reads.length).toBeLessThan(total / 1000 / 2);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    });

    it('reports the counts per host and type', () => {
      const counts = HOSTS.map((host) =>
        [host, ...[...sitemaps.get(host)!].map(([loc, e]) => `${new URL(loc).pathname}=${e.length}`)].join(' '),
      );
      console.log(`sitemap counts:\n${counts.join('\n')}`);
      expect(counts.length).toBe(2);
    });
  });

  describe('JSON-LD', () => {
    const jsonLd = async (path: string, host = FR): Promise<Array<JsonLdNode>> => {
      const res = await request(t.server).get(path).set('Host', host);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      return [...res.text.matchAll(/<script type="application\/ld\+json" nonce="[^"]+">([\s\S]*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]) as JsonLdNode,
      );
    };
    const ofType = (items: Array<JsonLdNode>, type: string) => items.find((i) => i['@type'] === type);
    const first = (host: string, type: string, match?: RegExp) =>
      new URL(
        sitemaps
          .get(host)!
          .get(`http://${host}/sitemap-${type}.xml`)!
          .find((e) => !match || match.test(e.loc))!.loc,
      ).pathname;

    it.each(HOSTS)('%s home: WebSite with a SearchAction to the results route, and Organization', async (host) => {
      const items = await jsonLd('/', host);
      const site = ofType(items, 'WebSite')!;
      expect(site['@context']).toBe('https://schema.org');
      expect(site.url).toBe(`http://${host}/`);
      expect(site.potentialAction['@type']).toBe('SearchAction');
      const template: string = site.potentialAction.target.urlTemplate;
      expect(template).toBe(`http://${host}${host === FR ? '/resultats' : '/ergebnisse'}/-r--{search_term_string}`);
      expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
      // The template, filled in, is a results page.
      const filled = new URL(template.replace('{search_term_string}', 'magnesium'));
      expect((await request(t.server).get(filled.pathname).set('Host', host)).status).toBe(200);
      const org = ofType(items, 'Organization')!;
      expect(org.name).toBeTruthy();
      expect(org.url).toBe(`http://${host}/`);
      expect(org.logo).toMatch(/^http:\/\//);
      expect(ofType(items, 'BreadcrumbList')).toBeUndefined();
    });

    it('product page: Product; product FAQ page: FAQPage with questions and answers', async () => {
      const product = first(FR, 'products');
      const items = await jsonLd(product);
      const p = ofType(items, 'Product')!;
      expect(p.name).toBeTruthy();
      expect(ofType(items, 'BreadcrumbList')!.itemListElement.length).toBeGreaterThan(1);
      // A product with questions: its FAQ page.
      const faqRow = await t.db
        .selectFrom('product_faq as f')
        .innerJoin('product_translation as tr', (j) =>
          j.onRef('tr.product_id', '=', 'f.product_id').on('tr.locale', '=', 'fr'),
        )
        .select(['tr.slug'])
        .where('f.locale', '=', 'fr')
        .executeTakeFirst();
      expect(faqRow).toBeDefined();
      const faq = ofType(await jsonLd(`/produit/${faqRow!.slug}/questions-reponses`), 'FAQPage')!;
      expect(faq.mainEntity.length).toBeGreaterThan(0);
      for (const q of faq.mainEntity) {
        expect(q['@type']).toBe('Question');
        expect(q.name).toBeTruthy();
        expect(q.acceptedAnswer['@type']).toBe('Answer');
        expect(q.acceptedAnswer.text).toBeTruthy();
      }
    });

    it('brand pages with questions carry FAQPage', async () => {
      const brands = sitemaps
        .get(FR)!
        .get(`http://${FR}/sitemap-brands.xml`)!
        .filter((e) => e.loc.includes('/marque/'));
      let withFaq = 0;
      for (const e of brands) {
        const faq = ofType(await jsonLd(new URL(e.loc).pathname), 'FAQPage');
        if (!faq) continue;
        withFaq += 1;
        expect(faq.mainEntity[0].acceptedAnswer.text).toBeTruthy();
      }
      expect(withFaq).toBeGreaterThan(0);
    });

    it.each(['advice', 'innovation'])('%s page: Article with headline, image, dates and publisher', async (type) => {
      // The first article (the list's pages come first in the sitemap).
      const article = ofType(await jsonLd(first(FR, type, /\/(conseil|qualite-innovation)\//)), 'Article')!;
      expect(article.headline.length).toBeLessThanOrEqual(110);
      expect(article.image[0]).toMatch(/^http:\/\//);
      expect(article.dateModified).toBeTruthy();
      expect(article.author.name).toBeTruthy();
      expect(article.publisher.name).toBeTruthy();
      expect(article.mainEntityOfPage).toMatch(/^http:\/\//);
    });

    it('pharmacy page: Pharmacy with address and coordinates', async () => {
      const pharmacy = ofType(await jsonLd(first(DE, 'pharmacies'), DE), 'Pharmacy')!;
      expect(pharmacy.name).toBeTruthy();
      expect(pharmacy.address['@type']).toBe('PostalAddress');
      expect(pharmacy.address.postalCode).toBeTruthy();
      expect(typeof pharmacy.geo.latitude).toBe('number');
    });

    it('content cannot break out of the script element (</script>, <!--, U+2028, U+2029)', async () => {
      const hostile = 'Q </script><script>alert(1)</script> <!-- x \u2028 y \u2029 z';
      const row = await t.db
        .selectFrom('product_faq')
        .select(['id', 'product_id'])
        .where('locale', '=', 'fr')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('product_faq').set({ question: hostile }).where('id', '=', row.id).execute();
      const { slug } = await t.db
        .selectFrom('product_translation')
        .select('slug')
        .where('product_id', '=', row.product_id)
        .where('locale', '=', 'fr')
        .executeTakeFirstOrThrow();
      const res = await request(t.server).get(`/produit/${slug}/questions-reponses?fresh=1`).set('Host', FR);
      expect(res.status).toBe(200);
      const scripts = [...res.text.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1],
      );
      const faq = scripts.map((s) => JSON.parse(s) as JsonLdNode).find((i) => i['@type'] === 'FAQPage')!;
      expect(faq.mainEntity.map((q: { name: string }) => q.name)).toContain(hostile);
      for (const body of scripts) expect(body).not.toMatch(/<|\u2028|\u2029/);
      expect(res.text).not.toContain('<script>alert(1)');
    });
  });
});
