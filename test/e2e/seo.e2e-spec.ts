import request from 'supertest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

/** A parsed JSON-LD node: its shape is what the tests check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonLdNode = Record<string, any>;

/**
 * Found by search engines (issue 14): robots.txt and the sitemaps of both Swiss hosts, canonical and
 * robots meta per page type, and the JSON-LD of every page type.
 */
const HOSTS = [FR, DE];
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** URLs requested per sitemap file (every URL of the small ones; a sample of the large ones). */
const SAMPLE_PER_FILE = 20;

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
    it.each([
      [FR, '/resultats'],
      [DE, '/ergebnisse'],
    ])('%s: crawl traps closed and the host sitemap index named', async (host, results) => {
      const res = await request(t.server).get('/robots.txt').set('Host', host);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toMatch(/public/);
      const lines = res.text.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const rule of [`${results}$`, `${results}/`, '/*?', '/preview/', '/api/'])
        expect(lines).toContain(`Disallow: ${rule}`);
      expect(lines).toContain(`Sitemap: http://${host}/sitemap.xml`);
      // Replayed from the page cache with the same type and body.
      const again = await request(t.server).get('/robots.txt').set('Host', host);
      expect(again.headers['content-type']).toMatch(/^text\/plain/);
      expect(again.text).toBe(res.text);
    });
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

    it.each(HOSTS)(
      '%s: the URLs listed answer 200 (all types, sampled)',
      async (host) => {
        const failures: string[] = [];
        for (const entries of sitemaps.get(host)!.values()) {
          const step = Math.max(1, Math.floor(entries.length / SAMPLE_PER_FILE));
          for (let i = 0; i < entries.length; i += step) {
            const url = new URL(entries[i].loc);
            const res = await request(t.server).get(url.pathname).set('Host', url.host).redirects(0);
            if (res.status !== 200) failures.push(`${res.status} ${entries[i].loc}`);
          }
        }
        expect(failures).toEqual([]);
      },
      300000,
    );

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

    it('products and editorial pages carry their last modification date', () => {
      const products = sitemaps.get(FR)!.get(`http://${FR}/sitemap-products.xml`)!;
      expect(products.every((e) => /^\d{4}-\d{2}-\d{2}$/.test(e.lastmod ?? ''))).toBe(true);
    });

    it('a sitemap part past the last is 404; an unknown sitemap name falls through to the pages', async () => {
      expect((await request(t.server).get('/sitemap-products-2.xml').set('Host', FR)).status).toBe(404);
      expect((await request(t.server).get('/sitemap-nothing.xml').set('Host', FR)).status).toBe(404);
    });

    it('reports the counts per host and type', () => {
      const counts = HOSTS.map((host) =>
        [host, ...[...sitemaps.get(host)!].map(([loc, e]) => `${new URL(loc).pathname}=${e.length}`)].join(' '),
      );
      console.log(`sitemap counts:\n${counts.join('\n')}`);
      expect(counts.length).toBe(2);
    });
  });

  describe('canonical and robots meta per page type', () => {
    const head = async (path: string, host = FR) => {
      const res = await request(t.server).get(path).set('Host', host);
      return {
        status: res.status,
        text: res.text,
        canonical: /<link rel="canonical" href="([^"]+)">/.exec(res.text)?.[1] ?? null,
        robots: /<meta name="robots" content="([^"]+)">/.exec(res.text)?.[1] ?? null,
      };
    };

    it.each(HOSTS)(
      '%s: the first URL of every sitemap is indexable and its own canonical',
      async (host) => {
        for (const [file, entries] of sitemaps.get(host)!) {
          const url = new URL(entries[0].loc);
          const page = await head(url.pathname, host);
          expect({ file, status: page.status, canonical: page.canonical, robots: page.robots }).toEqual({
            file,
            status: 200,
            canonical: entries[0].loc,
            robots: null,
          });
        }
      },
      120000,
    );

    it('product lists: one filter is indexable, two filters or a sort are noindex, follow', async () => {
      const list = await head('/produits');
      const one = /href="(\/produits\/-[a-z_]+--[a-z0-9_-]+)"/.exec(list.text)?.[1];
      expect(one).toBeDefined();
      const oneFilter = await head(one!);
      expect(oneFilter.robots).toBeNull();
      expect(oneFilter.canonical).toBe(`http://${FR}/produits`);
      const two = new RegExp(`href="(${one!.replace(/[-/]/g, '\\$&')}/-[a-z_]+--[a-z0-9_-]+)"`).exec(
        oneFilter.text,
      )?.[1];
      expect(two).toBeDefined();
      expect((await head(two!)).robots).toBe('noindex, follow');
      const sorted = await head('/produits?sort=asc_price');
      expect(sorted.robots).toBe('noindex, follow');
      expect(sorted.canonical).toBe(`http://${FR}/produits`);
    });

    it('search results are noindex, follow; error pages noindex without canonical', async () => {
      expect((await head('/resultats/-r--magnesium')).robots).toBe('noindex, follow');
      expect((await head('/ergebnisse/-r--magnesium', DE)).robots).toBe('noindex, follow');
      const missing = await head('/cette-page-nexiste-pas-du-tout');
      expect(missing.status).toBe(404);
      expect(missing.robots).toBe('noindex');
      expect(missing.canonical).toBeNull();
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
      const article = ofType(await jsonLd(first(FR, type)), 'Article')!;
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
