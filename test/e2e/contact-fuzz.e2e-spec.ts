import request from 'supertest';
import { sql } from 'kysely';
import {
  CONTACT_FIELDS,
  CONTACT_RULES,
  NEWSLETTER_FIELDS,
  NEWSLETTER_RULES,
  validateForm,
} from '../../contracts/forms';
import { FormTokens } from '../../src/modules/contact/form-token';
import { FR, startTestApp, type TestApp } from '../support/app';

/**
 * 2,000 malformed bodies on each contact and newsletter entry point (the page forms, the API): no
 * answer is a 5xx, and nothing is half-stored (every stored request has its one mail, every stored
 * row passes the rules again). Seeded, so a failure can be replayed. On the server-backed pass
 * (DATABASE_URL) 500 bodies of the same generator: validation does not depend on the database, what
 * that pass adds is the storage on the server, which 500 bodies exercise as well as 2,000.
 */
const BODIES = Number(process.env.CONTACT_FUZZ_BODIES ?? (process.env.DATABASE_URL ? 500 : 2000));
/** A page post renders the whole form again: on a busy 2-core machine about 60 ms each. */
const TIMEOUT_MS = 900_000;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE: unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '💊'.repeat(1500),
  'x'.repeat(6000),
  "'; drop table contact_request; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '1e309',
  '-1',
  '0',
  '27',
  '2147483648',
  'NaN',
  'true',
  'on',
  'documentation',
  'pharmacist',
  'customer',
  '1003',
  'Lausanne',
  '8001',
  'Zürich',
  'yes',
  'MED',
  'a@b.ch',
  'Dupont',
  null,
  true,
  false,
  12,
  -0,
  1e308,
  [],
  ['a', 'b'],
  {},
  { $ne: null },
  { toString: 'x' },
];

const VALID = {
  contact: {
    profile: 'pharmacist',
    provincial: '22',
    subject: 'documentation',
    civility: '1',
    lastname: 'Dupont',
    firstname: 'Léa',
    email: 'lea@example.ch',
    phone: '021 555 12 34',
    message: 'Bonjour',
    address_1: 'Rue du Bourg 1',
    address_2: '',
    zipcode: '1003',
    city: 'Lausanne',
    terms: 'on',
    newsletter: '',
  },
  newsletter: {
    civility: '2',
    lastname: 'Muster',
    firstname: 'Hans',
    email: 'hans@example.ch',
    zipcode: '8001',
    city: 'Zürich',
    consent: 'yes',
    origin: 'INT',
  },
};

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'website',
  'submission',
  'captcha_token',
  'form_token',
  'x[y]',
  '',
];

/** A body: the valid one with some fields dropped, replaced by hostile values, or extra keys. */
function body(next: () => number, kind: 'contact' | 'newsletter', unique: number): Record<string, unknown> {
  const fields = Object.keys(VALID[kind]);
  const out: Record<string, unknown> = { ...VALID[kind], email: `fuzz${unique}@example.ch` };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const changes = 1 + Math.floor(next() * 4);
  for (let i = 0; i < changes; i++) {
    const roll = next();
    if (roll < 0.6) out[pick(fields)] = pick(HOSTILE);
    else if (roll < 0.8) delete out[pick(fields)];
    else out[pick(EXTRA_KEYS)] = pick(HOSTILE);
  }
  return out;
}

describe('contact and newsletter fuzzing (e2e)', () => {
  let t: TestApp;
  let cookie: string;
  let csrf: string;
  let tokens: FormTokens;

  beforeAll(async () => {
    t = await startTestApp({ CONTACT_RATE_LIMIT: '10000', CONTACT_POST_LIMIT: '100000', MAIL_WORKER_INTERVAL_MS: '0' });
    tokens = t.app.get(FormTokens);
    // Listening once: supertest would otherwise listen anew for each of the concurrent requests.
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', () => resolve()));
    const page = await request(t.server).get('/contactez-nous').set('Host', FR);
    const header = page.headers['set-cookie'] as unknown as string[];
    cookie = header.map((c) => c.split(';')[0]).join('; ');
    csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
  });

  afterAll(async () => {
    await t?.app.close();
  });

  /** Percent-encoding that also writes a lone surrogate (invalid UTF-16) as the bytes a client would send. */
  const enc = (text: string) => {
    try {
      return encodeURIComponent(text);
    } catch {
      return '%ED%A0%80';
    }
  };
  const encodeForm = (values: Record<string, unknown>) =>
    Object.entries(values)
      .flatMap(([k, v]) =>
        Array.isArray(v)
          ? v.map((item) => `${enc(k)}=${enc(String(item))}`)
          : [`${enc(k)}=${enc(typeof v === 'object' ? JSON.stringify(v) : String(v))}`],
      )
      .join('&');

  const targets = [
    { name: 'page contact', kind: 'contact', path: '/contactez-nous', api: false, ok: [303, 400] },
    { name: 'page newsletter', kind: 'newsletter', path: '/newsletter', api: false, ok: [303, 400] },
    { name: 'API contact', kind: 'contact', path: '/api/v1/contact', api: true, ok: [201, 400] },
    { name: 'API newsletter', kind: 'newsletter', path: '/api/v1/newsletter', api: true, ok: [201, 400] },
  ] as const;

  it.each(targets)(
    `$name: ${BODIES} malformed bodies, no 5xx`,
    async (target) => {
      const next = random(13 + target.path.length);
      const statuses = new Map<number, number>();
      const queue = Array.from({ length: BODIES }, (_, i) => i);
      const worker = async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          const values = body(next, target.kind, i);
          let res;
          if (target.api) {
            // Every tenth body is not JSON at all, or JSON of the wrong shape.
            const raw = i % 10 === 0 ? '{"lastname":' : i % 10 === 1 ? '[1,2]' : JSON.stringify(values);
            res = await request(t.server)
              .post(target.path)
              .set('Host', FR)
              .set('Content-Type', 'application/json')
              .send(raw);
          } else {
            const form = { _csrf: csrf, form_token: tokens.issue(Date.now() - 10_000), ...values };
            res = await request(t.server)
              .post(target.path)
              .set('Host', FR)
              .set('Cookie', cookie)
              .type('form')
              .send(i % 10 === 0 ? `${encodeForm(form)}&%ZZ=1` : encodeForm(form));
          }
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      const bad = [...statuses.keys()].filter((s) => !(target.ok as readonly number[]).includes(s));
      expect({ bad, statuses: Object.fromEntries(statuses) }).toMatchObject({ bad: [] });
    },
    TIMEOUT_MS,
  );

  it('stored nothing half: each stored request or subscription has its mail, and passes the rules again', async () => {
    const requests = await t.db.selectFrom('contact_request').selectAll().execute();
    const subscriptions = await t.db.selectFrom('newsletter_subscription').selectAll().execute();
    expect(requests.length).toBeGreaterThan(10);
    expect(subscriptions.length).toBeGreaterThan(10);
    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from contact_request r
      where (select count(*) from mail_outbox m where m.reference = 'contact_request:' || r.id) <> 1`.execute(t.db);
    expect(orphans.rows[0]?.n).toBe(0);
    const unmailed = await sql<{ n: number }>`
      select count(*)::int as n from newsletter_subscription s
      where not exists (select 1 from mail_outbox m where m.reference = 'newsletter_subscription:' || s.id)`.execute(
      t.db,
    );
    expect(unmailed.rows[0]?.n).toBe(0);
    for (const r of requests) {
      const address: Record<string, string> = {
        ...(r.address ?? { address_1: '', address_2: '', zipcode: '', city: '' }),
      };
      const values = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, ''])) as Record<
        (typeof CONTACT_FIELDS)[number],
        string
      >;
      Object.assign(values, {
        profile: r.profile,
        provincial: r.provincial === null ? '' : String(r.provincial),
        subject: r.subject,
        civility: String(r.civility_id),
        lastname: r.lastname,
        firstname: r.firstname,
        email: r.email,
        phone: r.phone ?? '',
        message: r.message,
        terms: 'on',
        ...address,
      });
      expect(validateForm(CONTACT_RULES, values, { cities: address.city ? [address.city] : [] })).toEqual({});
    }
    for (const s of subscriptions) {
      const values = Object.fromEntries(NEWSLETTER_FIELDS.map((f) => [f, ''])) as Record<
        (typeof NEWSLETTER_FIELDS)[number],
        string
      >;
      Object.assign(values, {
        civility: String(s.civility_id),
        lastname: s.lastname,
        firstname: s.firstname,
        email: s.email,
        zipcode: s.zipcode,
        city: s.city,
        consent: s.consent ? 'yes' : 'no',
        origin: s.origin ?? '',
      });
      expect(validateForm(NEWSLETTER_RULES, values, { cities: [s.city] })).toEqual({});
    }
  });
});
