import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import request, { type Response as TestResponse } from 'supertest';
import { FormTokens } from '../../src/modules/contact/form-token';
import { OutboxWorker } from '../../src/modules/contact';
import { CONFIRM_LINK_DAYS, NewsletterService } from '../../src/modules/contact/newsletter.service';
import { RetentionJob } from '../../src/modules/contact/retention.job';
import type { SiteContext } from '../../src/common/site/site.types';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { decodeHtml } from '../support/http';
import { javaAvailable, nuErrors } from '../support/nu';

/** SPEC §5 word for word (fr) and the German written for it ('Bitte eine Kantone wählen' as given). */
const MESSAGES = {
  [FR]: {
    firstname: 'Veuillez renseigner votre prénom.',
    lastname: 'Veuillez renseigner votre nom de famille.',
    email: 'Veuillez renseigner une adresse e-mail valide.',
    zipcode: "Merci d'indiquer un code postal valide",
    city: 'Veuillez renseigner une ville.',
    civility: 'Veuillez renseigner votre civilité',
    profile: 'Veuillez sélectionner un profil',
    subject: "Veuillez sélectionner l'objet de votre demande",
    message: 'Veuillez saisir un message',
    option: 'Veuillez sélectionner une option',
    canton: 'Veuillez sélectionner un canton',
    general: 'Merci de bien remplir tous les champs obligatoires.',
    captcha: 'La protection anti-spam à déclenchée une erreur, merci de réessayer.',
    title: 'Contactez-nous',
    confirmTitle: 'Votre demande de contact',
    confirmText: 'La demande de contact a bien été envoyée.',
    crumb: 'Confirmation',
  },
  [DE]: {
    firstname: 'Bitte geben Sie Ihren Vornamen ein.',
    lastname: 'Bitte geben Sie Ihren Nachnamen ein.',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    zipcode: 'Bitte geben Sie eine gültige Postleitzahl an',
    city: 'Bitte geben Sie einen Ort ein.',
    civility: 'Bitte geben Sie Ihre Anrede an',
    profile: 'Bitte wählen Sie ein Profil',
    subject: 'Bitte wählen Sie den Betreff Ihrer Anfrage',
    message: 'Bitte geben Sie eine Nachricht ein',
    option: 'Bitte wählen Sie eine Option',
    canton: 'Bitte eine Kantone wählen',
    general: 'Bitte füllen Sie alle Pflichtfelder aus.',
    captcha: 'Der Spam-Schutz hat einen Fehler ausgelöst, bitte versuchen Sie es erneut.',
    title: 'Kontakt',
    confirmTitle: 'Ihre Kontaktanfrage',
    confirmText: 'Ihre Kontaktanfrage wurde erfolgreich gesendet.',
    crumb: 'Bestätigung',
  },
} as const;

const PATHS = {
  [FR]: { contact: '/contactez-nous', confirmation: '/contactez-nous/confirmation', newsletter: '/newsletter' },
  [DE]: { contact: '/kontakt', confirmation: '/kontakt/bestatigung', newsletter: '/newsletter' },
} as const;

type Host = typeof FR | typeof DE;

/**
 * This run's mark, in every e-mail address and client address of the suite: on a server database and
 * Redis that outlive a run (rows found by e-mail, rate-limit keys kept for the window), a run never
 * meets what an earlier one left.
 */
const RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/** A unique local IPv6 /48 for the run (RFC 4193: fd + 40 random bits). */
const RUN_PREFIX = `fd${randomBytes(5).toString('hex')}`.replace(/^(.{4})(.{4})(.{4})$/, '$1:$2:$3');

/**
 * Each test speaks from its own client address (TRUST_PROXY=1): rate limits stay per test. The
 * throttler counts an IPv6 address for its /64, so each test gets its own /64 of the run's /48.
 */
let lastAddress = 0;
const newSubnet = () => `${RUN_PREFIX}:${(++lastAddress).toString(16)}`;
const newAddress = () => `${newSubnet()}::1`;

/** A local stand-in for the reCAPTCHA verification endpoint: the token says what it answers. */
function captchaStub(): Promise<{ server: Server; url: string; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const token = form.get('response') ?? '';
      calls.push(token);
      const json = (status: number, answer: object) =>
        void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (form.get('secret') !== 'test-secret')
        return json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
      if (token === 'down') return void res.writeHead(503).end();
      // The site's own request refused (a wrong secret, a wrong URL): a configuration error.
      if (token === 'badsecret') return json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
      if (token === 'forbidden') return json(403, { error: 'forbidden' });
      if (token === 'fail') return json(200, { success: false, 'error-codes': ['invalid-input-response'] });
      if (token === 'hang') return; // never answers: the timeout decides
      const [verdict, host = 'produits.localhost', action = 'contact'] = token.split('_');
      const answer = {
        success: verdict !== 'fail',
        score: verdict === 'low' ? 0.1 : 0.9,
        action,
        hostname: host,
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify`, calls }),
    ),
  );
}

interface Smtp {
  server: SMTPServer;
  received: string[];
}

function startSmtp(port: number, received: string[]): Promise<Smtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, received }));
  });
}

const stopSmtp = (smtp: Smtp) => new Promise<void>((resolve) => smtp.server.close(() => resolve()));

function setCookies(res: TestResponse): string[] {
  const header = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** A browser: its cookies, address, and the hidden fields of the last form it read. */
interface Visitor {
  host: Host;
  ip: string;
  cookie: string;
  hidden: Record<string, string>;
}

const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], decodeHtml(m[2])]),
  );

/** The text of a field's message, found through the field's aria-describedby (SPEC: tied to its field). */
function fieldMessage(html: string, form: string, field: string): string | null {
  const id = `${form}-${field}-error`;
  const match = new RegExp(`<p class="form-field__error" id="${id}">([^<]*)</p>`).exec(html);
  if (!match) return null;
  expect(html).toMatch(new RegExp(`aria-describedby="[^"]*${id}[^"]*"`));
  return decodeHtml(match[1]);
}

/** The toast's message (after the captcha toast's title, when it has one). */
const toast = (html: string) => {
  const match =
    /<div class="form-toast form-toast--danger" role="alert"><div>(?:<p class="form-toast__title">[^<]*<\/p>)?<p>([^<]*)<\/p>/.exec(
      html,
    );
  return match ? decodeHtml(match[1]) : null;
};

const VALID_CONTACT = {
  profile: 'customer',
  subject: 'product_information',
  civility: '1',
  lastname: 'Dupont',
  firstname: 'Léa',
  email: `lea.dupont.${RUN}@example.ch`,
  phone: '+41 21 555 12 34',
  message: 'Bonjour, le produit convient-il aux enfants ?',
  terms: 'on',
};

const VALID_NEWSLETTER = {
  civility: '2',
  lastname: 'Muster',
  firstname: 'Hans',
  email: `Hans.Muster.${RUN}@example.ch`,
  zipcode: '8001',
  city: 'Zürich',
  consent: 'yes',
  origin: 'PHA',
};

describe('contact form, confirmation and newsletter (e2e)', () => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof captchaStub>>;
  let smtp: Smtp;
  let smtpPort: number;
  let tokens: FormTokens;
  const received: string[] = [];
  let suiteStart: Date;
  /** Pages with every message shown, for the W3C Nu checker. */
  const nuPages: Record<string, string> = {};

  beforeAll(async () => {
    suiteStart = new Date(Date.now() - 1000);
    stub = await captchaStub();
    smtp = await startSmtp(0, received);
    smtpPort = (smtp.server.server.address() as AddressInfo).port;
    t = await startTestApp({
      TRUST_PROXY: '1',
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_SITE_KEY: 'test-site-key-0123',
      RECAPTCHA_VERIFY_URL: stub.url,
      RECAPTCHA_TIMEOUT_MS: '500',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_WORKER_INTERVAL_MS: '0',
      MAIL_MAX_ATTEMPTS: '3',
      CONTACT_RATE_LIMIT: '10',
      CONTACT_POST_LIMIT: '16',
    });
    tokens = t.app.get(FormTokens);
  });

  afterAll(async () => {
    await t?.app.close();
    await stopSmtp(smtp);
    await new Promise((resolve) => stub.server.close(resolve));
  });

  async function open(host: Host, path: string, ip = newAddress()): Promise<{ v: Visitor; html: string }> {
    const res = await request(t.server).get(path).set('Host', host).set('X-Forwarded-For', ip);
    expect(res.status).toBe(200);
    const cookie = setCookies(res)
      .map((c) => c.split(';')[0])
      .join('; ');
    return { v: { host, ip, cookie, hidden: hiddenFields(res.text) }, html: res.text };
  }

  /** Posts like the browser, with a form token old enough (the minimum fill time passed). */
  function post(v: Visitor, path: string, fields: Record<string, string>, options: { fresh?: boolean } = {}) {
    const body = {
      ...v.hidden,
      ...(options.fresh ? {} : { form_token: tokens.issue(Date.now() - 10_000) }),
      ...fields,
    };
    return request(t.server)
      .post(path)
      .set('Host', v.host)
      .set('X-Forwarded-For', v.ip)
      .set('Cookie', v.cookie)
      .type('form')
      .send(body);
  }

  const requestsOf = (email: string) =>
    t.db.selectFrom('contact_request').selectAll().where('email', '=', email).execute();

  describe.each([FR, DE] as Host[])('on %s', (host) => {
    const m = MESSAGES[host];
    const paths = PATHS[host];

    it('shows the form with its starred fields, tokens, and no cache', async () => {
      const res = await request(t.server).get(paths.contact).set('Host', host);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      // reCAPTCHA is configured here: its script and frame are allowed, nothing else is.
      expect(res.headers['content-security-policy']).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
      const html = decodeHtml(res.text);
      expect(html).toContain(`<h1 id="contact-title">${m.title}</h1>`);
      for (const name of ['_csrf', 'form_token']) expect(html).toContain(`name="${name}"`);
      // The island sends through the API: the form says where, and where to go next.
      expect(html).toContain(`"api":{"action":"/api/v1/contact","confirmationHref":"${paths.confirmation}"}`);
      expect(html).toContain('name="website"'); // the honeypot
      expect((html.match(/form-field__star/g) ?? []).length).toBe(8); // the canton and the address block: required once revealed
      // Civilities from the server; the documentation request only when the catalogue is asked.
      expect(html).toContain(host === FR ? '>Madame<' : '>Frau<');
      expect(html).not.toContain('value="documentation"');
      // Reached from the footer of every page, and from a block of the home page.
      const home = await request(t.server).get('/').set('Host', host);
      expect(home.text).toMatch(
        new RegExp(
          `<section class="service-card service-card--newsletter"[^>]*>.*?<a class="button" href="${paths.newsletter}">`,
          's',
        ),
      );
      const catalogue = await request(t.server).get(`${paths.contact}?catalogue`).set('Host', host);
      expect(catalogue.text).toContain('value="documentation"');
    });

    it('answers an empty post with every message of SPEC §5 beside its field, and the general toast', async () => {
      const { v } = await open(host, paths.contact);
      const res = await post(v, paths.contact, { profile: 'pharmacist', subject: 'documentation' });
      expect(res.status).toBe(400);
      const html = res.text;
      nuPages[`${host}-contact-errors`] = html;
      expect(toast(html)).toBe(m.general);
      expect(fieldMessage(html, 'contact', 'civility')).toBe(m.civility);
      expect(fieldMessage(html, 'contact', 'lastname')).toBe(m.lastname);
      expect(fieldMessage(html, 'contact', 'firstname')).toBe(m.firstname);
      expect(fieldMessage(html, 'contact', 'email')).toBe(m.email);
      expect(fieldMessage(html, 'contact', 'message')).toBe(m.message);
      expect(fieldMessage(html, 'contact', 'provincial')).toBe(m.canton);
      expect(fieldMessage(html, 'contact', 'zipcode')).toBe(m.zipcode);
      expect(fieldMessage(html, 'contact', 'city')).toBe(m.city);
      const none = await post(v, paths.contact, {});
      expect(fieldMessage(none.text, 'contact', 'profile')).toBe(m.profile);
      expect(fieldMessage(none.text, 'contact', 'subject')).toBe(m.subject);
    });

    it('round-trips without JavaScript: values kept, then 303 to the confirmation; a reload sends nothing', async () => {
      const email = `round.trip.${host}.${RUN}@example.ch`;
      const { v } = await open(host, paths.contact);
      const bad = await post(v, paths.contact, { ...VALID_CONTACT, email, lastname: 'Dup5nt' });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain(`value="${email}"`);
      expect(bad.text).toContain('Bonjour, le produit convient-il aux enfants ?');
      const ok = await post(v, paths.contact, { ...VALID_CONTACT, email });
      expect(ok.status).toBe(303);
      expect(ok.headers.location).toBe(paths.confirmation);
      expect(await requestsOf(email)).toHaveLength(1);
      const page = await request(t.server).get(paths.confirmation).set('Host', host);
      expect(page.status).toBe(200);
      const html = decodeHtml(page.text);
      expect(html).toContain(m.confirmTitle);
      expect(html).toContain(m.confirmText);
      expect(html).toContain(`>${m.title}</a>`);
      expect(html).toContain(m.crumb);
      await request(t.server).get(paths.confirmation).set('Host', host);
      expect(await requestsOf(email)).toHaveLength(1);
    });

    it('newsletter: every message, then a pending subscription and its opt-in mail', async () => {
      const { v, html } = await open(host, paths.newsletter);
      expect(decodeHtml(html)).toContain(host === FR ? 'Pharmacien' : 'Apotheker');
      const empty = await post(v, paths.newsletter, {});
      expect(empty.status).toBe(400);
      nuPages[`${host}-newsletter-errors`] = empty.text;
      expect(fieldMessage(empty.text, 'newsletter', 'civility')).toBe(m.civility);
      expect(fieldMessage(empty.text, 'newsletter', 'zipcode')).toBe(m.zipcode);
      expect(fieldMessage(empty.text, 'newsletter', 'city')).toBe(m.city);
      expect(decodeHtml(empty.text)).toContain(
        `<p class="form-field__error" id="newsletter-consent-error">${m.option}</p>`,
      );
      const email = `news.${host}.${RUN}@example.ch`;
      const ok = await post(v, paths.newsletter, { ...VALID_NEWSLETTER, email });
      expect(ok.status).toBe(303);
      expect(ok.headers.location).toBe(`${paths.confirmation}?type=newsletter`);
      const row = await t.db
        .selectFrom('newsletter_subscription')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    });
  });

  describe('rules', () => {
    it.each([';', '*', '@', '.', '%', '^', '=', '1', '5', '9'])('refuses %s in the last and first names', async (c) => {
      const { v } = await open(FR, '/contactez-nous');
      const res = await post(v, '/contactez-nous', { ...VALID_CONTACT, lastname: `Du${c}pont`, firstname: `L${c}a` });
      expect(res.status).toBe(400);
      expect(fieldMessage(res.text, 'contact', 'lastname')).toBe(MESSAGES[FR].lastname);
      expect(fieldMessage(res.text, 'contact', 'firstname')).toBe(MESSAGES[FR].firstname);
    });

    it('accepts 0, hyphens, apostrophes and accents in names', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const res = await post(v, '/contactez-nous', {
        ...VALID_CONTACT,
        lastname: "D'Ar-0 Çé",
        email: `names.${RUN}@example.ch`,
      });
      expect(res.status).toBe(303);
    });

    it('asks the canton only of a non-customer', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const customer = await post(v, '/contactez-nous', {
        ...VALID_CONTACT,
        email: `canton.customer.${RUN}@example.ch`,
      });
      expect(customer.status).toBe(303);
      for (const profile of ['health_professional', 'pharmacist', 'other']) {
        const res = await post(v, '/contactez-nous', { ...VALID_CONTACT, profile });
        expect(fieldMessage(res.text, 'contact', 'provincial')).toBe(MESSAGES[FR].canton);
      }
      const bad = await post(v, '/contactez-nous', { ...VALID_CONTACT, profile: 'pharmacist', provincial: '27' });
      expect(fieldMessage(bad.text, 'contact', 'provincial')).toBe(MESSAGES[FR].canton);
      const ok = await post(v, '/contactez-nous', {
        ...VALID_CONTACT,
        profile: 'pharmacist',
        provincial: '22',
        email: `canton.pharmacist.${RUN}@example.ch`,
      });
      expect(ok.status).toBe(303);
      expect((await requestsOf(`canton.pharmacist.${RUN}@example.ch`))[0]?.provincial).toBe(22);
    });

    it('documentation: address line 1, a 4-digit zipcode that names a city, and a city of that zipcode', async () => {
      const { v } = await open(FR, '/contactez-nous?catalogue');
      const doc = { ...VALID_CONTACT, subject: 'documentation' };
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ zipcode: '1003', city: 'Lausanne' }, 'address_1', 'Veuillez renseigner une adresse.'],
        [{ address_1: 'Rue du Bourg 1', zipcode: '100', city: 'Lausanne' }, 'zipcode', MESSAGES[FR].zipcode],
        [{ address_1: 'Rue du Bourg 1', zipcode: '10034', city: 'Lausanne' }, 'zipcode', MESSAGES[FR].zipcode],
        [{ address_1: 'Rue du Bourg 1', zipcode: '0000', city: 'Lausanne' }, 'zipcode', MESSAGES[FR].zipcode],
        [{ address_1: 'Rue du Bourg 1', zipcode: '1003', city: 'Genève' }, 'city', MESSAGES[FR].city],
        [{ address_1: 'Rue du Bourg 1', zipcode: '1003', city: '' }, 'city', MESSAGES[FR].city],
      ];
      for (const [fields, field, text] of cases) {
        const res = await post(v, '/contactez-nous?catalogue', { ...doc, ...fields });
        expect([field, res.status]).toEqual([field, 400]);
        expect(fieldMessage(res.text, 'contact', field)).toBe(text);
      }
      // The posted zipcode's localities come back as the city choice.
      const again = await post(v, '/contactez-nous?catalogue', { ...doc, zipcode: '1003', city: '' });
      expect(again.text).toMatch(/<select[^>]*name="city"[^>]*>.*Lausanne/s);
      const ok = await post(v, '/contactez-nous?catalogue', {
        ...doc,
        address_1: 'Rue du Bourg 1',
        zipcode: '1003',
        city: 'Lausanne',
        email: `doc.${RUN}@example.ch`,
      });
      expect(ok.status).toBe(303);
      const [row] = await requestsOf(`doc.${RUN}@example.ch`);
      expect(row?.address).toEqual({ address_1: 'Rue du Bourg 1', address_2: '', zipcode: '1003', city: 'Lausanne' });
    });

    it('refuses an over-long message with the bound in the text', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const res = await post(v, '/contactez-nous', { ...VALID_CONTACT, message: 'x'.repeat(5001) });
      expect(fieldMessage(res.text, 'contact', 'message')).toBe('Ce champ ne doit pas dépasser 5000 caractères.');
    });
  });

  describe('security and anti-spam', () => {
    it.each([
      ['contact', '/contactez-nous', () => ({ ...VALID_CONTACT, email: `csrf.${RUN}@example.ch` })],
      ['newsletter', '/newsletter', () => ({ ...VALID_NEWSLETTER, email: `csrf.news.${RUN}@example.ch` })],
    ] as const)(
      '%s: a refused CSRF token stores nothing and answers the form again (403), values kept, with a fresh token',
      async (form, path, fields) => {
        const email = fields().email;
        const stored = async () =>
          form === 'contact'
            ? (await requestsOf(email)).length
            : (await t.db.selectFrom('newsletter_subscription').select('id').where('email', '=', email).execute())
                .length;
        const { v } = await open(FR, path);
        // A forged field, and a browser whose session cookie went away (the common, innocent case).
        const forged = await post({ ...v, hidden: { ...v.hidden, _csrf: 'forged' } }, path, fields());
        const noCookie = await post({ ...v, cookie: '' }, path, fields());
        for (const res of [forged, noCookie]) {
          expect(res.status).toBe(403);
          expect(toast(res.text)).toBe(
            'Votre session a expiré\u00a0: votre saisie a été conservée. Vérifiez le formulaire et envoyez-le à nouveau.',
          );
          expect(res.text).toContain(`value="${email}"`);
        }
        expect(await stored()).toBe(0);
        // The answer carries a token for the browser's cookie (a new cookie when it had none): sent
        // again as it is, the form goes through.
        const cookie = setCookies(noCookie)
          .map((c) => c.split(';')[0])
          .join('; ');
        expect(cookie).toMatch(/^csrf=/);
        const again = await post({ ...v, cookie, hidden: hiddenFields(noCookie.text) }, path, fields());
        expect(again.status).toBe(303);
        expect(await stored()).toBe(1);
      },
    );

    it('drops a filled honeypot: the bot sees the confirmation, nothing is stored', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const res = await post(v, '/contactez-nous', {
        ...VALID_CONTACT,
        email: `bot.${RUN}@example.ch`,
        website: 'http://spam',
      });
      expect(res.status).toBe(303);
      expect(await requestsOf(`bot.${RUN}@example.ch`)).toHaveLength(0);
    });

    it('refuses a form sent sooner than the minimum fill time, and a forged form token', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const fast = await post(
        v,
        '/contactez-nous',
        { ...VALID_CONTACT, email: `fast.${RUN}@example.ch` },
        { fresh: true },
      );
      expect(fast.status).toBe(400);
      expect(toast(fast.text)).toBe('Votre envoi a été trop rapide. Vérifiez le formulaire et envoyez-le à nouveau.');
      expect(fast.text).toContain(`value="fast.${RUN}@example.ch"`);
      const forged = await post(v, '/contactez-nous', {
        ...VALID_CONTACT,
        form_token: '1.2.3',
        email: `fast.${RUN}@example.ch`,
      });
      expect(toast(forged.text)).toBe("Une erreur inconnue s'est produite");
      expect(await requestsOf(`fast.${RUN}@example.ch`)).toHaveLength(0);
    });

    it('stores a double submit once', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const body = {
        ...VALID_CONTACT,
        email: `twice.${RUN}@example.ch`,
        form_token: tokens.issue(Date.now() - 10_000),
      };
      const [a, b] = await Promise.all([post(v, '/contactez-nous', body), post(v, '/contactez-nous', body)]);
      expect([a.status, b.status]).toEqual([303, 303]);
      expect(await requestsOf(`twice.${RUN}@example.ch`)).toHaveLength(1);
      expect(
        await t.db.selectFrom('mail_outbox').select('id').where('body', 'like', `%twice.${RUN}@example.ch%`).execute(),
      ).toHaveLength(1);
    });

    it('queues one opt-in mail for a newsletter sign-up sent twice', async () => {
      const email = `double.news.${RUN}@example.ch`;
      const { v } = await open(FR, '/newsletter');
      // Two posts of the form, each with its own form token: a re-submit, not the same submission.
      expect((await post(v, '/newsletter', { ...VALID_NEWSLETTER, email })).status).toBe(303);
      expect((await post(v, '/newsletter', { ...VALID_NEWSLETTER, email })).status).toBe(303);
      const mails = await t.db.selectFrom('mail_outbox').select('kind').where('recipient', '=', email).execute();
      expect(mails).toEqual([{ kind: 'newsletter_confirm' }]);
    });

    it('limits valid submissions per client address (429, values kept); mistakes corrected do not count', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const statuses: number[] = [];
      // A visitor without JavaScript gets fields wrong six times: answered with the messages, not counted.
      for (let i = 0; i < 6; i++)
        statuses.push((await post(v, '/contactez-nous', { ...VALID_CONTACT, lastname: `Du${i + 1}pont` })).status);
      for (let i = 0; i < 11; i++) {
        const res = await post(v, '/contactez-nous', { ...VALID_CONTACT, email: `limit.${i}.${RUN}@example.ch` });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(toast(res.text)).toBe(
            "Trop d'envois depuis votre connexion. Merci de réessayer dans quelques minutes.",
          );
          expect(res.text).toContain(`value="limit.${i}.${RUN}@example.ch"`);
        }
      }
      expect(statuses).toEqual([...Array<number>(6).fill(400), ...Array<number>(10).fill(303), 429]);
      expect(await requestsOf(`limit.10.${RUN}@example.ch`)).toHaveLength(0);
      // The API shares the budget, and answers SPEC §7's errors.code.
      const api = await request(t.server)
        .post('/api/v1/contact')
        .set('Host', FR)
        .set('X-Forwarded-For', v.ip)
        .send({ ...VALID_CONTACT, email: `limit.api.${RUN}@example.ch`, captcha_token: 'good' });
      expect(api.status).toBe(429);
      expect(api.body).toMatchObject({
        statusCode: 429,
        error: 'RATE_LIMITED',
        errors: { code: 'RATE_LIMITED', fields: {} },
      });
    });

    it('limits every post more loosely (429, values kept); a forged X-Forwarded-For entry does not help', async () => {
      const ip = newAddress();
      const { v } = await open(FR, '/contactez-nous', ip);
      const statuses: number[] = [];
      for (let i = 0; i < 18; i++) {
        // The client adds its own leftmost entry: with TRUST_PROXY=1 only the proxy's (last) one counts.
        const res = await post({ ...v, ip: `10.9.9.${i}, ${ip}` }, '/contactez-nous', {
          lastname: `Essai`,
          email: `limit.${RUN}@example.ch`,
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.text).toContain(`value="limit.${RUN}@example.ch"`);
      }
      expect(statuses).toEqual([...Array<number>(16).fill(400), 429, 429]);
      const api = await request(t.server).post('/api/v1/contact').set('Host', FR).set('X-Forwarded-For', ip).send({});
      expect(api.status).toBe(429);
      expect(api.body.errors).toEqual({ code: 'RATE_LIMITED', fields: {} });
      const other = await open(FR, '/contactez-nous');
      expect((await post(other.v, '/contactez-nous', {})).status).toBe(400);
    });

    it('counts an IPv6 client for its /64 (the library default): addresses of one /64 share a budget', async () => {
      const subnet = newSubnet();
      const { v } = await open(FR, '/contactez-nous', `${subnet}::1`);
      const statuses: number[] = [];
      // 17 addresses of one /64 (interface ids a client picks at will, privacy extensions): one client.
      for (let i = 1; i <= 17; i++) {
        const res = await post(
          { ...v, ip: `${subnet}:${i.toString(16)}:0:${i.toString(16)}:1` },
          '/contactez-nous',
          {},
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array<number>(16).fill(400), 429]);
      // The neighbouring /64 is another client, with its own budget.
      const neighbour = await open(FR, '/contactez-nous', `${newSubnet()}::1`);
      expect((await post(neighbour.v, '/contactez-nous', {})).status).toBe(400);
    });

    it('a storage failure answers the unknown error (503), values kept, not the 500 page; the API a 503', async () => {
      const email = `storage.fail.${RUN}@example.ch`;
      const unknown = 'Une erreur inconnue est survenue, merci de réessayer ou de contacter notre service client';
      // The database refuses this run's address only (other suites may share a server database).
      const constraint = (table: string) => sql.raw(`storage_fail_${table}_${RUN}`);
      for (const table of ['contact_request', 'newsletter_subscription'])
        await sql`alter table ${sql.table(table)} add constraint ${constraint(table)} check (email <> ${sql.lit(email)})`.execute(
          t.db,
        );
      try {
        const contact = await open(FR, '/contactez-nous');
        const res = await post(contact.v, '/contactez-nous', { ...VALID_CONTACT, email });
        expect(res.status).toBe(503);
        expect(toast(res.text)).toBe(unknown);
        expect(res.text).toContain(`value="${email}"`);
        const newsletter = await open(FR, '/newsletter');
        const news = await post(newsletter.v, '/newsletter', { ...VALID_NEWSLETTER, email });
        expect(news.status).toBe(503);
        expect(toast(news.text)).toBe(unknown);
        const api = await request(t.server)
          .post('/api/v1/contact')
          .set('Host', FR)
          .set('X-Forwarded-For', newAddress())
          .send({ ...VALID_CONTACT, terms: true, email, captcha_token: 'good' });
        expect(api.status).toBe(503);
        expect(api.body).toMatchObject({ statusCode: 503, error: 'UNKNOWN_ERROR', errors: { code: 'UNKNOWN_ERROR' } });
        expect(t.logs.join('\n')).toMatch(/Submission not stored/);
      } finally {
        for (const table of ['contact_request', 'newsletter_subscription'])
          await sql`alter table ${sql.table(table)} drop constraint ${constraint(table)}`.execute(t.db);
      }
      expect(await requestsOf(email)).toHaveLength(0);
    });

    it('captcha: a good token is verified; RECAPTCHA_ERROR on refusal; unreachable keeps the request unverified', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const send = (token: string, email: string) =>
        post(v, '/contactez-nous', { ...VALID_CONTACT, email, captcha_token: token });
      expect((await send('good', `captcha.good.${RUN}@example.ch`)).status).toBe(303);
      expect((await requestsOf(`captcha.good.${RUN}@example.ch`))[0]).toMatchObject({ captcha: 'verified' });
      for (const token of ['low', 'fail', 'good_evil.example', 'good_produits.localhost_login']) {
        const res = await send(token, `captcha.bad.${RUN}@example.ch`);
        expect([token, res.status]).toEqual([token, 400]);
        expect(toast(res.text)).toBe(MESSAGES[FR].captcha);
      }
      expect(await requestsOf(`captcha.bad.${RUN}@example.ch`)).toHaveLength(0);
      expect((await send('down', `captcha.down.${RUN}@example.ch`)).status).toBe(303);
      expect((await send('hang', `captcha.hang.${RUN}@example.ch`)).status).toBe(303);
      expect((await requestsOf(`captcha.down.${RUN}@example.ch`))[0]).toMatchObject({ captcha: 'unverified' });
      expect((await requestsOf(`captcha.hang.${RUN}@example.ch`))[0]).toMatchObject({ captcha: 'unverified' });
      // Without JavaScript there is no token: kept, marked for the team (honeypot, fill time, rate limit stood in).
      expect((await send('', `captcha.none.${RUN}@example.ch`)).status).toBe(303);
      expect((await requestsOf(`captcha.none.${RUN}@example.ch`))[0]).toMatchObject({ captcha: 'no_javascript' });
      // The service desk's mail says so.
      const desk = await t.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('body', 'like', `%captcha.none.${RUN}@example.ch%`)
        .executeTakeFirstOrThrow();
      expect(desk.body).toMatch(/Vérification anti-spam: non vérifiée\u00a0: envoyée sans JavaScript/);
    });

    it("captcha: a refusal of the site's own request (secret, URL) is a configuration error, not the visitor's", async () => {
      const { v } = await open(FR, '/contactez-nous');
      for (const token of ['badsecret', 'forbidden']) {
        const email = `captcha.${token}.${RUN}@example.ch`;
        const res = await post(v, '/contactez-nous', { ...VALID_CONTACT, email, captcha_token: token });
        expect([token, res.status]).toEqual([token, 303]);
        expect((await requestsOf(email))[0]).toMatchObject({ captcha: 'unverified' });
      }
      expect(t.logs.join('\n')).toMatch(/reCAPTCHA refused the site's verification request.*invalid-input-secret/);
      expect(t.logs.join('\n')).toMatch(/reCAPTCHA refused the site's verification request.*answer 403/);
    });

    it('keeps the time the form was first shown across answers (the fill time is not restarted)', async () => {
      const { v } = await open(FR, '/contactez-nous');
      const shown = v.hidden.form_token!;
      // Too fast, then a mistake: each answer carries the token of the form first shown.
      const fast = await post(v, '/contactez-nous', { ...VALID_CONTACT, form_token: shown }, { fresh: true });
      expect(fast.status).toBe(400);
      expect(hiddenFields(fast.text).form_token).toBe(shown);
      const older = tokens.issue(Date.now() - 10_000);
      const mistake = await post(v, '/contactez-nous', { ...VALID_CONTACT, lastname: 'Du.pont', form_token: older });
      expect(mistake.status).toBe(400);
      expect(hiddenFields(mistake.text).form_token).toBe(older);
      // A forged or expired token is replaced by a fresh one.
      const forged = await post(v, '/contactez-nous', { ...VALID_CONTACT, form_token: `${older}x` });
      expect(hiddenFields(forged.text).form_token).not.toContain(older);
      expect(tokens.check(hiddenFields(forged.text).form_token)).toMatchObject({ reason: 'too_fast' });
    });
  });

  describe('API', () => {
    const api = (method: 'get' | 'post', path: string, host: Host = FR) =>
      request(t.server)[method](path).set('Host', host).set('X-Forwarded-For', newAddress());

    it('GET /api/v1/civilities?language= and /api/v1/provincials (26 cantons, French and German names)', async () => {
      const fr = await api('get', '/api/v1/civilities?language=fr');
      expect(fr.body).toEqual({
        data: {
          items: [
            { id: 1, label: 'Madame' },
            { id: 2, label: 'Monsieur' },
          ],
          total: 2,
        },
      });
      const de = await api('get', '/api/v1/civilities?language=de');
      expect(de.body.data.items.map((c: { label: string }) => c.label)).toEqual(['Frau', 'Herr']);
      expect((await api('get', '/api/v1/civilities?language=xx')).status).toBe(400);
      const cantons = await api('get', '/api/v1/provincials', DE);
      expect(cantons.body.data.total).toBe(26);
      expect(cantons.body.data.items).toContainEqual({
        id: 22,
        code: 'VD',
        name: 'Waadt',
        names: { fr: 'Vaud', de: 'Waadt' },
      });
      expect((await api('get', '/api/v1/provincials?foo=1')).status).toBe(400);
    });

    it('POST /api/v1/contact: 201, 400 with a code per field, RECAPTCHA_ERROR, and a missing token', async () => {
      const created = await api('post', '/api/v1/contact').send({
        ...VALID_CONTACT,
        terms: true,
        email: `api.${RUN}@example.ch`,
        captcha_token: 'good',
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ data: { status: 'created' } });
      expect(await requestsOf(`api.${RUN}@example.ch`)).toHaveLength(1);
      const invalid = await api('post', '/api/v1/contact').send({ lastname: 'X=Y', captcha_token: 'good' });
      expect(invalid.status).toBe(400);
      // SPEC §7: the codes in errors (errors.code, and a code per field); details as every API 400.
      expect(invalid.body).toMatchObject({
        statusCode: 400,
        error: 'INVALID_INPUT',
        message: 'Invalid parameters',
        details: { lastname: 'validation_lastname', profile: 'validation_profile', email: 'validation_email' },
        errors: {
          code: 'INVALID_INPUT',
          fields: {
            lastname: { code: 'validation_lastname' },
            profile: { code: 'validation_profile' },
            email: { code: 'validation_email' },
          },
        },
      });
      const captcha = await api('post', '/api/v1/contact').send({ ...VALID_CONTACT, captcha_token: 'low' });
      expect(captcha.status).toBe(400);
      expect(captcha.body.errors).toEqual({
        code: 'RECAPTCHA_ERROR',
        fields: { captcha_token: { code: 'RECAPTCHA_ERROR' } },
      });
      expect(captcha.body.details).toEqual({ captcha_token: 'RECAPTCHA_ERROR' });
      // The island (JavaScript) must bring a token: without one, the default form error.
      const missing = await api('post', '/api/v1/contact').send({ ...VALID_CONTACT });
      expect(missing.body.errors).toEqual({
        code: 'CAPTCHA_MISSING',
        fields: { captcha_token: { code: 'default_form_error' } },
      });
      // The island's form token: the minimum fill time, and the submission's identity.
      const island = (formToken: string, email: string) =>
        api('post', '/api/v1/contact').send({ ...VALID_CONTACT, email, captcha_token: 'good', form_token: formToken });
      const fast = await island(tokens.issue(), `api.fast.${RUN}@example.ch`);
      expect(fast.body.errors).toEqual({ code: 'TOO_FAST', fields: { form_token: { code: 'too_fast' } } });
      const shown = tokens.issue(Date.now() - 10_000);
      expect((await island(shown, `api.island.${RUN}@example.ch`)).status).toBe(201);
      expect((await island(shown, `api.island.${RUN}@example.ch`)).status).toBe(201);
      expect(await requestsOf(`api.island.${RUN}@example.ch`)).toHaveLength(1);
      expect(await requestsOf(`api.fast.${RUN}@example.ch`)).toHaveLength(0);
      const form = await api('post', '/api/v1/contact')
        .type('form')
        .send({ ...VALID_CONTACT, captcha_token: 'good' });
      expect(form.status).toBe(400);
      const idem = {
        ...VALID_CONTACT,
        email: `idem.${RUN}@example.ch`,
        captcha_token: 'good',
        submission: `client-key-${RUN}`,
      };
      await api('post', '/api/v1/contact').send(idem);
      await api('post', '/api/v1/contact').send(idem);
      expect(await requestsOf(`idem.${RUN}@example.ch`)).toHaveLength(1);
    });

    it('POST /api/v1/newsletter: 201 and a code per field', async () => {
      const ok = await api('post', '/api/v1/newsletter').send({
        ...VALID_NEWSLETTER,
        email: `api.news.${RUN}@example.ch`,
        captcha_token: 'good_produits.localhost_newsletter',
      });
      expect(ok.status).toBe(201);
      const bad = await api('post', '/api/v1/newsletter').send({
        consent: 'maybe',
        zipcode: '9999',
        captcha_token: 'good',
      });
      expect(bad.body.errors).toMatchObject({
        code: 'INVALID_INPUT',
        fields: { consent: { code: 'validation_option' }, zipcode: { code: 'validation_address_zipcode' } },
      });
    });
  });

  describe('mail outbox', () => {
    const worker = () => t.app.get(OutboxWorker);
    const dueNow = () =>
      t.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: sql<Date>`now()` })
        .where('sent_at', 'is', null)
        .execute();

    it('delivers the service desk mail and the opt-in mail over SMTP; the opt-in link confirms', async () => {
      received.length = 0;
      await worker().runOnce();
      const desk = received.find((m) => m.includes(`round.trip.produits.localhost.${RUN}@example.ch`));
      expect(desk).toBeDefined();
      expect(desk).toContain('service-client@localhost');
      const optIn = received.find((m) => m.includes(`news.produits.localhost.${RUN}@example.ch`));
      expect(optIn).toBeDefined();
      const unfolded = optIn!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /http:\/\/produits\.localhost\/newsletter\?confirm=[A-Za-z0-9_.-]+/.exec(unfolded)?.[0];
      expect(link).toBeDefined();
      expect(unfolded).toMatch(/\/newsletter\?unsubscribe=/);
      const path = link!.replace('http://produits.localhost', '');
      const confirmed = await request(t.server).get(path).set('Host', FR);
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.location).toBe('/contactez-nous/confirmation?type=newsletter_confirmed');
      const row = await t.db
        .selectFrom('newsletter_subscription')
        .select('status')
        .where('email', '=', `news.produits.localhost.${RUN}@example.ch`)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('confirmed');
      const forged = await request(t.server).get(`${path}x`).set('Host', FR);
      expect(forged.headers.location).toBe('/contactez-nous/confirmation?type=link_invalid');
      // Nothing of this suite's left unsent (other suites sharing a server database may leave their own).
      const unsent = await t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('created_at', '>=', suiteStart)
        .execute();
      expect(unsent.length).toBe(0);
    });

    it('newsletter links: unsubscribe works; an expired, tampered or malformed link shows the invalid-link page', async () => {
      const email = `links.${RUN}@example.ch`;
      const { v } = await open(FR, '/newsletter');
      expect((await post(v, '/newsletter', { ...VALID_NEWSLETTER, email })).status).toBe(303);
      const { id } = await t.db
        .selectFrom('newsletter_subscription')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const status = async () =>
        (
          await t.db
            .selectFrom('newsletter_subscription')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).status;
      const newsletter = t.app.get(NewsletterService);
      const site = { origin: 'http://produits.localhost', locale: 'fr' } as SiteContext;
      const follow = (link: string) => request(t.server).get(link.replace(site.origin, '')).set('Host', FR);
      const invalid = '/contactez-nous/confirmation?type=link_invalid';

      // Expired: a confirmation link issued 8 days ago (valid for 7).
      const old = newsletter.link(site, 'confirm', String(id), email, CONFIRM_LINK_DAYS, Date.now() - 8 * 86400_000);
      expect((await follow(old)).headers.location).toBe(invalid);
      // Tampered: another address under the original signature; a signature of the other purpose.
      const unsubscribe = newsletter.link(site, 'unsubscribe', String(id), email, 30);
      const token = new URL(unsubscribe).searchParams.get('unsubscribe')!;
      const [payload, signature] = token.split('.') as [string, string];
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const other = Buffer.from(JSON.stringify({ ...data, e: `victim.${RUN}@example.ch` })).toString('base64url');
      const tampered = [`unsubscribe=${other}.${signature}`, `confirm=${token}`];
      // Malformed: empty, not base64 JSON, repeated (an array), far too long.
      const malformed = ['confirm=', 'confirm=a.b', 'confirm=x&confirm=y', `confirm=${'a'.repeat(3000)}.b`];
      for (const query of [...tampered, ...malformed]) {
        const res = await request(t.server).get(`/newsletter?${query}`).set('Host', FR);
        expect([query, res.status, res.headers.location]).toEqual([query, 303, invalid]);
      }
      expect(await status()).toBe('pending');
      const page = await request(t.server).get(invalid).set('Host', FR);
      expect(page.status).toBe(200);
      expect(decodeHtml(page.text)).toContain('Lien invalide ou expiré');

      const done = await follow(unsubscribe);
      expect(done.headers.location).toBe('/contactez-nous/confirmation?type=unsubscribed');
      expect(await status()).toBe('unsubscribed');
      // An unsubscribed prospect's confirmation link no longer confirms.
      const confirm = newsletter.link(site, 'confirm', String(id), email, CONFIRM_LINK_DAYS);
      expect((await follow(confirm)).headers.location).toBe(invalid);
      expect(await status()).toBe('unsubscribed');
    });

    it('SMTP down: nothing lost, delivered when it is back; a failing mail is given up after the cap', async () => {
      await stopSmtp(smtp);
      const { v } = await open(FR, '/contactez-nous');
      expect(
        (await post(v, '/contactez-nous', { ...VALID_CONTACT, email: `smtp.down.${RUN}@example.ch` })).status,
      ).toBe(303);
      const first = await worker().runOnce();
      expect(first.sent).toBe(0);
      expect(first.failed).toBeGreaterThan(0);
      const ready = await request(t.server).get('/health/ready');
      expect(ready.body.details?.mailOutbox?.pending).toBeGreaterThan(0);
      expect(t.logs.join('\n')).toMatch(/Mail outbox backlog: \d+ waiting/);
      smtp = await startSmtp(smtpPort, received);
      received.length = 0;
      await dueNow();
      const second = await worker().runOnce();
      expect(second.sent).toBeGreaterThan(0);
      expect(received.some((m) => m.includes(`smtp.down.${RUN}@example.ch`))).toBe(true);

      // A mail the server keeps refusing: retried with back-off, then marked for the team.
      await t.db
        .insertInto('mail_outbox')
        .values({ kind: 'test', recipient: 'not an address', subject: 's', body: 'b', reference: null })
        .execute();
      for (let i = 0; i < 3; i++) {
        await dueNow();
        await worker().runOnce();
      }
      const given = await t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('recipient', '=', 'not an address')
        .executeTakeFirstOrThrow();
      expect(given.attempts).toBe(3);
      expect(given.failed_at).not.toBeNull();
      expect(t.logs.join('\n')).toMatch(/given up after 3 attempts/);
    });

    it('a worker that died mid-send leaves its claim to the next one (lease), and restarts lose nothing', async () => {
      const { v } = await open(FR, '/contactez-nous');
      await post(v, '/contactez-nous', { ...VALID_CONTACT, email: `crash.${RUN}@example.ch` });
      // A claim that was never finished (the process died): its lease runs out, the row is due again.
      await t.db
        .updateTable('mail_outbox')
        .set({ locked_until: sql<Date>`now() + interval '1 hour'` })
        .where('body', 'like', `%crash.${RUN}@example.ch%`)
        .execute();
      received.length = 0;
      await worker().runOnce();
      expect(received.some((m) => m.includes(`crash.${RUN}@example.ch`))).toBe(false);
      await t.db
        .updateTable('mail_outbox')
        .set({ locked_until: sql<Date>`now() - interval '1 second'` })
        .where('body', 'like', `%crash.${RUN}@example.ch%`)
        .execute();
      await worker().runOnce();
      expect(received.some((m) => m.includes(`crash.${RUN}@example.ch`))).toBe(true);
    });
  });

  (javaAvailable() ? it : it.skip)('forms answered with their messages have 0 W3C Nu errors', () => {
    expect(Object.keys(nuPages)).toHaveLength(4);
    expect(Object.entries(nuErrors(nuPages)).filter(([, errors]) => errors.length > 0)).toEqual([]);
  });

  it('the last exchange: the delivery of a request, and a later request of the same address, move it', async () => {
    const email = `exchange.${RUN}@example.ch`;
    const exchangeOf = async (id: string) =>
      (
        await t.db
          .selectFrom('contact_request')
          .select(sql<number>`extract(epoch from now() - last_exchange_at)::int`.as('age'))
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).age;
    const ageBack = (id: string, interval: string) =>
      t.db
        .updateTable('contact_request')
        .set({ last_exchange_at: sql<Date>`now() - ${interval}::interval` })
        .where('id', '=', id)
        .execute();
    const { v } = await open(FR, '/contactez-nous');
    expect((await post(v, '/contactez-nous', { ...VALID_CONTACT, email })).status).toBe(303);
    const [first] = await requestsOf(email);
    // Its mail to the service desk is delivered a day later (SMTP was down): the exchange dates from then.
    await ageBack(first!.id, '1 day');
    await t.app.get(OutboxWorker).runOnce();
    expect(await exchangeOf(first!.id)).toBeLessThan(60);
    // Five years without news, then the same person writes again (the address in other letters' case).
    await ageBack(first!.id, '5 years 1 day');
    const other = await open(DE, '/kontakt');
    await post(other.v, '/kontakt', { ...VALID_CONTACT, email: email.toUpperCase() });
    expect(await exchangeOf(first!.id)).toBeLessThan(60);
    await t.app.get(RetentionJob).purge();
    expect(await requestsOf(email)).toHaveLength(1);
    // Another address's old request is not moved.
    const stranger = `stranger.${RUN}@example.ch`;
    await post(v, '/contactez-nous', { ...VALID_CONTACT, email: stranger });
    const [old] = await requestsOf(stranger);
    await ageBack(old!.id, '5 years 1 day');
    await post(other.v, '/kontakt', { ...VALID_CONTACT, email: `stranger.2.${RUN}@example.ch` });
    expect(await exchangeOf(old!.id)).toBeGreaterThan(5 * 365 * 86400);
    await ageBack(old!.id, '4 years');
  });

  it('retention: requests 5 years after the last exchange, prospects 3 years after their last activity', async () => {
    await t.db
      .updateTable('contact_request')
      .set({ last_exchange_at: sql<Date>`now() - interval '5 years 1 day'` })
      .where('email', '=', `doc.${RUN}@example.ch`)
      .execute();
    await t.db
      .updateTable('contact_request')
      .set({ last_exchange_at: sql<Date>`now() - interval '4 years 360 days'` })
      .where('email', '=', `names.${RUN}@example.ch`)
      .execute();
    await t.db
      .updateTable('newsletter_subscription')
      .set({ last_activity_at: sql<Date>`now() - interval '3 years 1 day'` })
      .where('email', '=', `api.news.${RUN}@example.ch`)
      .execute();
    const deleted = await t.app.get(RetentionJob).purge();
    expect(deleted.requests).toBe(1);
    expect(deleted.prospects).toBe(1);
    expect(await requestsOf(`doc.${RUN}@example.ch`)).toHaveLength(0);
    expect(await requestsOf(`names.${RUN}@example.ch`)).toHaveLength(1);
  });
});

describe('mails without SMTP_URL (e2e)', () => {
  it('are written as .eml files under MAIL_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-'));
    const t = await startTestApp({ MAIL_DIR: dir, MAIL_WORKER_INTERVAL_MS: '0', CONTACT_MIN_FILL_SECONDS: '0' });
    try {
      const page = await request(t.server).get('/kontakt').set('Host', DE);
      const cookie = setCookies(page)
        .map((c) => c.split(';')[0])
        .join('; ');
      const res = await request(t.server)
        .post('/kontakt')
        .set('Host', DE)
        .set('Cookie', cookie)
        .type('form')
        .send({ ...hiddenFields(page.text), ...VALID_CONTACT, email: `file.${RUN}@example.ch` });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/kontakt/bestatigung');
      await t.app.get(OutboxWorker).runOnce();
      // Quoted-printable: soft line breaks undone. (On a server database shared with other suites, the
      // worker also sends what they left waiting: this run's mail is the one naming its address.)
      const mails = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
      const mine = mails.filter((m) => m.includes(`file.${RUN}@example.ch`));
      expect(mine).toHaveLength(1);
      const mail = mine[0]!;
      expect(mail).toMatch(/Subject: Neue Kontaktanfrage/);
    } finally {
      await t.app.close();
    }
  });
});
