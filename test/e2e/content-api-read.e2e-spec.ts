/**
 * The read calls of the content API added by issue 15 (SPEC §7): menus, settings, categories /
 * navigation, homepage, redirections, slugs, products with asm=1 and auth logout. Each on both Swiss
 * hosts, each bad parameter a 400 JSON naming it, unknown resources 404.
 */
import { sql } from 'kysely';
import request from 'supertest';
import { AuthService } from '../../src/modules/auth';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { signedInEditor } from '../support/editor';

describe('content API v1, read calls of issue 15 (e2e)', () => {
  let t: TestApp;
  const api = (path: string, host = FR) =>
    request(t.server).get(`/api/v1${path}`).set('Host', host).set('Accept', 'application/json');

  /** A 400 JSON answer naming `param` in its details. */
  async function refused(path: string, param: string, host = FR) {
    const res = await api(path, host).expect(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(Object.keys(res.body.details ?? {})).toContain(param);
  }

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('GET /menus', () => {
    it.each([
      [FR, 'Vos besoins'],
      [DE, 'Ihre Bedürfnisse'],
    ])('answers data.items, the menus of %s with their children', async (host, needs) => {
      const { body } = await api('/menus', host).expect(200);
      const main = body.data.items.filter((i: { menu: string }) => i.menu === 'main');
      expect(main[0]).toMatchObject({ menu: 'main', label: needs, slug: expect.stringMatching(/^\//) });
      expect(main[0].childs.length).toBeGreaterThan(0);
      expect(main[0].childs[0]).toMatchObject({ label: expect.any(String), slug: expect.stringMatching(/^\//) });
      expect(body.data.items.some((i: { menu: string }) => i.menu === 'footer')).toBe(true);
    });

    it('follows lang and shop_id', async () => {
      const { body } = await api('/menus?lang=de&shop_id=1', FR).expect(200);
      expect(body.data.items[0].label).toBe('Ihre Bedürfnisse');
    });

    it('refuses bad lang, shop_id and unknown parameters', async () => {
      await refused('/menus?lang=xx', 'lang');
      await refused('/menus?lang=it', 'lang');
      await refused('/menus?shop_id=2147483648', 'shop_id');
      await refused('/menus?shop_id=99999', 'shop_id');
      await refused('/menus?colour=red', 'colour');
    });
  });

  describe('GET /settings', () => {
    it.each([
      [FR, 'fr', 'Tous droits réservés'],
      [DE, 'de', ''],
    ])('answers data, the global and country settings of %s', async (host, locale, copyright) => {
      const { body } = await api('/settings', host).expect(200);
      expect(body.data).toMatchObject({
        shop_id: 1,
        locale,
        salesplan: { id: expect.any(Number), currency: 'CHF' },
        settings: { copyright: expect.stringContaining(copyright) },
        country: { phone: expect.any(String), proUrl: expect.any(String) },
      });
    });

    it('refuses bad input', async () => {
      await refused('/settings?lang=%00', 'lang');
      await refused('/settings?shop_id=1e300', 'shop_id');
    });
  });

  describe('GET /categories', () => {
    it.each([FR, DE])('answers the top categories of %s (depth=0: no children)', async (host) => {
      const { body } = await api('/categories?depth=0', host).expect(200);
      const expected = await t.db
        .selectFrom('category')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('parent_id', 'is', null)
        .executeTakeFirstOrThrow();
      expect(body.data.items).toHaveLength(expected.n);
      for (const item of body.data.items) {
        expect(item).toMatchObject({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String) });
        expect(item.childs).toEqual([]);
      }
    });

    it('gives children with depth=1, in the language asked', async () => {
      const fr = (await api('/categories?depth=1&lang=fr', DE).expect(200)).body.data.items;
      const de = (await api('/categories?depth=1', DE).expect(200)).body.data.items;
      expect(fr.map((i: { id: number }) => i.id)).toEqual(de.map((i: { id: number }) => i.id));
      expect(fr[0].name).not.toBe(de[0].name);
      expect(fr.some((i: { childs: unknown[] }) => i.childs.length > 0)).toBe(true);
    });

    it('refuses bad depth', async () => {
      for (const depth of ['-1', '4', '1e3', '%00', 'x']) await refused(`/categories?depth=${depth}`, 'depth');
    });
  });

  describe('GET /homepage', () => {
    it.each([
      [FR, 'Compléments alimentaires en pharmacie'],
      [DE, 'Nahrungsergänzungsmittel aus der Apotheke'],
    ])('type=homepage answers the home content of %s', async (host, title) => {
      const { body } = await api('/homepage?type=homepage', host).expect(200);
      expect(body.data.title).toBe(title);
      expect(body.data.slider.length).toBeGreaterThan(0);
      for (const slide of body.data.slider) expect(slide.url).toMatch(/^\//);
      expect((await api('/homepage', host).expect(200)).body.data.title).toBe(title);
    });

    it.each([FR, DE])('type=products answers the suggested products of %s, priced', async (host) => {
      const plan = (await api('/settings', host).expect(200)).body.data.salesplan.id;
      const { body } = await api(`/homepage?type=products&saleplan_id=${plan}`, host).expect(200);
      expect(body.data.items.length).toBeGreaterThan(0);
      expect(body.data.total).toBe(body.data.items.length);
      expect(body.data.items[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    });

    it('refuses bad type and sales plan', async () => {
      await refused('/homepage?type=news', 'type');
      await refused('/homepage?type=%00', 'type');
      await refused('/homepage?saleplan_id=2147483648', 'saleplan_id');
      await refused('/homepage?saleplan_id=99999', 'saleplan_id');
    });
  });

  describe('GET /redirections', () => {
    it.each([
      [FR, '/nos-produits', '/produits'],
      [DE, '/unsere-produkte', '/produkte'],
    ])('answers data.type and data.url for a path of %s', async (host, from, to) => {
      const { body } = await api(`/redirections?path=${encodeURIComponent(from)}`, host).expect(200);
      expect(body.data).toEqual({ type: 301, url: to });
    });

    it('reads url (path and query), path and origin, alone or together', async () => {
      const byUrl = await api(`/redirections?url=${encodeURIComponent('/nos-produits?x=1')}`).expect(200);
      expect(byUrl.body.data).toEqual({ type: 301, url: '/produits?x=1' });
      const both = await api(
        `/redirections?url=${encodeURIComponent('/nos-produits?x=1')}&path=%2Fnos-produits&origin=http%3A%2F%2Fproduits.localhost`,
      ).expect(200);
      expect(both.body.data).toEqual({ type: 301, url: '/produits?x=1' });
      const builtIn = await api('/redirections?path=%2Findex&origin=produits.localhost').expect(200);
      expect(builtIn.body.data).toEqual({ type: 301, url: '/' });
      // The German site's rules with lang=de from the French host.
      await api('/redirections?path=%2Funsere-produkte&lang=de').expect(200);
    });

    it('answers 404 when no rule matches', async () => {
      const res = await api('/redirections?path=%2Fproduits').expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      await api('/redirections?path=%2Fnos-produits', DE).expect(404);
    });

    it('refuses bad input', async () => {
      await refused('/redirections', 'url');
      await refused('/redirections?origin=produits.localhost', 'url');
      await refused('/redirections?url=nos-produits', 'url');
      await refused('/redirections?url=%2F%2Fevil.example', 'url');
      await refused('/redirections?path=%2Fa%00b', 'path');
      await refused('/redirections?path=%2Fa%3Fb', 'path');
      await refused('/redirections?url=%2Fa&path=%2Fb', 'path');
      await refused('/redirections?path=%2Fa&origin=javascript%3Aalert(1)', 'origin');
      await refused('/redirections?path=%2Fa&path=%2Fb', 'path');
    });
  });

  describe('GET /slugs', () => {
    it.each([FR, DE])('answers the five slugs of the site in each language (%s)', async (host) => {
      const { body } = await api('/slugs?site_id=1', host).expect(200);
      expect(body.data).toEqual({
        site_id: 1,
        items: [
          {
            locale: 'fr',
            slugs: {
              product: 'produit',
              need: 'besoin',
              advice: 'conseil',
              innovation: 'qualite-innovation',
              brand: 'marque',
            },
          },
          {
            locale: 'de',
            slugs: {
              product: 'produkt',
              need: 'bedurfnis',
              advice: 'ratschlag',
              innovation: 'qualitat-innovation',
              brand: 'marke',
            },
          },
        ],
      });
      expect((await api('/slugs', host).expect(200)).body.data.site_id).toBe(1);
    });

    it('answers 404 for an unknown site and 400 for a bad id', async () => {
      await api('/slugs?site_id=99999').expect(404);
      await refused('/slugs?site_id=2147483648', 'site_id');
      await refused('/slugs?site_id=0', 'site_id');
      await refused('/slugs?site_id=%00', 'site_id');
    });
  });

  describe('GET /product?asm=1', () => {
    it.each([FR, DE])('lists only the products sold in stores on %s', async (host) => {
      const all = (await api('/product?published=1&perPage=100', host).expect(200)).body.data;
      const asm = (await api('/product?published=1&asm=1&shop_id=1&perPage=100', host).expect(200)).body.data;
      const notInStore = await t.db
        .selectFrom('product')
        .select('id')
        .where('published', '=', true)
        .where(sql<boolean>`coalesce((caracteristics->>'not_sold_in_store')::boolean, false)`)
        .execute();
      const excluded = new Set(notInStore.map((p) => p.id));
      expect(excluded.size).toBeGreaterThan(0);
      expect(asm.total).toBeLessThan(all.total);
      expect(asm.items.some((p: { id: number }) => excluded.has(p.id))).toBe(false);
      expect((await api('/product?asm=0', host).expect(200)).body.data.total).toBe(all.total);
    });

    it('refuses a bad asm', async () => {
      for (const value of ['2', 'yes', '%00', '']) await refused(`/product?asm=${value}`, 'asm');
    });
  });

  describe('POST /auth/logout', () => {
    const logout = (authorization?: string) => {
      const req = request(t.server).post('/api/v1/auth/logout').set('Host', FR).set('Accept', 'application/json');
      return authorization === undefined ? req : req.set('Authorization', authorization);
    };

    it.each([
      [FR, 'fr'],
      [DE, 'de'],
    ] as const)('ends the session named by the bearer token (%s)', async (host, locale) => {
      const session = await signedInEditor(t, host, locale);
      const token = /editor_session=([^;]+)/.exec(session.cookie)![1];
      expect(await t.app.get(AuthService).editorOf(token)).not.toBeNull();
      const res = await logout(`Bearer ${token}`).expect(200);
      expect(res.body).toEqual({ data: { logged_out: true } });
      expect(await t.app.get(AuthService).editorOf(token)).toBeNull();
      // Already ended: nothing to end.
      await logout(`Bearer ${token}`).expect(401);
    });

    it('answers 401 JSON without a live session token', async () => {
      for (const header of [
        undefined,
        '',
        'Bearer',
        'Basic abc',
        'Bearer a%00b',
        `Bearer ${'x'.repeat(300)}`,
        'Bearer unknown',
      ]) {
        const res = await logout(header).expect(401);
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    });
  });
});
