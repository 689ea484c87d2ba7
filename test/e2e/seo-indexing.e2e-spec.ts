import { Controller, Get, Module, UnauthorizedException } from '@nestjs/common';
import request from 'supertest';
import { XMLParser } from 'fast-xml-parser';
import { INDEXABLE_FILTERS, pairsToSelection, selectionToPairs } from '../../contracts/filters';
import { buildPath, resolvePath, type ListingTail, type Locale, type RouteName } from '../../contracts/route-table';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { signedInEditor } from '../support/editor';

/**
 * Which pages are for search engines, and do the sitemaps, the robots meta, the canonical URLs and
 * robots.txt agree (issue 14 "Found by search engines"; docs/architecture.md "Search engines")?
 *
 * - every URL of a host's sitemaps answers 200, indexable, its own canonical URL, with the sitemap's
 *   alternates as its hreflang links (every URL but the pharmacies, of which a sample);
 * - a crawl from the home page finds no indexable page (its own canonical, no robots meta) missing
 *   from the sitemaps or listed twice;
 * - each page type has the canonical URL and robots meta of the rules, and robots.txt lets crawlers
 *   read every one (a `noindex` behind a Disallow is never seen).
 */
const HOSTS: Array<[string, Locale]> = [
  [FR, 'fr'],
  [DE, 'de'],
];
/** Pharmacy pages requested per host (2,000 of them take about 45 s per host: every 50th). */
const PHARMACY_SAMPLE = 40;
/** Pages fetched per page shape (route, parameters, query names) beyond those the sitemaps list. */
const CRAWL_PER_SHAPE = 3;
const CRAWL_MAX = 900;

const NOINDEX_FOLLOW = 'noindex, follow';
/** The page's own URL (without query) as its canonical URL. */
const SELF = Symbol('self');

@Controller('__seo')
class FailingController {
  @Get('unauthorized')
  unauthorized(): never {
    throw new UnauthorizedException();
  }

  @Get('failure')
  failure(): never {
    throw new Error('failure');
  }
}
@Module({ controllers: [FailingController] })
class FailingModule {}

interface Head {
  status: number;
  canonical: string | null;
  robots: string | null;
  /** "hreflang url", sorted. */
  hreflang: string[];
  links: string[];
}

interface SitemapEntry {
  loc: string;
  lastmod?: string;
  alternates: string[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name),
});

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

function readHead(status: number, html: string): Head {
  const headHtml = html.slice(0, html.indexOf('</head>') + 1 || undefined);
  return {
    status,
    canonical: /<link rel="canonical" href="([^"]+)">/.exec(headHtml)?.[1] ?? null,
    robots: /<meta name="robots" content="([^"]+)">/.exec(headHtml)?.[1] ?? null,
    hreflang: [...headHtml.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)]
      .map((m) => `${m[1]} ${decode(m[2])}`)
      .sort(),
    links: [...html.matchAll(/<a\b[^>]*\bhref="(\/[^"#]*)/g)].map((m) => decode(m[1])),
  };
}

/**
 * Whether robots.txt lets every crawler (`User-agent: *`) fetch a path: the longest matching rule
 * wins, Allow on a tie; `*` is any run of characters and `$` the end (RFC 9309, Google's reading).
 */
function crawlable(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } | null = null;
  for (const line of robots.split('\n')) {
    const m = /^(Allow|Disallow):\s*(\S*)/.exec(line);
    if (!m || !m[2]) continue;
    const source = m[2]
      .split('')
      .map((c, i, all) =>
        c === '*' ? '.*' : c === '$' && i === all.length - 1 ? '$' : c.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'),
      )
      .join('');
    if (!new RegExp(`^${source}`).test(path)) continue;
    const allow = m[1] === 'Allow';
    if (!best || m[2].length > best.length || (m[2].length === best.length && allow))
      best = { length: m[2].length, allow };
  }
  return best?.allow ?? true;
}

describe('seo: indexable pages, sitemaps, canonical and robots (e2e)', () => {
  let t: TestApp;
  /** host -> sitemap URL -> entries (every sitemap file of the host's index). */
  const sitemaps = new Map<string, Map<string, SitemapEntry[]>>();
  /** host + path -> head of the page, fetched once. */
  const heads = new Map<string, Head>();

  async function head(host: string, path: string, cookie?: string): Promise<Head> {
    const key = `${host}${path}`;
    const known = cookie ? undefined : heads.get(key);
    if (known) return known;
    const req = request(t.server).get(path).set('Host', host).redirects(0);
    const res = cookie ? await req.set('Cookie', cookie) : await req;
    const html = /text\/html/.test(String(res.headers['content-type'])) ? res.text : '';
    const result = readHead(res.status, html);
    if (!cookie) heads.set(key, result);
    return result;
  }

  beforeAll(async () => {
    t = await startTestApp({}, { imports: [FailingModule] });
    // Listening once: supertest would otherwise open and close the server around each of ~1,500 requests.
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    for (const [host] of HOSTS) {
      const files = new Map<string, SitemapEntry[]>();
      const index = await request(t.server).get('/sitemap.xml').set('Host', host);
      const doc = parser.parse(index.text) as { sitemapindex: { sitemap: Array<{ loc: string }> } };
      for (const { loc } of doc.sitemapindex.sitemap) {
        const res = await request(t.server).get(new URL(loc).pathname).set('Host', host);
        const set = (parser.parse(res.text) as { urlset: { url?: Array<Record<string, unknown>> } }).urlset;
        files.set(
          loc,
          (set.url ?? []).map((u) => ({
            loc: u.loc as string,
            lastmod: u.lastmod as string | undefined,
            alternates: ((u['xhtml:link'] as Array<Record<string, string>>) ?? [])
              .map((l) => `${l['@hreflang']} ${l['@href']}`)
              .sort(),
          })),
        );
      }
      sitemaps.set(host, files);
    }
  }, 120000);
  afterAll(async () => t?.app.close());

  const entriesOf = (host: string) => [...sitemaps.get(host)!.values()].flat();
  const listed = (host: string) => {
    const counts = new Map<string, number>();
    for (const e of entriesOf(host)) counts.set(e.loc, (counts.get(e.loc) ?? 0) + 1);
    return counts;
  };
  const isPharmacy = (locale: Locale, loc: string) => resolvePath(locale, new URL(loc).pathname)?.name === 'store';

  it.each(HOSTS)(
    '%s: every sitemap URL answers 200, indexable, its own canonical, with the sitemap alternates as hreflang',
    async (host, locale) => {
      const started = Date.now();
      const entries = entriesOf(host);
      const pharmacies = entries.filter((e) => isPharmacy(locale, e.loc));
      const step = Math.max(1, Math.floor(pharmacies.length / PHARMACY_SAMPLE));
      const sample = new Set(pharmacies.filter((_, i) => i % step === 0));
      const problems: string[] = [];
      let requested = 0;
      for (const entry of entries) {
        if (isPharmacy(locale, entry.loc) && !sample.has(entry)) continue;
        const url = new URL(entry.loc);
        expect(url.host).toBe(host);
        const page = await head(host, url.pathname);
        requested += 1;
        const seen = { status: page.status, robots: page.robots, canonical: page.canonical };
        const expected = { status: 200, robots: null, canonical: entry.loc };
        if (JSON.stringify(seen) !== JSON.stringify(expected)) problems.push(`${entry.loc}: ${JSON.stringify(seen)}`);
        else if (JSON.stringify(page.hreflang) !== JSON.stringify(entry.alternates))
          problems.push(`${entry.loc}: hreflang ${page.hreflang.join(', ')} ≠ sitemap ${entry.alternates.join(', ')}`);
      }
      expect(problems).toEqual([]);
      // Every page type with content is there (the lists with their pages and single filters too).
      const routes = new Set(entries.map((e) => resolvePath(locale, new URL(e.loc).pathname)?.name));
      for (const name of [
        'home',
        'product',
        'productFaq',
        'productList',
        'brands',
        'brand',
        'brandCorner',
        'needs',
        'need',
        'adviceList',
        'advice',
        'innovationList',
        'innovation',
        'storeFinder',
        'store',
        'whoCanGiveYouAdvice',
        'contact',
        'newsletter',
        'faq',
        'cmsPage',
      ] satisfies RouteName[])
        expect({ name, listed: routes.has(name) }).toEqual({ name, listed: true });
      console.log(
        `${host}: ${entries.length} sitemap URLs, ${requested} requested (${sample.size} of ${pharmacies.length} pharmacies) in ${Date.now() - started} ms`,
      );
    },
    600000,
  );

  /** A page's shape: its route, which parameters it has (filters counted 0, 1, 2+) and its query names. */
  function shape(locale: Locale, path: string): string {
    const [pathname, query = ''] = path.split('?');
    const route = resolvePath(locale, pathname);
    if (!route) return `? ${pathname.split('/')[1] ?? ''}`;
    const params = Object.entries(route.params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => {
        if (typeof v !== 'object') return k;
        const tail = v as ListingTail;
        return `${k}(${[tail.expertise && 'e', tail.text && 't', tail.page && 'p', `f${Math.min(tail.filters.length, 2)}`].filter(Boolean).join('')})`;
      });
    return [route.name, ...params, ...[...new URLSearchParams(query).keys()].sort().map((k) => `?${k}`)].join(' ');
  }

  it.each(HOSTS)(
    '%s: a crawl from the home page finds every indexable page in the sitemaps, once',
    async (host, locale) => {
      const started = Date.now();
      const inSitemaps = listed(host);
      const perShape = new Map<string, number>();
      const visited = new Set<string>();
      const queue = ['/'];
      const problems: string[] = [];
      let crawled = 0;
      while (queue.length && crawled < CRAWL_MAX) {
        const path = queue.shift()!;
        if (visited.has(path)) continue;
        visited.add(path);
        // Pages the sitemaps list were read already; others count against their shape's budget.
        if (!heads.has(`${host}${path}`)) {
          const key = shape(locale, path);
          const n = perShape.get(key) ?? 0;
          if (n >= CRAWL_PER_SHAPE) continue;
          perShape.set(key, n + 1);
        }
        const page = await head(host, path);
        crawled += 1;
        const self = `http://${host}${path}`;
        if (page.status === 200 && page.robots === null && page.canonical === self && inSitemaps.get(self) !== 1)
          problems.push(`${path}: indexable, its own canonical, listed ${inSitemaps.get(self) ?? 0} times`);
        if (page.status !== 200) continue;
        for (const link of page.links)
          if (!visited.has(link) && !/^\/(media|documents|assets|api)\//.test(link)) queue.push(link);
      }
      expect(problems).toEqual([]);
      // The crawl reached every kind of page a visitor can follow a link to.
      const shapes = new Set([...visited].map((p) => shape(locale, p).split(' ')[0]));
      for (const name of [
        'product',
        'productFaq',
        'productList',
        'brand',
        'brandCorner',
        'need',
        'adviceList',
        'advice',
        'innovationList',
        'innovation',
        'cmsPage',
        'newsletter',
        'contact',
      ] satisfies RouteName[])
        expect({ name, crawled: shapes.has(name) }).toEqual({ name, crawled: true });
      console.log(
        `${host}: crawled ${crawled} pages (${visited.size} links seen, ${perShape.size} shapes outside the sitemaps) in ${Date.now() - started} ms`,
      );
    },
    600000,
  );

  describe('canonical and robots meta per page type', () => {
    interface Row {
      type: string;
      path: string;
      status?: number;
      robots: string | null;
      /** SELF, a path of the host, or null (no canonical link). */
      canonical: typeof SELF | string | null;
      cookie?: string;
    }

    async function rows(host: string, locale: Locale): Promise<Row[]> {
      const routed = entriesOf(host).map((e) => {
        const path = new URL(e.loc).pathname;
        return { path, route: resolvePath(locale, path)! };
      });
      const first = (what: string, test: (name: RouteName, params: Record<string, unknown>) => boolean) => {
        const hit = routed.find((r) => test(r.route.name, r.route.params));
        if (!hit) throw new Error(`${host}: no ${what} in the sitemaps`);
        return hit.path;
      };
      const tail = (p: Record<string, unknown>) => p.tail as ListingTail;
      const indexable = (type: string, path: string): Row => ({ type, path, robots: null, canonical: SELF });
      const db = t.db;
      const noFaq = await db
        .selectFrom('product_translation as pt')
        .innerJoin('product as p', 'p.id', 'pt.product_id')
        .select('pt.slug')
        .where('pt.locale', '=', locale)
        .where('p.published', '=', true)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('product_faq as f')
                .select('f.id')
                .whereRef('f.product_id', '=', 'pt.product_id')
                .where('f.locale', '=', locale),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
      // A list of one product by an indexable filter (the site's shop: the host's subdomain).
      const single = await db
        .selectFrom('facet_summary as f')
        .innerJoin('sales_plan as sp', 'sp.id', 'f.sales_plan_id')
        .innerJoin('shop_language as sl', (j) =>
          j.onRef('sl.shop_id', '=', 'sp.shop_id').onRef('sl.locale', '=', 'f.locale'),
        )
        .select(['f.name', 'f.value'])
        .where('sl.subdomain', '=', host.split('.')[0])
        .where('f.locale', '=', locale)
        .where('f.category_id', '=', 0)
        .where('f.free_included', '=', false)
        .where('f.count', '=', 1)
        .where('f.name', 'in', INDEXABLE_FILTERS)
        .executeTakeFirstOrThrow();
      const reference = await db
        .selectFrom('product')
        .select('reference')
        .where('published', '=', true)
        .executeTakeFirstOrThrow();
      // An advice with both an expertise and a need: the list by both exists.
      const both = await db
        .selectFrom('page as p')
        .innerJoin('category_translation as ct', (j) =>
          j.onRef('ct.category_id', '=', 'p.expertise_id').on('ct.locale', '=', locale),
        )
        .innerJoin('need_translation as nt', (j) =>
          j.onRef('nt.need_id', '=', 'p.need_id').on('nt.locale', '=', locale),
        )
        .select(['ct.slug as category', 'nt.slug as need'])
        .where('p.type', '=', 'advice')
        .where('p.published', '=', true)
        .executeTakeFirstOrThrow();
      const catchAll = async (key: string) =>
        await db
          .selectFrom('page as p')
          .innerJoin('page_translation as pt', (j) => j.onRef('pt.page_id', '=', 'p.id').on('pt.locale', '=', locale))
          .select(['p.id', 'pt.slug'])
          .where('p.key', '=', key)
          .executeTakeFirstOrThrow();
      const about = await catchAll('cms-about');
      const legal = await catchAll('cms-legal-notice');
      const news = await db
        .selectFrom('page as p')
        .innerJoin('page_translation as pt', (j) => j.onRef('pt.page_id', '=', 'p.id').on('pt.locale', '=', locale))
        .select('pt.slug')
        .where('p.type', '=', 'actualite')
        .where('p.published', '=', true)
        .executeTakeFirstOrThrow();
      const editor = await signedInEditor(t, host, locale);

      const list = buildPath('productList', locale);
      const oneFilter = first(
        'list with one filter',
        (n, p) => n === 'productList' && !tail(p).expertise && tail(p).filters.length === 1,
      );
      const filterOf = (path: string) => (resolvePath(locale, path)!.params.tail as ListingTail).filters[0];
      const a = filterOf(oneFilter);
      const b = filterOf(
        first(
          'list with a filter of another kind',
          (n, p) =>
            n === 'productList' &&
            !tail(p).expertise &&
            tail(p).filters.length === 1 &&
            tail(p).filters[0].name !== a.name,
        ),
      );
      // The site writes filters in the order of contracts/filters.ts; the reverse is the same list.
      const siteOrder = selectionToPairs(pairsToSelection([a, b])!);
      const twoFilters = (pairs: Array<{ name: string; value: string }>) =>
        buildPath('productList', locale, { tail: { filters: pairs } });
      const advice = buildPath('adviceList', locale);
      const innovation = buildPath('innovationList', locale);
      const finder = buildPath('storeFinder', locale);
      const adviceFinder = buildPath('whoCanGiveYouAdvice', locale);
      const results = buildPath('results', locale);
      const town = locale === 'fr' ? 'Lausanne' : 'Bern';

      return [
        indexable('home', '/'),
        indexable(
          'product',
          first('product', (n) => n === 'product'),
        ),
        indexable(
          'product FAQ with questions',
          first('product FAQ', (n) => n === 'productFaq'),
        ),
        {
          type: 'product FAQ without questions',
          path: buildPath('productFaq', locale, { slug: noFaq.slug }),
          robots: NOINDEX_FOLLOW,
          canonical: SELF,
        },
        indexable('product list', list),
        indexable(
          'product list, page 2',
          first('list page 2', (n, p) => n === 'productList' && !tail(p).expertise && tail(p).page === 2),
        ),
        indexable(
          'category list',
          first('category list', (n, p) => n === 'productList' && !!tail(p).expertise && !tail(p).filters.length),
        ),
        indexable(
          'category list with one filter',
          first(
            'category list with a filter',
            (n, p) => n === 'productList' && !!tail(p).expertise && tail(p).filters.length === 1,
          ),
        ),
        indexable('list with one indexable filter', oneFilter),
        {
          type: 'list with one indexable filter and one product',
          path: buildPath('productList', locale, { tail: { filters: [single] } }),
          robots: NOINDEX_FOLLOW,
          canonical: SELF,
        },
        {
          type: 'list with one other filter (a product reference)',
          path: buildPath('productList', locale, {
            tail: { filters: [{ name: 'products', value: reference.reference.toLowerCase() }] },
          }),
          robots: NOINDEX_FOLLOW,
          canonical: SELF,
        },
        // Written in the other order: the canonical URL is the site's own order.
        {
          type: 'list with two filters',
          path: twoFilters(siteOrder),
          robots: NOINDEX_FOLLOW,
          canonical: SELF,
        },
        {
          type: 'list with two filters in another order',
          path: twoFilters([...siteOrder].reverse()),
          robots: NOINDEX_FOLLOW,
          canonical: twoFilters(siteOrder),
        },
        { type: 'sorted list', path: `${oneFilter}?sort=asc_price`, robots: NOINDEX_FOLLOW, canonical: oneFilter },
        { type: 'list by price', path: `${list}?price_min=5`, robots: NOINDEX_FOLLOW, canonical: list },
        { type: 'list displayed in rows', path: `${list}?display=horizontal`, robots: null, canonical: list },
        { type: 'list page 1 written out', path: `${list}/-p--1`, robots: null, canonical: list },
        { type: 'tracked link (QR code)', path: `${oneFilter}?utm_medium=QRcode`, robots: null, canonical: oneFilter },
        indexable('brands list', buildPath('brands', locale)),
        indexable(
          'brand landing page',
          first('brand', (n) => n === 'brand'),
        ),
        indexable(
          'brand corner home',
          first('corner home', (n, p) => n === 'brandCorner' && !p.slug),
        ),
        indexable(
          'brand corner page',
          first('corner page', (n, p) => n === 'brandCorner' && !!p.slug),
        ),
        indexable('needs list', buildPath('needs', locale)),
        indexable(
          'need',
          first('need', (n) => n === 'need'),
        ),
        indexable('advice list', advice),
        indexable(
          'advice list, page 2',
          first('advice page 2', (n, p) => n === 'adviceList' && p.page === '2'),
        ),
        indexable(
          'advice list by expertise',
          first('advice by expertise', (n, p) => n === 'adviceList' && !!p.category && !p.filter),
        ),
        indexable(
          'advice list by need',
          first('advice by need', (n, p) => n === 'adviceList' && !!p.filter),
        ),
        {
          type: 'advice list by expertise and need',
          path: buildPath('adviceList', locale, { page: 1, category: both.category, filter: both.need }),
          robots: NOINDEX_FOLLOW,
          canonical: SELF,
        },
        // One URL per list state: page 1 written out answers a 301 to the list (editorial.e2e-spec.ts).
        { type: 'advice list page 1 written out', path: `${advice}/1`, status: 301, robots: null, canonical: null },
        indexable(
          'advice article',
          first('advice', (n) => n === 'advice'),
        ),
        indexable('innovation list', innovation),
        indexable(
          'innovation list by category',
          first('innovation by category', (n, p) => n === 'innovationList' && !!p.category && !p.filter),
        ),
        indexable(
          'innovation article',
          first('innovation', (n) => n === 'innovation'),
        ),
        indexable('news', `/${news.slug}`),
        indexable('CMS page', `/${about.slug}`),
        indexable('help', buildPath('faq', locale)),
        indexable('legal notice', `/${legal.slug}`),
        indexable('store finder', finder),
        {
          type: 'store finder search',
          path: `${finder}?q=${town}`,
          robots: NOINDEX_FOLLOW,
          canonical: finder,
        },
        indexable(
          'pharmacy page',
          first('pharmacy', (n) => n === 'store'),
        ),
        indexable('who can advise', adviceFinder),
        {
          type: 'who can advise search',
          path: `${adviceFinder}?q=${town}`,
          robots: NOINDEX_FOLLOW,
          canonical: adviceFinder,
        },
        indexable('contact', buildPath('contact', locale)),
        { type: 'contact confirmation', path: buildPath('confirmation', locale), robots: 'noindex', canonical: null },
        indexable('newsletter', buildPath('newsletter', locale)),
        { type: 'search form', path: results, robots: NOINDEX_FOLLOW, canonical: SELF },
        {
          type: 'search results',
          path: buildPath('results', locale, { tail: { text: 'magnesium', filters: [] } }),
          robots: NOINDEX_FOLLOW,
          canonical: SELF,
        },
        {
          type: 'search without results',
          path: buildPath('results', locale, { tail: { text: 'qqxyzzy', filters: [] } }),
          robots: NOINDEX_FOLLOW,
          canonical: SELF,
        },
        {
          type: 'preview',
          path: buildPath('preview', locale, { id: about.id }),
          robots: 'noindex',
          canonical: `/${about.slug}`,
          cookie: editor.cookie,
        },
        { type: 'login', path: buildPath('login', locale), robots: 'noindex', canonical: null },
        { type: '404 page', path: '/no-such-page/at-all', status: 404, robots: 'noindex', canonical: null },
        { type: '401 page', path: '/__seo/unauthorized', status: 401, robots: 'noindex', canonical: null },
        { type: '500 page', path: '/__seo/failure', status: 500, robots: 'noindex', canonical: null },
      ];
    }

    it.each(HOSTS)(
      '%s: each page type has the canonical and robots meta of the rules, agrees with the sitemaps and robots.txt',
      async (host, locale) => {
        const robotsTxt = (await request(t.server).get('/robots.txt').set('Host', host)).text;
        const inSitemaps = listed(host);
        const problems: string[] = [];
        const table = await rows(host, locale);
        for (const row of table) {
          const page = await head(host, row.path, row.cookie);
          const canonical =
            row.canonical === SELF ? `http://${host}${row.path}` : row.canonical && `http://${host}${row.canonical}`;
          const seen = { status: page.status, robots: page.robots, canonical: page.canonical };
          const expected = { status: row.status ?? 200, robots: row.robots, canonical };
          if (JSON.stringify(seen) !== JSON.stringify(expected))
            problems.push(`${row.type} ${row.path}: ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`);
          const self = `http://${host}${row.path}`;
          const forEngines = row.robots === null && row.canonical === SELF;
          if ((inSitemaps.get(self) ?? 0) !== (forEngines ? 1 : 0))
            problems.push(`${row.type} ${row.path}: listed ${inSitemaps.get(self) ?? 0} times in the sitemaps`);
          if (!crawlable(robotsTxt, row.path)) problems.push(`${row.type} ${row.path}: blocked by robots.txt`);
        }
        expect(problems).toEqual([]);
        expect(table.length).toBeGreaterThan(50);
        // The API is the one thing not to crawl.
        expect(crawlable(robotsTxt, '/api/v1/listing?path=/produits')).toBe(false);
      },
      120000,
    );
  });
});
