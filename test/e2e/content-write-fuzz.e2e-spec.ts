/**
 * Fuzz pass of the write API (issue 15): 2,000 malformed bodies for each write endpoint (POST and
 * PUT of every resource), generated deterministically from a valid body by a seeded PRNG (wrong
 * types, missing and extra fields, huge strings, NUL bytes, deep nesting, numbers beyond 32 bits,
 * 1e300, null, lists for objects, bad slugs, HTML and scripts in text…; each body also carries one
 * fault that no schema accepts). Nothing may answer 5xx nor 2xx, and no table a write touches may
 * change (no partial write). One app; requests over a keep-alive connection pool, several at once.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { sql } from 'kysely';
import { FR, startTestApp, type TestApp } from '../support/app';
import { productBody, writeToken } from '../support/write-api';

/** The server-backed pass (DATABASE_URL) sends 500 bodies of the same generator: validation does not depend on the database. */
const BODIES = Number(process.env.FUZZ_BODIES ?? (process.env.DATABASE_URL ? 500 : 2000));
const PARALLEL = 8;

const TABLES = [
  'product',
  'product_translation',
  'product_price',
  'product_category',
  'product_need',
  'product_facet',
  'product_faq',
  'product_associate',
  'product_listing',
  'product_card',
  'facet_summary',
  'search_document',
  'search_term',
  'slug_history',
  'page',
  'page_translation',
  'paragraph',
  'page_link',
  'page_product',
  'need',
  'need_translation',
  'brand',
  'brand_translation',
  'brand_faq',
  'store',
  'store_brand',
  'redirection',
  'global_setting',
  'audit_log',
];

/** mulberry32: the same seed, the same bodies. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const nest = (depth: number): Json => (depth === 0 ? 'x' : [nest(depth - 1)]);

/** Values that replace a field: every wrong kind the brief lists. */
const HOSTILE: Json[] = [
  null,
  0,
  -1,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 31) - 1,
  1e300,
  -1e300,
  1.5,
  true,
  false,
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u001b[31m',
  'x'.repeat(70_000),
  'Not A Slug!',
  '../../etc/passwd',
  'a//b',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; drop table product; --",
  '\ud800',
  '%00',
  '9'.repeat(400),
  [],
  [null],
  ['x', 1, null],
  {},
  { nested: { deeper: [1, 2, 3] } },
  { __proto__: { polluted: true } } as unknown as Json,
  nest(40),
];

/** Paths (as key lists) of every value in a body. */
function paths(value: Json, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  if (prefix.length > 12) return out;
  const children: Array<[string | number, Json]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, child] of children) {
    out.push([...prefix, key]);
    paths(child, [...prefix, key], out);
  }
  return out;
}

function setAt(body: Json, path: Array<string | number>, value: Json | undefined): void {
  let node = body as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value === null || typeof value !== 'object' ? value : (JSON.parse(JSON.stringify(value)) as Json);
}

/** One malformed body (or raw text) derived from `base`, numbered `n`. */
function malformed(base: Json, required: string[], n: number): { json?: Json; raw?: string } {
  const random = prng(n * 7919 + 17);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const kind = random();
  // Whole bodies that are no object at all.
  if (kind < 0.05)
    return pick([
      { raw: 'null' },
      { raw: '[]' },
      { raw: '"x"' },
      { raw: '1e300' },
      { raw: '{"a":' },
      { raw: '{"a":1,}' },
      { raw: `${'['.repeat(3000)}${']'.repeat(3000)}` },
      { raw: '{"\\u0000":1}' },
    ]);
  const body = JSON.parse(JSON.stringify(base)) as Json;
  const all = paths(body);
  const topLevel = Object.keys(base as object);
  // Then a few more anywhere: replaced by a hostile value, removed, or given an extra key.
  for (let i = Math.floor(random() * 4); i > 0; i--) {
    const live = paths(body);
    const path = live.length ? pick(live) : pick(all);
    const action = random();
    try {
      if (action < 0.7) setAt(body, path, pick(HOSTILE));
      else if (action < 0.85) setAt(body, path, undefined);
      else setAt(body, [...path.slice(0, -1), `x_${n}`], pick(HOSTILE));
    } catch {
      // The path went away with an earlier change.
    }
  }
  // Last, the fault no schema accepts (nothing after it can undo it): a top-level field holding a
  // value no field takes (1e300 is beyond every bound, NUL is refused everywhere), a required field
  // missing, or an unknown field (every body is a strict object).
  const certain = random();
  if (certain < 0.34) setAt(body, [pick(topLevel)], pick([1e300, -1e300, 'a\u0000b', [['\u0000']]] as Json[]));
  else if (certain < 0.67) setAt(body, [pick(required)], undefined);
  else setAt(body, [pick(['extra', 'id', 'constructor', 'Reference', 'x y'])], pick(HOSTILE));
  return { json: body };
}

describe('write API fuzz (e2e)', () => {
  let t: TestApp;
  let auth: string;
  let agent: Agent;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp({ API_WRITE_RATE_LIMIT: '100000', LOG_LEVEL: 'error' });
    auth = (await writeToken(t)).header;
    agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });
    const server = t.server as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    agent.destroy();
    await t.app.close();
  });

  const send = (method: string, path: string, body: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          headers: {
            Host: FR,
            Authorization: auth,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  async function counts(): Promise<Record<string, number>> {
    const { rows } = await sql<{ name: string; n: number }>`
      ${sql.join(
        TABLES.map((table) => sql`select ${table}::text as name, count(*)::int as n from ${sql.table(table)}`),
        sql` union all `,
      )}
    `.execute(t.db);
    return Object.fromEntries(rows.map((r) => [r.name, r.n]));
  }

  /** Valid bodies of each resource (for POST a new record; PUT writes an existing id). */
  async function samples(): Promise<
    Array<{ name: string; required: string[]; post: string; put: string; body: Json }>
  > {
    const id = async (table: 'product' | 'page' | 'need' | 'brand' | 'store' | 'redirection') =>
      (await t.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    return [
      {
        name: 'products',
        required: ['reference', 'ean', 'brand', 'texts', 'price', 'published'],
        post: 'product',
        put: `product/${await id('product')}`,
        body: productBody('fuzz') as unknown as Json,
      },
      {
        name: 'pages',
        required: ['key', 'type', 'texts'],
        post: 'page',
        put: `page/${await id('page')}`,
        body: {
          key: 'fuzz-page',
          type: 'advice',
          published: true,
          texts: { fr: { title: 'Fuzz', slug: 'fuzz-page', excerpt: 'x' } },
          paragraphs: [{ key: 'p1', type: 'text', texts: { fr: { text: '<p>x</p>' } } }],
        },
      },
      {
        name: 'needs',
        required: ['key', 'parent', 'order', 'texts'],
        post: 'need',
        put: `need/${await id('need')}`,
        body: { key: 'fuzz-need', parent: null, order: 1, texts: { fr: { label: 'Fuzz', slug: 'fuzz-need' } } },
      },
      {
        name: 'brands',
        required: ['key', 'name', 'class', 'color', 'corner', 'texts'],
        post: 'brands',
        put: `brands/${await id('brand')}`,
        body: {
          key: 'fuzz-brand',
          name: 'Fuzz',
          class: 'fuzz',
          color: '#123456',
          corner: false,
          texts: { fr: { slug: 'fuzz-brand', description: '<p>x</p>' } },
        },
      },
      {
        name: 'pharmacies',
        required: ['slug', 'name', 'zipcode', 'city', 'latitude', 'longitude'],
        post: 'stores',
        put: `stores/${await id('store')}`,
        body: {
          slug: 'fuzz-store',
          name: 'Fuzz',
          zipcode: '1003',
          city: 'Lausanne',
          latitude: 46.5,
          longitude: 6.6,
          brands: ['lactibiane'],
        },
      },
      {
        name: 'redirections',
        required: ['match', 'source', 'target', 'code'],
        post: 'redirections',
        put: `redirections/${await id('redirection')}`,
        body: { match: 'path', source: '/fuzz-source', target: '/produits', code: 301 },
      },
      {
        name: 'settings',
        required: ['code', 'value'],
        post: 'settings',
        put: 'settings/copyright',
        body: { code: 'fuzz_code', value: 'x' },
      },
    ];
  }

  it('answers 2,000 malformed bodies per write endpoint without a 5xx or a write', async () => {
    const before = await counts();
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    let requests = 0;
    const timings: string[] = [];
    const started = Date.now();
    for (const sample of await samples()) {
      for (const [method, path] of [
        ['POST', sample.post],
        ['PUT', sample.put],
      ]) {
        const t0 = Date.now();
        const bodies = Array.from({ length: BODIES }, (_, n) =>
          malformed(sample.body, sample.required, n + (method === 'PUT' ? BODIES : 0)),
        );
        for (let i = 0; i < bodies.length; i += PARALLEL) {
          const answers = await Promise.all(
            bodies.slice(i, i + PARALLEL).map(async (b) => {
              const text = b.raw ?? JSON.stringify(b.json);
              return { text, res: await send(method, `/api/v1/${path}`, text) };
            }),
          );
          for (const { text, res } of answers) {
            requests++;
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            const refused = res.status >= 400 && res.status < 500 && /^\{"statusCode":4/.test(res.body);
            if (!refused && failures.length < 20)
              failures.push(`${method} ${path} → ${res.status} ${res.body.slice(0, 200)} for ${text.slice(0, 300)}`);
          }
        }
        timings.push(`${method} ${path} ${Date.now() - t0} ms`);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `write fuzz: ${requests} bodies in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(statuses)}\n`,
    );
    expect(failures).toEqual([]);
    expect(requests).toBe(BODIES * 14);
    expect(await counts()).toEqual(before);
  }, 900_000);
});
