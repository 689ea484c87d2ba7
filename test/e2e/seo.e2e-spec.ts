import request from 'supertest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

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
});
