import request from 'supertest';
import { AppCache } from '../../src/cache/app-cache.service';
import { seedPlatform } from '../../src/database/seed/platform.seed';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { locationHost, rawGet } from '../support/http';

/** Rules this spec adds beside the content pack's (removed again: the server database is shared). */
const EXTRA_RULES = [
  { match: 'url', source: '/__e2e/ancienne?id=7', target: '/__e2e/nouvelle', code: 308 },
  { match: 'path', source: '/__e2e/temporaire', target: '/contactez-nous', code: 302 },
  { match: 'path', source: '/__e2e/externe', target: 'https://pro.example.ch/fr', code: 307 },
  { match: 'path', source: '/__e2e/script', target: 'javascript:alert(document.domain)', code: 301 },
  { match: 'path', source: '/__e2e/data', target: 'data:text/html,<script>alert(1)</script>', code: 301 },
  { match: 'path', source: '/__e2e/protocole-relatif', target: '//evil.example/phish', code: 301 },
  { match: 'path', source: '/__e2e/antislash', target: '/\\evil.example/phish', code: 301 },
] as const;

describe('redirects (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await t.db
      .insertInto('redirection')
      .values(EXTRA_RULES.map((rule) => ({ shop_id: 1, ...rule })))
      .execute();
    await clearRuleCache();
  });

  const clearRuleCache = async () => {
    for (const locale of ['fr', 'de']) await t.app.get(AppCache).delete(`redirection:1:${locale}`);
  };

  afterAll(async () => {
    await t.db.deleteFrom('redirection').where('source', 'like', '/\\_\\_e2e/%').execute();
    await t.app.close();
  });

  const get = (host: string, path: string) => request(t.server).get(path).set('Host', host).redirects(0);
  const expectUncached = (res: { headers: Record<string, string> }) =>
    expect(res.headers['cache-control']).toMatch(/no-cache/);

  describe('www host to the bare host (SPEC §2.1)', () => {
    it.each([
      ['www.produits.localhost', 'produits.localhost'],
      ['www.produkte.localhost', 'produkte.localhost'],
    ])('%s answers 301 to %s keeping path and query', async (www, bare) => {
      const res = await get(www, '/conseil/bien-dormir?utm_source=news&x=1').expect(301);
      expect(res.headers.location).toBe(`http://${bare}/conseil/bien-dormir?utm_source=news&x=1`);
      expectUncached(res);
    });

    it('keeps the port of a local run', async () => {
      const res = await get('www.produits.localhost:3000', '/marques').expect(301);
      expect(res.headers.location).toBe('http://produits.localhost:3000/marques');
    });

    it('does not redirect a www host that no shop serves', async () => {
      const res = await get('www.unknown.example', '/');
      expect(res.status).not.toBe(301);
    });
  });

  describe('home aliases', () => {
    it.each([FR, DE])('on %s, /index, /fr and /de answer 301 home', async (host) => {
      for (const path of ['/index', '/fr', '/de']) {
        const res = await get(host, path).expect(301);
        expect(res.headers.location).toBe('/');
        expectUncached(res);
      }
      const withQuery = await get(host, '/fr?utm_medium=QRcode').expect(301);
      expect(withQuery.headers.location).toBe('/?utm_medium=QRcode');
    });
  });

  describe('news segments', () => {
    it.each([
      [FR, '/en-ce-moment/salon-sante-2026?utm_source=x', '/salon-sante-2026?utm_source=x'],
      [FR, '/conseils/en-ce-moment?page=2', '/conseils?page=2'],
      [DE, '/derzeit/gesundheitsmesse-2026?utm_source=x', '/gesundheitsmesse-2026?utm_source=x'],
      [DE, '/ratschlage/derzeit', '/ratschlage'],
    ])('on %s, %s answers 301 to %s', async (host, path, location) => {
      const res = await get(host, path).expect(301);
      expect(res.headers.location).toBe(location);
      expectUncached(res);
    });

    it('leaves a word that only contains the segment alone', async () => {
      await get(FR, '/en-ce-moment-chez-nous').expect(404);
    });
  });

  describe('rules from the database', () => {
    it.each([
      [FR, '/nos-produits?utm_campaign=hiver', 301, '/produits?utm_campaign=hiver'],
      [FR, '/pharmacies', 301, '/trouver-une-pharmacie'],
      [DE, '/unsere-produkte?x=1', 301, '/produkte?x=1'],
      [FR, '/__e2e/temporaire?ref=mail', 302, '/contactez-nous?ref=mail'],
      [DE, '/__e2e/ancienne?id=7', 308, '/__e2e/nouvelle'],
      [FR, '/__e2e/externe?x=1', 307, 'https://pro.example.ch/fr'],
    ])('on %s, %s answers %i to %s', async (host, path, code, location) => {
      const res = await get(host, path).expect(code);
      expect(res.headers.location).toBe(location);
      expectUncached(res);
    });

    it.each([
      [DE, '/nos-produits'],
      [DE, '/pharmacies'],
      [FR, '/unsere-produkte'],
    ])("does not fire another language's rule: on %s, %s is the 404 page", async (host, path) => {
      const res = await get(host, path).expect(404);
      expect(res.headers.location).toBeUndefined();
    });

    it('moves a language-less rule of an older database to its language when the content is loaded again', async () => {
      // As migration 0005 left the content pack's rules: no locale, so for every language.
      await t.db.deleteFrom('redirection').where('source', '=', '/nos-produits').execute();
      await t.db
        .insertInto('redirection')
        .values({ shop_id: 1, match: 'path', source: '/nos-produits', target: '/produits', code: 301 })
        .execute();
      await clearRuleCache();
      expect((await get(DE, '/nos-produits')).status).toBe(301);

      await seedPlatform(t.db);
      await clearRuleCache();
      await get(DE, '/nos-produits').expect(404);
      expect((await get(FR, '/nos-produits').expect(301)).headers.location).toBe('/produits');
      const rows = await t.db
        .selectFrom('redirection')
        .select('locale')
        .where('source', '=', '/nos-produits')
        .execute();
      expect(rows).toEqual([{ locale: 'fr' }]);
    });

    it('matches a url rule on the exact query only', async () => {
      await get(FR, '/__e2e/ancienne?id=8').expect(404);
    });

    it.each(['/__e2e/script', '/__e2e/data'])('ignores the rule %s whose target is not http(s)', async (path) => {
      const res = await get(FR, path);
      expect(res.status).toBe(404);
      expect(res.headers.location).toBeUndefined();
    });

    it.each(['/__e2e/protocole-relatif', '/__e2e/antislash'])('keeps the target of %s on this site', async (path) => {
      const res = await get(FR, path).expect(301);
      expect(locationHost(res.headers.location, FR)).toBe(FR);
    });
  });

  describe('open-redirect attempts never leave the site', () => {
    // Each holds a news segment, so each is redirected: the Location must stay on the visited site.
    it.each([
      '//evil.example/en-ce-moment/x',
      '//evil.example/en-ce-moment',
      '/\\evil.example/en-ce-moment/x',
      '/\\/evil.example/derzeit',
      '///evil.example/fr/en-ce-moment',
      '/%2F%2Fevil.example/en-ce-moment',
      '/%5Cevil.example/en-ce-moment',
    ])('%s', async (path) => {
      for (const host of [FR, DE, 'www.produits.localhost']) {
        const res = await rawGet(t.server, path, { Host: host });
        expect(res.status).toBe(301);
        expect(locationHost(String(res.headers.location), host)).toBe(host.replace(/^www\./, ''));
      }
    });

    it.each([
      ['http://evil.com/', 'http://produits.localhost/'],
      ['http://evil.com', 'http://produits.localhost/'],
      ['https://evil.com/conseil/x?utm=1', 'http://produits.localhost/conseil/x?utm=1'],
      ['http://evil.com//evil.example/x', 'http://produits.localhost/evil.example/x'],
    ])('builds the www redirect of the absolute-form target %s from its path only', async (target, location) => {
      const res = await rawGet(t.server, target, { Host: 'www.produits.localhost' });
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(location);
    });

    it('sends the www redirect of a protocol-relative path to a path on the bare host', async () => {
      const res = await rawGet(t.server, '//evil.example/x', { Host: 'www.produits.localhost' });
      expect(res.status).toBe(301);
      expect(locationHost(String(res.headers.location), 'www.produits.localhost')).toBe('produits.localhost');
    });

    it('redirects the news segment of a protocol-relative path to a path on this host', async () => {
      const res = await rawGet(t.server, '/\\evil.example/en-ce-moment/x', { Host: FR });
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('/evil.example/x');
    });
  });

  it('does not redirect the API or the probes', async () => {
    await request(t.server).get('/health/live').set('Host', 'www.produits.localhost').expect(200);
    const api = await get(FR, '/api/v1/en-ce-moment');
    expect(api.status).not.toBe(301);
  });
});
