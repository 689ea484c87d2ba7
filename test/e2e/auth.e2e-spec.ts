import { randomBytes } from 'node:crypto';
import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import { sql } from 'kysely';
import { createElement } from 'react';
import request, { type Response as TestResponse } from 'supertest';
import { buildPath, type Locale } from '../../contracts/route-table';
import { Page, RouteParam } from '../../src/common/page/page.decorator';
import {
  AuthModule,
  AuthService,
  CurrentEditor,
  EditorGuard,
  SESSION_COOKIE,
  type AuthenticatedEditor,
} from '../../src/modules/auth';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { signedInEditor } from '../support/editor';
import { decodeHtml } from '../support/http';
import { javaAvailable, nuErrors } from '../support/nu';

/** A page for editors only, on the preview route (test-only: the real one is the CMS module's). */
function GuardedView({ id, email }: { id: string; email: string }) {
  return createElement('p', { id: 'guarded' }, `preview ${id} for ${email}`);
}

@Controller()
class GuardedController {
  @Page('preview', GuardedView)
  @UseGuards(EditorGuard)
  page(@RouteParam('id') id: string, @CurrentEditor() editor: AuthenticatedEditor) {
    return { head: { title: `Preview ${id}`, noindex: true }, props: { id, email: editor.email } };
  }

  @Get('api/__editor')
  @UseGuards(EditorGuard)
  api(@CurrentEditor() editor: AuthenticatedEditor) {
    return { email: editor.email };
  }
}

@Module({ imports: [AuthModule], controllers: [GuardedController] })
class GuardedModule {}

const SITES: Array<{ host: string; locale: Locale; texts: Record<string, string> }> = [
  {
    host: FR,
    locale: 'fr',
    texts: {
      title: "Connexion à l'espace rédaction",
      invalid: 'Adresse e-mail ou mot de passe incorrect.',
      limited: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
      emailRequired: 'Saisissez votre adresse e-mail.',
      // SPEC §8: any status but 404 and 401 shows the error page's text.
      forbidden: 'Une erreur a eu lieu',
    },
  },
  {
    host: DE,
    locale: 'de',
    texts: {
      title: 'Anmeldung für die Redaktion',
      invalid: 'E-Mail-Adresse oder Passwort ist falsch.',
      limited: 'Zu viele Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
      emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
      forbidden: 'Ein Fehler ist aufgetreten',
    },
  },
];

/** Each test speaks from its own client address (TRUST_PROXY=1): the per-address limit stays its own. */
let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;
const uniqueEmail = (label: string) => `${label}.${randomBytes(6).toString('hex')}@example.org`;
const PASSWORD = 'correct horse battery staple';

function setCookies(res: TestResponse): string[] {
  const header = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

function cookieOf(res: TestResponse, name: string): string | undefined {
  return setCookies(res).find((c) => c.startsWith(`${name}=`));
}

function cookieValue(res: TestResponse, name: string): string | undefined {
  return cookieOf(res, name)
    ?.split(';')[0]
    .slice(name.length + 1);
}

/** A browser's state: the form token of the last login page it read and its cookies. */
interface Visitor {
  host: string;
  ip: string;
  cookies: Record<string, string>;
  token?: string;
}

function visitor(host: string): Visitor {
  return { host, ip: newAddress(), cookies: {} };
}

function cookieHeader(v: Visitor): string {
  return Object.entries(v.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

function remember(v: Visitor, res: TestResponse): void {
  for (const line of setCookies(res)) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
    if (value === '' || /Expires=Thu, 01 Jan 1970/.test(line)) delete v.cookies[name];
    else v.cookies[name] = value;
  }
}

describe('editor login, logout and the editor guard (e2e)', () => {
  let t: TestApp;
  let accounts: AuthService;
  const nuPages: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { imports: [GuardedModule] });
    accounts = t.app.get(AuthService);
  });

  afterAll(async () => {
    await t?.app.close();
  });

  const get = (v: Visitor, path: string) =>
    request(t.server).get(path).set('Host', v.host).set('X-Forwarded-For', v.ip).set('Cookie', cookieHeader(v));

  const post = (v: Visitor, path: string, form: Record<string, string | string[]>) =>
    request(t.server)
      .post(path)
      .set('Host', v.host)
      .set('X-Forwarded-For', v.ip)
      .set('Cookie', cookieHeader(v))
      .type('form')
      .send(form);

  /** Opens the login page as a browser does: keeps the CSRF cookie and reads the form's token. */
  async function openLogin(v: Visitor, path: string): Promise<TestResponse> {
    const res = await get(v, path);
    expect(res.status).toBe(200);
    remember(v, res);
    v.token = decodeHtml(/<input type="hidden" name="_csrf" value="([^"]+)"/.exec(res.text)?.[1] ?? '');
    return res;
  }

  async function login(v: Visitor, locale: Locale, email: string, password: string, query = '') {
    await openLogin(v, buildPath('login', locale) + query);
    const res = await post(v, buildPath('login', locale) + query, { _csrf: v.token!, email, password });
    remember(v, res);
    return res;
  }

  describe.each(SITES)('on $host', ({ host, locale, texts }) => {
    const loginPath = buildPath('login', locale);

    it('renders the login page: form, noindex, never cached, CSRF cookie', async () => {
      const v = visitor(host);
      const res = await openLogin(v, loginPath);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.text).toContain(`<h1 id="login-title">${texts.title.replace(/'/g, '&#x27;')}</h1>`);
      expect(res.text).toContain('<meta name="robots" content="noindex">');
      expect(res.text).not.toContain('rel="canonical"');
      expect(res.text).toContain(`<form class="login-form" noValidate="" action="${loginPath}" method="post">`);
      expect(res.text).toMatch(/<input id="login-email" type="email" autoComplete="username"[^>]* name="email"/);
      expect(res.text).toMatch(/type="password" autoComplete="current-password"[^>]* name="password"\/>/);
      expect(v.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = cookieOf(res, 'csrf') ?? '';
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      // A second visit keeps the browser's cookie (and so the same token).
      const again = await get(v, loginPath);
      expect(cookieOf(again, 'csrf')).toBeUndefined();
      expect(again.text).toContain(`value="${v.token}"`);
      nuPages[`${locale}-login`] = res.text;
    });

    it('keeps a same-site redirect query in the form action, and drops any other', async () => {
      const v = visitor(host);
      const kept = await openLogin(v, `${loginPath}?redirect=${encodeURIComponent('/preview/3?a=1&b=2')}`);
      expect(kept.text).toContain(`action="${loginPath}?redirect=%2Fpreview%2F3%3Fa%3D1%26b%3D2"`);
      const dropped = await openLogin(v, `${loginPath}?redirect=${encodeURIComponent('//evil.example')}`);
      expect(dropped.text).toContain(`action="${loginPath}"`);
    });

    it('answers a post without a valid CSRF token with the 403 page', async () => {
      const v = visitor(host);
      const noCookie = await post(v, loginPath, { email: 'a@example.org', password: PASSWORD });
      expect(noCookie.status).toBe(403);
      expect(noCookie.headers['content-type']).toMatch(/text\/html/);
      expect(decodeHtml(noCookie.text)).toContain(texts.forbidden);
      await openLogin(v, loginPath);
      const missingField = await post(v, loginPath, { email: 'a@example.org', password: PASSWORD });
      expect(missingField.status).toBe(403);
      const wrong = await post(v, loginPath, {
        _csrf: v.token!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        email: 'a@example.org',
        password: PASSWORD,
      });
      expect(wrong.status).toBe(403);
      // The token of another browser's cookie does not fit this one.
      const other = visitor(host);
      await openLogin(other, loginPath);
      const foreign = await post(v, loginPath, { _csrf: other.token!, email: 'a@example.org', password: PASSWORD });
      expect(foreign.status).toBe(403);
      const array = await post(v, loginPath, { _csrf: [v.token!, v.token!], email: 'a@example.org', password: 'x' });
      expect(array.status).toBe(403);
      // Logout is protected the same way.
      expect((await post(v, buildPath('logout', locale), {})).status).toBe(403);
    });

    it('validates the form on the server: messages beside the fields, values kept but the password', async () => {
      const v = visitor(host);
      await openLogin(v, loginPath);
      const empty = await post(v, loginPath, { _csrf: v.token!, email: '  ', password: '' });
      expect(empty.status).toBe(400);
      expect(empty.headers['cache-control']).toBe('private, no-store');
      const text = decodeHtml(empty.text);
      expect(text).toMatch(new RegExp(`id="login-email-error">${texts.emailRequired}<`));
      expect(empty.text).toMatch(/id="login-password-error">/);
      expect(empty.text).toMatch(/aria-invalid="true" aria-describedby="login-email-error"/);
      const bad = await post(v, loginPath, { _csrf: v.token!, email: 'not-an-address', password: 'secret value 1' });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('value="not-an-address"');
      expect(bad.text).not.toContain('secret value 1');
      expect(bad.text).toMatch(/id="login-email-error">/);
      expect(bad.text).not.toMatch(/id="login-password-error">/);
      const hostile = await post(v, loginPath, { _csrf: v.token!, email: ['a@b.ch', 'c@d.ch'], password: ['x', 'y'] });
      expect(hostile.status).toBe(400);
      nuPages[`${locale}-login-errors`] = bad.text;
    });

    it('gives one generic message for an unknown address, a wrong password and a disabled account', async () => {
      const email = uniqueEmail('generic');
      await accounts.createEditor(email, PASSWORD);
      const disabled = uniqueEmail('disabled');
      await accounts.createEditor(disabled, PASSWORD);
      await accounts.disableEditor(disabled);
      const answers: string[] = [];
      for (const [address, password] of [
        [uniqueEmail('nobody'), PASSWORD],
        [email, `${PASSWORD}!`],
        [disabled, PASSWORD],
      ]) {
        const v = visitor(host);
        const res = await login(v, locale, address, password);
        expect(res.status).toBe(401);
        expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
        expect(res.text).toContain(`value="${address}"`);
        expect(res.text).not.toContain(password);
        answers.push(
          decodeHtml(/role="alert"[^>]*>([^<]*)</.exec(res.text)?.[1] ?? '') +
            (/login-(email|password)-error/.test(res.text) ? ' + field message' : ''),
        );
      }
      expect(answers).toEqual([texts.invalid, texts.invalid, texts.invalid]);
    });

    it('limits failed logins per client address: the sixth answers 429 with the page and a message', async () => {
      const v = visitor(host);
      for (let i = 0; i < 5; i++) expect((await login(v, locale, uniqueEmail('ip'), PASSWORD)).status).toBe(401);
      const limited = await login(v, locale, uniqueEmail('ip'), PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.headers['content-type']).toMatch(/text\/html/);
      expect(decodeHtml(limited.text)).toContain(texts.limited);
      expect(limited.text).toContain('<form class="login-form"');
      // Even the right password is not checked while limited.
      const email = uniqueEmail('limited-ip');
      await accounts.createEditor(email, PASSWORD);
      expect((await login(v, locale, email, PASSWORD)).status).toBe(429);
      // Another address is not concerned.
      expect((await login(visitor(host), locale, email, PASSWORD)).status).toBe(303);
    });

    it('counts concurrent attempts exactly: of ten at once, five are checked and five refused', async () => {
      const v = visitor(host);
      await openLogin(v, loginPath);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(v, loginPath, { _csrf: v.token!, email: uniqueEmail('burst'), password: PASSWORD }),
        ),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    });

    it('limits failed logins per account address, from any client address', async () => {
      const email = uniqueEmail('account');
      await accounts.createEditor(email, PASSWORD);
      for (let i = 0; i < 5; i++)
        expect((await login(visitor(host), locale, email, 'wrong password!')).status).toBe(401);
      const limited = await login(visitor(host), locale, email, PASSWORD);
      expect(limited.status).toBe(429);
      expect(cookieOf(limited, SESSION_COOKIE)).toBeUndefined();
      // Addresses are one account whatever their case.
      expect((await login(visitor(host), locale, email.toUpperCase(), PASSWORD)).status).toBe(429);
    });

    it('round trip: guarded page redirects to login, login returns there, logout closes the session', async () => {
      const email = uniqueEmail('editor');
      await accounts.createEditor(email, PASSWORD);
      const v = visitor(host);
      const guarded = '/preview/12345?x=1&y=%C3%A9';

      const anonymous = await get(v, guarded);
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.location).toBe(`${loginPath}?redirect=${encodeURIComponent(guarded)}`);
      expect(anonymous.headers['cache-control']).toMatch(/no-store/);

      const loggedIn = await login(
        v,
        locale,
        email.toUpperCase(),
        PASSWORD,
        `?redirect=${encodeURIComponent(guarded)}`,
      );
      expect(loggedIn.status).toBe(303);
      expect(loggedIn.headers.location).toBe(guarded);
      const cookie = cookieOf(loggedIn, SESSION_COOKIE) ?? '';
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
      expect(cookie).toMatch(/; Max-Age=2592000;/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);

      const page = await get(v, guarded);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`preview 12345 for ${email}`);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.text).toContain('<meta name="robots" content="noindex">');
      // Not kept by the page cache: the next anonymous visitor is still sent to the login page.
      expect((await get(visitor(host), guarded)).status).toBe(303);
      const api = await get(v, '/api/__editor');
      expect(api.status).toBe(200);
      expect(api.body).toEqual({ email });

      // Logout: the confirmation page, then its post.
      const confirm = await get(v, buildPath('logout', locale));
      expect(confirm.status).toBe(200);
      expect(confirm.headers['cache-control']).toBe('private, no-store');
      nuPages[`${locale}-logout`] = confirm.text;
      const token = decodeHtml(/name="_csrf" value="([^"]+)"/.exec(confirm.text)?.[1] ?? '');
      const stale = { ...v.cookies };
      const out = await post(v, buildPath('logout', locale), { _csrf: token });
      expect(out.status).toBe(303);
      expect(out.headers.location).toBe('/');
      expect(cookieOf(out, SESSION_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/);
      remember(v, out);
      expect(v.cookies[SESSION_COOKIE]).toBeUndefined();

      const after = await get(v, guarded);
      expect(after.status).toBe(303);
      expect(after.headers.location).toBe(`${loginPath}?redirect=${encodeURIComponent(guarded)}`);
      // The old cookie, replayed, opens nothing: the session was revoked on the server.
      const replayed = await get({ ...v, cookies: stale }, guarded);
      expect(replayed.status).toBe(303);
    });

    it('sends an open redirect attempt home', async () => {
      const email = uniqueEmail('redirect');
      await accounts.createEditor(email, PASSWORD);
      for (const target of ['//evil.example', 'https://evil.example', '/\\evil.example', '/\t/evil.example']) {
        const res = await login(visitor(host), locale, email, PASSWORD, `?redirect=${encodeURIComponent(target)}`);
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/');
      }
    });

    it('answers 401 JSON on a guarded API route without a session', async () => {
      const res = await get(visitor(host), '/api/__editor');
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toMatchObject({ statusCode: 401 });
      const forged = await get({ ...visitor(host), cookies: { [SESSION_COOKIE]: 'A'.repeat(43) } }, '/api/__editor');
      expect(forged.status).toBe(401);
    });
  });

  it('ends the sessions of an account when it is disabled', async () => {
    // test/support/editor.ts: the helper other specs of editor-only pages use.
    const editor = await signedInEditor(t, DE, 'de');
    const page = () => request(t.server).get('/preview/7').set('Host', DE).set('Cookie', editor.cookie);
    expect((await page()).text).toContain(`preview 7 for ${editor.email}`);
    expect(await accounts.disableEditor(editor.email)).toBe(true);
    expect((await page()).status).toBe(303);
  });

  it('sends a visitor with an expired session to the login page', async () => {
    const email = uniqueEmail('expired');
    await accounts.createEditor(email, PASSWORD);
    const v = visitor(DE);
    expect((await login(v, 'de', email, PASSWORD)).status).toBe(303);
    expect((await get(v, '/preview/8')).status).toBe(200);
    const editor = await t.db.selectFrom('editor').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await sql`update editor_session set created_at = now() - interval '31 days', expires_at = now() - interval '1 second'
      where editor_id = ${editor.id}`.execute(t.db);
    const res = await get(v, '/preview/8');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/anmelden?redirect=${encodeURIComponent('/preview/8')}`);
  });

  it('ends the session a browser held when it logs in again', async () => {
    const email = uniqueEmail('again');
    await accounts.createEditor(email, PASSWORD);
    const v = visitor(FR);
    await login(v, 'fr', email, PASSWORD);
    const first = v.cookies[SESSION_COOKIE];
    await login(v, 'fr', email, PASSWORD);
    expect(v.cookies[SESSION_COOKIE]).not.toBe(first);
    expect((await get(v, '/preview/9')).status).toBe(200);
    expect((await get({ ...v, cookies: { [SESSION_COOKIE]: first } }, '/preview/9')).status).toBe(303);
  });

  it('refuses weak passwords and taken addresses when creating an account', async () => {
    await expect(accounts.createEditor(uniqueEmail('weak'), 'short pass')).rejects.toThrow(/at least 12 characters/);
    await expect(accounts.createEditor('not an address', PASSWORD)).rejects.toThrow(/not an e-mail address/);
    const email = uniqueEmail('twice');
    await accounts.createEditor(email, PASSWORD);
    await expect(accounts.createEditor(email.toUpperCase(), PASSWORD)).rejects.toThrow(/exists already/);
    const row = await t.db
      .selectFrom('editor')
      .select(['email', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('stores only the SHA-256 of session tokens', async () => {
    const email = uniqueEmail('hash');
    await accounts.createEditor(email, PASSWORD);
    const v = visitor(FR);
    await login(v, 'fr', email, PASSWORD);
    const token = v.cookies[SESSION_COOKIE];
    const rows = await t.db
      .selectFrom('editor_session as s')
      .innerJoin('editor as e', 'e.id', 's.editor_id')
      .select(['s.token_hash', 's.expires_at', 's.created_at'])
      .where('e.email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(token);
    const days = (new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()) / 86400000;
    expect(Math.round(days)).toBe(30);
  });

  (javaAvailable() ? it : it.skip)(
    'the login and logout pages are valid HTML for the W3C Nu checker (0 errors)',
    () => {
      expect(Object.keys(nuPages).sort()).toEqual(
        ['de-login', 'de-login-errors', 'de-logout', 'fr-login', 'fr-login-errors', 'fr-logout'].sort(),
      );
      const errors = nuErrors(nuPages);
      expect(Object.entries(errors).filter(([, list]) => list.length > 0)).toEqual([]);
    },
  );
});

describe('editor login in production (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', CSRF_SECRET: randomBytes(32).toString('base64') });
  });

  afterAll(async () => {
    await t?.app.close();
  });

  it('marks the CSRF and session cookies Secure', async () => {
    const email = uniqueEmail('prod');
    await t.app.get(AuthService).createEditor(email, PASSWORD);
    const page = await request(t.server).get('/connexion').set('Host', FR);
    const csrf = cookieValue(page, 'csrf');
    expect(cookieOf(page, 'csrf')).toMatch(/; Secure/);
    const token = decodeHtml(/name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '');
    const res = await request(t.server)
      .post('/connexion')
      .set('Host', FR)
      .set('Cookie', `csrf=${csrf}`)
      .type('form')
      .send({ _csrf: token, email, password: PASSWORD });
    expect(res.status).toBe(303);
    expect(cookieOf(res, SESSION_COOKIE)).toMatch(/; HttpOnly; Secure; SameSite=Lax/);
  });
});
