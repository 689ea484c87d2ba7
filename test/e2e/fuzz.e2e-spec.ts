/**
 * Fuzz corpus: hostile input against every page route of the route table, every /api/v1 endpoint and
 * parameter, and the media and document files. Nothing may answer 5xx; the API answers bad input
 * with 400 and a JSON error naming the parameter, pages with the 404 page, media with its own small
 * plain-text 404. Runs on the embedded database and, with DATABASE_URL, on a PostgreSQL server, whose
 * errors differ (integer out of range, invalid byte sequence 0x00).
 *
 * Adding to it (docs/operations.md "Bad input"):
 * - a page route: one row in PAGE_ROUTES (keyed by route name; the spec fails while a route of
 *   contracts/route-table.ts has none), with valid sample parameters. Each parameter is then
 *   replaced in turn by the hostile values of its kind, and hostile query strings are appended;
 * - an /api/v1 endpoint: one row in API_ENDPOINTS (the spec lists the app's /api/v1 routes and fails
 *   while one has no row);
 * - an API query parameter: one row in API_PARAMS naming its kind of hostile values (the spec reads
 *   every endpoint's query DTO and fails while a parameter has no row);
 * - a file route (media, documents): one row in FILE_ROUTES.
 */
import { ModulesContainer } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { RequestMethod } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { buildPath, ROUTES, type Locale, type RouteName } from '../../contracts/route-table';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { contentExpertises, contentProducts } from '../support/content';
import { rawGet, rawRequest, type RawResponse } from '../support/http';
import { printFigure } from '../support/figures';

// ---------------------------------------------------------------------------------------------
// Hostile values, by kind. Values are written as they go on the wire (already percent-encoded).
// ---------------------------------------------------------------------------------------------

const long = (n: number, c = 'a') => c.repeat(n);
const enc = encodeURIComponent;

const NUMBERS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '1e300',
  '1e3',
  '-0',
  '1.5',
  '0x1f',
  '%201',
  '%2B1',
  'NaN',
  'Infinity',
  '%00',
  '1%00',
  '%ff',
  '%E2%80%AE1',
  'abc',
  "1'",
  long(400, '9'),
];

const TEXTS = [
  '%00',
  'a%00b',
  '%ff',
  '%C0%80',
  '%ED%A0%80',
  '%',
  '%25',
  "'%20OR%201%3D1%20--",
  '%5C',
  '%22',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%3Cscript%3E',
  '%0D%0ASet-Cookie%3Ax%3D1',
  '%20',
  '%25_',
  long(201),
  long(5000),
];

const WORDS = ['', 'xx', 'FR', '%00', 'fr%00', 'it', '__proto__', 'constructor', 'toString', '%ff', long(1000)];

const BOOLEANS = ['', 'yes', '2', '-1', '%00', 'TRUE', 'null', '%ff'];

const JSON_COMMON = [
  'null',
  'true',
  '1',
  '"x"',
  '[]',
  '{}',
  '[null]',
  '[99999999999]',
  '[1e300]',
  '[-1]',
  '[0]',
  '[1.5]',
  '["1"]',
  '[[1]]',
  '[{}]',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '[',
  '{"a":',
  '"\\u0000"',
  '["\\u0000"]',
  `${'['.repeat(2000)}${']'.repeat(2000)}`,
  `[${'1,'.repeat(1999)}1]`,
].map(enc);

const HOSTILE = {
  id: NUMBERS,
  number: NUMBERS,
  text: TEXTS,
  word: WORDS,
  boolean: BOOLEANS,
  json: JSON_COMMON,
  price: [
    ...JSON_COMMON,
    ...[
      '{"min":-1}',
      '{"min":1e300,"max":1}',
      '{"min":"a"}',
      '{"min":null}',
      '{"max":99999999999}',
      '{"min":5,"max":1}',
      '{"extra":1}',
    ].map(enc),
  ],
  filters: [
    ...JSON_COMMON,
    ...[
      '[{"type":"brand","data":null}]',
      '[{"type":"brand","data":[null]}]',
      '[{"type":"brand","data":[1e300]}]',
      '[{"type":"__proto__","data":["x"]}]',
      '[{"type":"brand","data":["\\u0000"]}]',
      '[{"type":null}]',
      '[null]',
    ].map(enc),
  ],
  caracteristics: [
    ...JSON_COMMON,
    ...['{"brand":null}', '{"brand":[1]}', '{"hasOwnProperty":["x"]}', '{"brand":["\\u0000"]}', '{"brand":{}}'].map(
      enc,
    ),
  ],
  path: [
    '',
    'x',
    '%00',
    '/produits%00',
    '/produits/%00',
    '/produits/-p--99999999999999999999',
    '/produits/-p--1e300',
    '/produits/-brand--%00',
    '//evil.example/produits',
    'http://evil.example/produits',
    '/produits?sort=%00',
    '/produits%3Fprice_min%3D1e300',
    '/%ff',
    `/produits/${long(3000)}`,
  ].map((v) => (v.startsWith('/') || v.startsWith('http') ? enc(v) : v)),
} satisfies Record<string, string[]>;
type HostileKind = keyof typeof HOSTILE;

/** Every query parameter an /api/v1 endpoint accepts, and the hostile values it gets. */
const API_PARAMS: Record<string, HostileKind> = {
  shop_id: 'id',
  lang: 'word',
  categories: 'json',
  categoryId: 'id',
  page: 'number',
  perPage: 'number',
  price: 'price',
  needs: 'json',
  orderBy: 'word',
  sort: 'word',
  text: 'text',
  saleplan_id: 'id',
  published: 'boolean',
  no_free: 'boolean',
  caracteristics: 'caracteristics',
  filters: 'filters',
  display: 'word',
  caracteristics_select: 'word',
  category: 'word',
  path: 'path',
  entity_type: 'word',
  slug: 'text',
  depth: 'number',
  parents: 'boolean',
  limit: 'number',
  per_page: 'number',
  type: 'word',
  order_by: 'word',
  order: 'word',
  take: 'number',
  exclude: 'text',
  innovationCategories: 'text',
  product_list_display: 'boolean',
  expertise: 'id',
  need: 'id',
  highlighted: 'boolean',
  associated_to: 'id',
  page_type: 'word',
  url: 'text',
  zipcode: 'text',
  parents_only: 'boolean',
  status: 'word',
  language: 'word',
  all: 'boolean',
  tab: 'word',
  latitude: 'number',
  longitude: 'number',
  radius: 'number',
  product: 'text',
  only: 'boolean',
  q: 'text',
  asm: 'boolean',
  site_id: 'id',
  origin: 'text',
  z: 'number',
  x: 'number',
  y: 'number',
};

interface Samples {
  productId: number;
  brandId: number;
  pageId: number;
}

/**
 * Every /api/v1 endpoint: its path (Express form), a valid value for each path parameter and the
 * query a valid call needs. Each parameter is fuzzed in turn while the others stay valid.
 */
const API_ENDPOINTS: Array<{
  path: string;
  params?: (s: Samples) => Record<string, string>;
  required?: Record<string, string>;
}> = [
  { path: '/api/v1/product' },
  { path: '/api/v1/product/:id', params: (s) => ({ id: String(s.productId) }) },
  { path: '/api/v1/filtersProducts' },
  { path: '/api/v1/products/:id/pages', params: (s) => ({ id: String(s.productId) }) },
  { path: '/api/v1/products/:id/faqs', params: (s) => ({ id: String(s.productId) }) },
  { path: '/api/v1/brands/:id/faqs', params: (s) => ({ id: String(s.brandId) }) },
  { path: '/api/v1/url/entity', required: { entity_type: 'product', slug: 'x' } },
  { path: '/api/v1/listing', required: { path: enc('/produits') } },
  { path: '/api/v1/page' },
  { path: '/api/v1/page/:id', params: (s) => ({ id: String(s.pageId) }) },
  { path: '/api/v1/page/:id/associate', params: (s) => ({ id: String(s.pageId) }) },
  { path: '/api/v1/innovation-categories' },
  { path: '/api/v1/shop' },
  { path: '/api/v1/url' },
  { path: '/api/v1/cities', required: { zipcode: '1003' } },
  { path: '/api/v1/need' },
  { path: '/api/v1/need/pages' },
  { path: '/api/v1/need/:id', params: () => ({ id: '1' }) },
  { path: '/api/v1/need/:id/pages', params: () => ({ id: '1' }) },
  { path: '/api/v1/search', required: { text: 'magnesium' } },
  { path: '/api/v1/search/listing', required: { path: enc('/resultats/-r--magnesium') } },
  { path: '/api/v1/stores', required: { latitude: '46.52', longitude: '6.63' } },
  { path: '/api/v1/store-positions', required: { z: '8', x: '132', y: '90' } },
  { path: '/api/v1/places', required: { q: 'Lausanne' } },
  { path: '/api/v1/reverse-geocoding', required: { latitude: '46.52', longitude: '6.63' } },
  { path: '/api/v1/civilities', required: { language: 'fr' } },
  { path: '/api/v1/provincials' },
  { path: '/api/v1/menus' },
  { path: '/api/v1/settings' },
  { path: '/api/v1/slugs' },
  { path: '/api/v1/categories' },
  { path: '/api/v1/homepage' },
  { path: '/api/v1/redirections', required: { path: enc('/nos-produits') } },
  { path: '/api/v1/docs.json' },
];

/**
 * Every write route of /api/v1 (POST, PUT, DELETE: issue 15) and the kind of its path parameter. Each
 * is probed with a write token: hostile path parameters and hostile shop_id/lang, with an empty and
 * a malformed body. The bodies themselves are fuzzed by test/e2e/content-write-fuzz.e2e-spec.ts.
 */
const WRITE_ROUTES: Array<{ method: 'post' | 'put' | 'delete'; path: string; param?: 'id' | 'word' }> = [
  ...['product', 'page', 'need', 'brands', 'stores', 'redirections'].flatMap((resource) => [
    { method: 'post' as const, path: `/api/v1/${resource}` },
    { method: 'put' as const, path: `/api/v1/${resource}/:id`, param: 'id' as const },
    { method: 'delete' as const, path: `/api/v1/${resource}/:id`, param: 'id' as const },
  ]),
  { method: 'post', path: '/api/v1/settings' },
  { method: 'put', path: '/api/v1/settings/:code', param: 'word' },
  { method: 'delete', path: '/api/v1/settings/:code', param: 'word' },
  // Routes of other features that take a body (their own specs fuzz the bodies).
  { method: 'post', path: '/api/v1/contact' },
  { method: 'post', path: '/api/v1/newsletter' },
  { method: 'post', path: '/api/v1/auth/logout' },
];

// Path parameters of page routes, by the route table's parameter kinds.
const SEGMENTS = [
  '%00',
  'a%00b',
  '%ff',
  '%C0%AF',
  '%2e%2e',
  '..',
  '%2F',
  '%5C',
  'A',
  'a%20b',
  'a;b',
  'a%3Fb',
  "a'b",
  '-',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '99999999999999999999',
  long(3000),
];
const PATH_HOSTILE: Record<string, string[]> = {
  slug: [...SEGMENTS, 'a//b', 'a/%00', `${'a/'.repeat(200)}a`],
  segment: SEGMENTS,
  letters: SEGMENTS,
  digits: ['99999999999999999999', '2147483648', '0', '00', '1e300', '-1', '%00', '%ff', long(400, '9')],
  brand: ['LACTIBIANE', 'lactibiane%00', '%ff'],
  catalogue: [
    '/-p--0',
    '/-p--1',
    '/-p--99999999999999999999',
    '/-p--2147483648',
    '/-p--1e300',
    '/-p--%00',
    '/-p--',
    '/-p--2/-p--3',
    '/-brand--%00',
    '/-brand--unknown',
    '/unknownexpertise',
    '/-__proto__--x',
    '/-constructor--x',
    '/-brand--lactibiane/-brand--lactibiane',
    '/-r--x',
    '/%00',
    '/%ff',
    `/${'-brand--x/'.repeat(11)}`,
    `/${long(3000)}`,
  ],
  results: [
    '/-r--%00',
    '/-r--a%00b',
    '/-r--%ff',
    '/-r--%',
    '/-r--%25',
    `/-r--${long(3000)}`,
    '/-r--x/-p--0',
    '/-r--x/-p--99999999999999999999',
    '/-r--x/-brand--%00',
  ],
};

const PAGE_QUERIES = [
  '?category=%00',
  '?category=x&category=y&filter=%ff',
  '?filter[a]=b',
  '?sort=%00',
  '?sort=x&sort=y',
  '?price_min=1e300',
  '?price_min=-1&price_max=%00',
  '?price_min=99999999999999999999',
  '?display=%00',
  '?utm_medium=QRcode',
  '?utm_medium=QRcode&utm_medium=QRcode',
  '?page=99999999999',
  '?%ff=%ff',
  '?a[b]=c',
  '?__proto__=x',
  '?constructor[prototype][x]=1',
  `?${'x=1&'.repeat(500)}`,
];

/** The store finder's `q` (a Swiss place as typed). */
const PLACE_HOSTILE = [
  '',
  '%00',
  'a%00b',
  '%ff',
  '%25',
  '%_',
  '12',
  '99999',
  `${long(3000)}`,
  '1003&q=1004',
  'x[]=1',
].map((value) => `?q=${value}`);

/** The login page's `redirect` query: open redirects, control characters, arrays, length. */
const REDIRECT_HOSTILE = [
  '',
  '%2F%2Fevil.example',
  '%2F%5Cevil.example',
  'https%3A%2F%2Fevil.example',
  'javascript%3Aalert(1)',
  '%2F%09%2Fevil.example',
  '%2F%0D%0ASet-Cookie%3Ax%3D1',
  '%00',
  '%ff',
  '%2Fproduits%3Fa%3D%ff',
  '%2Fpreview%2F1&redirect=%2F%2Fevil.example',
  `%2F${long(5000)}`,
];

/**
 * Every page route of the route table, with valid sample parameters per locale (the hostile values
 * replace one parameter at a time).
 */
const PAGE_ROUTES: Record<
  RouteName,
  {
    sample?: (locale: Locale) => Record<string, string>;
    /** Its own query parameters' hostile values (`?name=value`, already encoded). */
    queries?: string[];
    /** Behind EditorGuard: an anonymous request may also be sent (303) to the login page. */
    guarded?: boolean;
    /** A GET form's target: bad input may also answer the page with the form's message (400). */
    form?: boolean;
  }
> = {
  home: {},
  brands: {},
  brand: { sample: () => ({ slug: 'lactibiane' }) },
  productList: { sample: (l) => ({ tail: `/${expertiseSlug(l)}` }) },
  productFaq: { sample: (l) => ({ slug: productSlug(l) }) },
  product: { sample: (l) => ({ slug: productSlug(l) }) },
  needs: {
    form: true,
    queries: [
      '?q=%00',
      '?q=%ff',
      `?q=${long(5000)}`,
      '?q=a&q=b',
      '?q[a]=b',
      '?besoin=%00',
      '?besoin=1&sous-besoin=%00',
      '?besoin=99999999999999999999',
      '?besoin=1&besoin=2',
      '?besoin[a]=1',
      '?besoin=1&sous-besoin=1e300',
      '?sous-besoin=1',
    ],
  },
  need: { sample: () => ({ slug: 'sommeil' }) },
  adviceList: {
    sample: (l) => ({ page: '1', category: expertiseSlug(l), filter: l === 'de' ? 'blahungen' : 'ballonnements' }),
  },
  advice: {
    sample: (l) => ({ slug: l === 'de' ? 'blahungen-ursachen-und-tipps' : 'ballonnements-causes-et-bons-gestes' }),
  },
  innovationList: { sample: (l) => ({ page: '1', category: l === 'de' ? 'forschung' : 'recherche' }) },
  innovation: { sample: () => ({ slug: 'innovation' }) },
  storeFinder: { queries: [...PLACE_HOSTILE, '?q=1003&product=%00', '?q=1003&product=x&only=%00', '?product[]=x'] },
  store: { sample: () => ({ slug: 'pharmacie-du-lac-nyon' }) },
  whoCanGiveYouAdvice: { queries: PLACE_HOSTILE },
  contact: {},
  confirmation: {},
  newsletter: {},
  results: {
    sample: () => ({ tail: '/-r--magnesium' }),
    queries: ['?tab=%00', '?tab=brands&tab=needs', '?tab=__proto__', '?tab[x]=1', '?tab=pages&sort=%00'],
  },
  faq: {},
  login: { queries: REDIRECT_HOSTILE.map((value) => `?redirect=${value}`) },
  logout: {},
  preview: { sample: () => ({ id: '1' }), guarded: true },
  brandCorner: { sample: () => ({ brand: 'lactibiane', slug: 'gamme' }) },
  cmsPage: { sample: () => ({ slug: 'mentions-legales' }) },
};

/** Request headers the site reads (host, content negotiation, proxy headers, request id). */
const HEADER_HOSTILE: Array<Record<string, string>> = [
  { Host: '' },
  { Host: long(300) },
  { Host: 'produits.localhost:99999' },
  { Host: 'produits.localhost:abc' },
  { Host: '[::1]:3000' },
  { Host: '[zz]' },
  { Host: 'produits.localhost.' },
  { Host: 'PRODUITS.LOCALHOST' },
  { Host: 'www.' },
  { Host: 'www.www.produits.localhost' },
  { Host: 'produits.localhost, produkte.localhost' },
  { Accept: long(5000, ',') },
  { Accept: 'image/webp;q=%00' },
  { 'Accept-Language': long(3000, 'x') },
  { 'X-Forwarded-Host': 'produkte.localhost' },
  { 'X-Forwarded-Proto': 'gopher' },
  { 'X-Forwarded-For': 'not-an-address' },
  { 'X-Request-Id': long(500, 'x') },
  { 'If-None-Match': long(2000, '"') },
  { Cookie: long(3000, ';') },
];
const HEADER_PATHS = [
  '/',
  '/produits',
  '/api/v1/product',
  '/media/product/art-001/0000000000/card.png',
  '/nexiste-pas',
];

/** Request targets in absolute form: served as their path, never redirected off the site. */
const ABSOLUTE_TARGETS = [
  'http://evil.example/',
  'http://evil.example',
  'http://evil.example/Produits/?x=1',
  'https://evil.example/api/v1/product/2147483648',
  'http://evil.example/media/product/%00/x/card.png',
  'http://evil.example/en-ce-moment/x',
  'http://evil.example//evil.example/x',
];

/** Methods other than GET, with a malformed JSON body: never a 5xx, whatever the route. */
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
const METHOD_PATHS = [
  '/',
  '/produits',
  '/connexion',
  '/deconnexion',
  '/api/v1/product',
  '/api/v1/product/1',
  '/media/product/x/y/card.png',
  '/health/live',
  '/contactez-nous',
  '/newsletter',
  '/api/v1/contact',
  '/api/v1/newsletter',
  '/api/v1/auth/logout',
];

/** Media and documents: answered by their own controllers, with their own small 404. */
const FILE_ROUTES: Array<{ template: string; sample: Record<string, string>; small404: boolean }> = [
  {
    template: '/media/product/:reference/:version/:file',
    sample: { reference: 'art-001', version: '0000000000', file: 'card.png' },
    small404: true,
  },
  {
    template: '/media/brand/:key/:version/:file',
    sample: { key: 'lactibiane', version: '0000000000', file: 'logo.png' },
    small404: true,
  },
  // A video of the content: the route serves only those (any other id is its small 404).
  { template: '/media/video/:file', sample: { file: 'Tz4pLw8QnVk.jpg' }, small404: true },
  { template: '/media/tiles/:z/:x/:file', sample: { z: '8', x: '132', file: '90.png' }, small404: true },
  { template: '/documents/:file', sample: { file: 'notice.pdf' }, small404: false },
];
const FILE_HOSTILE = [...SEGMENTS, 'card.png%00', 'card.%00', 'card.webp.png', 'CARD.PNG', '.png'];

function productSlug(locale: Locale): string {
  const product = contentProducts().find((p) => p.published && p.texts[locale]);
  return product?.texts[locale]?.slug ?? 'x';
}

function expertiseSlug(locale: Locale): string {
  return contentExpertises()[0].texts[locale]?.slug ?? 'x';
}

const HOSTS: Array<{ host: string; locale: Locale }> = [
  { host: FR, locale: 'fr' },
  { host: DE, locale: 'de' },
];

/** Fills an Express-style template (`:name`, `:name?`, `:tail`) with already-encoded values. */
function fill(template: string, values: Record<string, string>): string {
  const out = template.replace(/\/?:([a-z]+)\??/gi, (whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') return '';
    if (name === 'tail') return value;
    return `${whole.startsWith('/') ? '/' : ''}${value}`;
  });
  return out || '/';
}

// ---------------------------------------------------------------------------------------------

interface Probe {
  path: string;
  host: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The API parameter being fuzzed (path or query), for the "names the parameter" check. */
  param?: string;
}

describe('fuzz corpus: no 5xx, bad input is a 400 or a 404 (e2e)', () => {
  let t: TestApp;
  let samples: Samples;
  let sent = 0;
  let errors = 0;

  beforeAll(async () => {
    t = await startTestApp();
    const product = await t.db.selectFrom('product').select('id').orderBy('id').executeTakeFirstOrThrow();
    const brand = await t.db.selectFrom('brand').select('id').orderBy('id').executeTakeFirstOrThrow();
    const page = await t.db.selectFrom('page').select('id').orderBy('id').executeTakeFirstOrThrow();
    samples = { productId: product.id, brandId: brand.id, pageId: page.id };
  });

  afterAll(async () => {
    // The figure quoted in the closing note.
    printFigure(
      `fuzz (${t.config.embeddedDatabase ? 'PGlite' : 'PostgreSQL server'})`,
      `${sent} requests, ${errors} answered 5xx`,
    );
    await t.app.close();
  });

  /** Sends the probes a few at a time; returns one line per answer that breaks `check`. */
  async function run(probes: Probe[], check: (probe: Probe, res: RawResponse) => string | null): Promise<string[]> {
    const failures: string[] = [];
    const queue = [...probes];
    const worker = async () => {
      for (let probe = queue.shift(); probe; probe = queue.shift()) {
        const headers = { Host: probe.host, Accept: 'text/html,application/json', ...probe.headers };
        const res = await rawRequest(t.server, probe.method ?? 'GET', probe.path, headers, probe.body);
        sent += 1;
        if (res.status >= 500) errors += 1;
        const problem = res.status >= 500 ? `answered ${res.status}` : check(probe, res);
        if (problem)
          failures.push(
            `${probe.method ?? 'GET'} ${probe.host} ${probe.path.slice(0, 160)} ${JSON.stringify(probe.headers ?? {}).slice(0, 80)}: ${problem}`,
          );
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    return failures;
  }

  describe('the tables cover the app', () => {
    it('has a WRITE_ROUTES row for every /api/v1 route that is not a GET', () => {
      const found = writeRoutes(t).sort();
      expect(found).toEqual(WRITE_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    });

    it('has a PAGE_ROUTES row for every route of the route table', () => {
      expect(Object.keys(PAGE_ROUTES).sort()).toEqual(Object.keys(ROUTES).sort());
    });

    it('has an API_ENDPOINTS row for every /api/v1 route and an API_PARAMS row for each of its query parameters', () => {
      const found = apiRoutes(t);
      expect(found.map((r) => r.path).sort()).toEqual(API_ENDPOINTS.map((e) => e.path).sort());
      const missing = found.flatMap((r) => r.query.filter((q) => !API_PARAMS[q]).map((q) => `${r.path} ?${q}`));
      expect(missing).toEqual([]);
    });
  });

  describe('page routes answer a page or the 404 page', () => {
    const pageCheck = (_probe: Probe, res: RawResponse) =>
      [200, 301, 404].includes(res.status) ? null : `answered ${res.status}, not a page or the 404 page`;
    /** A guarded route may also send an anonymous visitor to the login page, and nowhere else. */
    const guardedCheck = (probe: Probe, res: RawResponse) => {
      if (res.status !== 303) return pageCheck(probe, res);
      const login = buildPath('login', probe.host === DE ? 'de' : 'fr');
      return String(res.headers.location).startsWith(`${login}?redirect=%2F`)
        ? null
        : `303 to ${res.headers.location}, not the login page`;
    };

    /** A form's target answers its page with the message (400) for bad input, still never a 5xx. */
    const formCheck = (probe: Probe, res: RawResponse) =>
      res.status === 400 && /text\/html/.test(String(res.headers['content-type'])) ? null : pageCheck(probe, res);

    it.each(Object.keys(PAGE_ROUTES) as RouteName[])('%s', async (name) => {
      const probes: Probe[] = [];
      for (const { host, locale } of HOSTS) {
        const template = ROUTES[name].paths[locale];
        const sample = PAGE_ROUTES[name].sample?.(locale) ?? {};
        const kinds: Record<string, string> = (ROUTES[name] as { params?: Record<string, string> }).params ?? {};
        const valid = fill(template, sample);
        for (const [param, kind] of Object.entries(kinds))
          for (const value of PATH_HOSTILE[kind])
            probes.push({ host, path: fill(template, { ...sample, [param]: value }) });
        for (const query of [...PAGE_QUERIES, ...(PAGE_ROUTES[name].queries ?? [])])
          probes.push({ host, path: valid + query });
        probes.push({ host, path: `${valid}%00` }, { host, path: `${valid}/%ff` });
      }
      const check = PAGE_ROUTES[name].guarded ? guardedCheck : PAGE_ROUTES[name].form ? formCheck : pageCheck;
      expect(await run(probes, check)).toEqual([]);
    });
  });

  describe('API endpoints answer 400 naming the parameter', () => {
    const apiCheck = (probe: Probe, res: RawResponse) => {
      if (!/application\/json/.test(String(res.headers['content-type']))) return `answered ${res.status} without JSON`;
      if (res.status === 200 || res.status === 404) return null;
      if (res.status !== 400) return `answered ${res.status}`;
      const details = (JSON.parse(res.body) as { details?: Record<string, string> }).details ?? {};
      const named = Object.keys(details).some((key) => key === probe.param || key.startsWith(`${probe.param}.`));
      return probe.param && !named && !('path' in details)
        ? `400 without naming ${probe.param}: ${res.body.slice(0, 200)}`
        : null;
    };

    it.each(API_ENDPOINTS.map((e) => e.path))('%s', async (template) => {
      const endpoint = API_ENDPOINTS.find((e) => e.path === template)!;
      const route = apiRoutes(t).find((r) => r.path === template)!;
      const params = endpoint.params?.(samples) ?? {};
      const required = endpoint.required ?? {};
      const query = (values: Record<string, string>) =>
        Object.entries(values)
          .map(([k, v]) => `${k}=${v}`)
          .join('&');
      const probes: Probe[] = [];
      for (const { host } of HOSTS) {
        const base = fill(template, params);
        const withQuery = (values: Record<string, string>) => {
          const q = query({ ...required, ...values });
          return q ? `${base}?${q}` : base;
        };
        for (const param of Object.keys(params))
          for (const value of HOSTILE.id)
            probes.push({ host, param, path: fill(template, { ...params, [param]: value }) });
        for (const param of route.query) {
          for (const value of HOSTILE[API_PARAMS[param]])
            probes.push({ host, param, path: withQuery({ [param]: value }) });
          // Repeated parameters arrive as arrays.
          const plain = withQuery({});
          probes.push({ host, param, path: `${plain}${plain.includes('?') ? '&' : '?'}${param}=1&${param}=2` });
        }
        probes.push({ host, param: 'unknown', path: withQuery({ unknown: '1' }) });
        probes.push({ host, param: '__proto__', path: withQuery({ ['__proto__']: '1' }) });
      }
      expect(await run(probes, apiCheck)).toEqual([]);
    });

    it.each([
      ['/api/v1/product/2147483648', 'id'],
      ['/api/v1/products/99999999999999999999/faqs', 'id'],
      ['/api/v1/products/99999999999999999999/pages', 'id'],
      ['/api/v1/brands/9007199254740993/faqs', 'id'],
      [`/api/v1/product?needs=${enc('[99999999999]')}`, 'needs'],
      [`/api/v1/product?needs=${enc('[1e300]')}`, 'needs'],
      [`/api/v1/filtersProducts?needs=${enc('[99999999999]')}`, 'needs'],
      [`/api/v1/filtersProducts?needs=${enc('[1e300]')}`, 'needs'],
      ['/api/v1/product?text=%00', 'text'],
      ['/api/v1/product?text=a%00b', 'text'],
      ['/api/v1/filtersProducts?text=a%00b', 'text'],
      ['/api/v1/product?filters=null', 'filters'],
      ['/api/v1/filtersProducts?filters=null', 'filters'],
      ['/api/v1/product?categoryId=2147483648', 'categoryId'],
      // Ids that are numbers only once converted: the path parameter is checked as sent.
      ['/api/v1/product/%201', 'id'],
      ['/api/v1/product/%2B1', 'id'],
      ['/api/v1/product/1e3', 'id'],
      ['/api/v1/product/0x1f', 'id'],
      ['/api/v1/products/1.0/faqs', 'id'],
    ])('%s answers 400 naming %s (issue 7 findings)', async (path, param) => {
      const res = await rawGet(t.server, path, { Host: FR });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(Object.keys(JSON.parse(res.body).details)).toContain(param);
    });
  });

  it('answers hostile request headers without a 5xx', async () => {
    const probes = HEADER_PATHS.flatMap((path) =>
      HEADER_HOSTILE.map((headers): Probe => ({ host: headers.Host ?? FR, path, headers })),
    );
    expect(await run(probes, (_probe, res) => (res.status === 0 ? 'no answer' : null))).toEqual([]);
  });

  it('answers request targets in absolute form as their path, redirecting only within the site', async () => {
    const ours = [FR, DE];
    const probes = ABSOLUTE_TARGETS.flatMap((path) =>
      [...ours, 'www.produits.localhost'].map((host): Probe => ({ host, path })),
    );
    const failures = await run(probes, (probe, res) => {
      const location = res.headers.location;
      if (!location) return null;
      const host = new URL(location, `http://${probe.host}/`).host;
      return ours.includes(host) ? null : `redirected to ${location}`;
    });
    expect(failures).toEqual([]);
  });

  it('answers the write routes, hostile path parameters and scope included, with a 4xx JSON answer', async () => {
    const { ApiTokenService } = await import('../../src/modules/content-api');
    const { token } = await t.app.get(ApiTokenService).create(`fuzz-${Date.now()}`, ['*'], null);
    const probes: Probe[] = [];
    for (const route of WRITE_ROUTES.filter((r) => !/contact|newsletter|logout/.test(r.path))) {
      const sample = route.param === 'word' ? 'copyright' : '1';
      const probe = (value: string, query: string, body: string): Probe => ({
        host: FR,
        method: route.method.toUpperCase(),
        path: fill(route.path, { id: value, code: value }) + query,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: route.method === 'delete' ? undefined : body,
      });
      for (const value of route.param ? HOSTILE[route.param] : []) probes.push(probe(value, '', '{}'));
      for (const query of [...HOSTILE.id.map((v) => `?shop_id=${v}`), ...HOSTILE.word.map((v) => `?lang=${v}`)])
        probes.push(probe(sample, query, '{}'));
      // A DELETE carries no body, so its malformed-body probe would be a valid deletion (a 204 wherever id 1
      // exists, as on the server-backed database): only the routes with a body get one.
      if (route.method !== 'delete') probes.push(probe(sample, '', '{"a":'));
      probes.push(probe(sample, '?shop_id=1&shop_id=2', '{}'));
    }
    const failures = await run(probes, (_probe, res) =>
      res.status >= 400 && res.status < 500 && /application\/json/.test(String(res.headers['content-type']))
        ? null
        : `answered ${res.status} ${res.body.slice(0, 120)}`,
    );
    expect(probes.length).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });

  it('answers other methods, with a malformed JSON body, without a 5xx', async () => {
    const probes = METHOD_PATHS.flatMap((path) =>
      METHODS.map(
        (method): Probe => ({
          host: FR,
          path,
          method,
          headers: method === 'HEAD' ? {} : { 'Content-Type': 'application/json' },
          body: method === 'HEAD' ? undefined : '{"a":',
        }),
      ),
    );
    expect(await run(probes, () => null)).toEqual([]);
  });

  it('answers robots.txt and the sitemaps, hostile file names included, with 200 or 404', async () => {
    const names = [
      'robots.txt',
      'sitemap.xml',
      'sitemap-products.xml',
      ...[...SEGMENTS, '0', '1', '10000', '99999999999999999999', '1e300', '-1', '%00', 'x'].flatMap((v) => [
        `sitemap-products-${v}.xml`,
        `sitemap-${v}.xml`,
        `sitemap-${v}`,
      ]),
      'sitemap-products-2.xml%00',
      'sitemap-PRODUCTS.xml',
      'sitemap-.xml',
      'sitemap.xml/..%2f..%2fetc%2fpasswd',
    ];
    const probes: Probe[] = HOSTS.flatMap(({ host }) =>
      names.flatMap((name) => [
        { host, path: `/${name}` },
        ...PAGE_QUERIES.map((q) => ({ host, path: `/${name}${q}` })),
      ]),
    );
    const failures = await run(probes, (_probe, res) =>
      [200, 301, 404].includes(res.status) ? null : `answered ${res.status}, not a file or the 404 page`,
    );
    expect(failures).toEqual([]);
  });

  describe('media and documents', () => {
    it.each(FILE_ROUTES.map((r) => r.template))('%s', async (template) => {
      const row = FILE_ROUTES.find((r) => r.template === template)!;
      const probes: Probe[] = [];
      for (const param of Object.keys(row.sample))
        for (const value of FILE_HOSTILE)
          probes.push({ host: FR, path: fill(template, { ...row.sample, [param]: value }) });
      const failures = await run(probes, (_probe, res) => {
        if (![200, 301, 404].includes(res.status)) return `answered ${res.status}`;
        if (row.small404 && res.status === 404 && !/^text\/plain/.test(String(res.headers['content-type'])))
          return `404 as ${res.headers['content-type']} (${res.body.length} bytes), not the small plain 404`;
        return null;
      });
      expect(failures).toEqual([]);
    });

    it('answers /media/product/%00/x/card.png with the small plain 404, not the page', async () => {
      const res = await rawGet(t.server, '/media/product/%00/x/card.png', { Host: FR });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body.length).toBeLessThan(100);
    });
  });
});

/** The app's /api/v1 routes other than GET, as "method /path" (Express form). */
function writeRoutes(t: TestApp): string[] {
  const names: Partial<Record<RequestMethod, string>> = {
    [RequestMethod.POST]: 'post',
    [RequestMethod.PUT]: 'put',
    [RequestMethod.DELETE]: 'delete',
    [RequestMethod.PATCH]: 'patch',
  };
  const routes: string[] = [];
  for (const module of t.app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[method];
        if (typeof handler !== 'function' || method === 'constructor') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const verb = names[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (paths === undefined || !verb) continue;
        for (const sub of Array.isArray(paths) ? paths : [paths]) {
          const path = `/${[base, sub].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/');
          if (path.startsWith('/api/v1/')) routes.push(`${verb} ${path}`);
        }
      }
    }
  return routes;
}

/** The app's /api/v1 routes (Express form) and the query parameters their DTOs accept. */
function apiRoutes(t: TestApp): Array<{ path: string; query: string[] }> {
  const routes: Array<{ path: string; query: string[] }> = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[method];
        if (typeof handler !== 'function' || method === 'constructor') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined || Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET) continue;
        for (const sub of Array.isArray(paths) ? paths : [paths]) {
          const path = `/${[base, sub].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/');
          if (!path.startsWith('/api/v1/')) continue;
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
            string,
            { index: number; data?: string }
          >;
          const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as Array<
            (new () => object) | undefined
          >;
          const query = Object.entries(args)
            .filter(([key, arg]) => key.startsWith(`${RouteParamtypes.QUERY}:`) && arg.data === undefined)
            .flatMap(([, arg]) => dtoProperties(types[arg.index]));
          routes.push({ path, query: [...new Set(query)] });
        }
      }
    }
  }
  return routes;
}

function dtoProperties(dto: (new () => object) | undefined): string[] {
  if (!dto) return [];
  return [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((m) => m.propertyName),
    ),
  ];
}
