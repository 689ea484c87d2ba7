import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { decodeHtml } from '../support/http';

const text = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

describe('needs (e2e)', () => {
  let t: TestApp;
  const get = (host: string, path: string) => request(t.server).get(path).set('Host', host);
  const api = (path: string, host = FR) =>
    request(t.server).get(`/api/v1${path}`).set('Host', host).set('Accept', 'application/json');
  const needId = async (slug: string, locale = 'fr') =>
    (
      await t.db
        .selectFrom('need_translation')
        .select('need_id')
        .where('slug', '=', slug)
        .where('locale', '=', locale)
        .executeTakeFirstOrThrow()
    ).need_id;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('needs list', () => {
    it('lists the parent needs in need order, collapsible, with their child need links, on both hosts', async () => {
      const res = await get(FR, '/besoins').expect(200);
      const body = text(res.text);
      expect(body).toContain('Accueil Vos besoins');
      expect(res.text).toMatch(/<h1[^>]*>Vos besoins<\/h1>/);
      const summaries = [...res.text.matchAll(/<summary><span class="needs-group__label">([^<]+)<\/span>/g)].map((m) =>
        decodeHtml(m[1]),
      );
      expect(summaries.length).toBeGreaterThanOrEqual(12);
      expect(summaries[0]).toBe('Confort digestif');
      expect(res.text).toContain('href="/besoin/transit-intestinal"');
      expect(res.text).toContain('href="/besoin/confort-digestif"');
      // The store locator to the pharmacy finder, and advice articles.
      expect(res.text).toContain('action="/trouver-une-pharmacie"');
      expect(res.text).toMatch(/href="\/conseil\/[a-z0-9-]+"/);
      const de = await get(DE, '/bedurfnisse').expect(200);
      expect(text(de.text)).toContain('Startseite Ihre Bedürfnisse');
      expect(de.text).toContain('href="/bedurfnis/verdauungskomfort"');
      expect(de.text).toContain('action="/eine-apotheke-finden"');
    });

    it('searches needs without JavaScript: a GET form answered with the matching needs only', async () => {
      const res = await get(FR, '/besoins?q=sommeil').expect(200);
      expect(res.text).toContain('name="q"');
      expect(res.text).toContain('value="sommeil"');
      const groups = [...res.text.matchAll(/class="needs-group__label">([^<]+)</g)].map((m) => decodeHtml(m[1]));
      expect(groups.length).toBeGreaterThanOrEqual(1);
      expect(groups.length).toBeLessThan(5);
      expect(res.text).not.toContain('href="/besoin/transit-intestinal"');
      // Accents and case do not matter; nothing found says so.
      const accents = await get(FR, '/besoins?q=DEFENSES').expect(200);
      expect(text(accents.text)).toContain('Défenses');
      const none = await get(FR, '/besoins?q=zzzz').expect(200);
      expect(text(none.text)).toContain('Aucun besoin ne correspond à votre recherche.');
      const de = await get(DE, '/bedurfnisse?q=schlaf').expect(200);
      expect(text(de.text)).toContain('Schlaf');
    });
  });

  describe('need detail', () => {
    it('shows the tabs, cover, introduction, ingredients, products, store locator, selector and advice (fr)', async () => {
      const res = await get(FR, '/besoin/ballonnements').expect(200);
      const body = text(res.text);
      expect(res.text).toMatch(/<h1[^>]*>Ballonnements<\/h1>/);
      expect(body).toContain('Accueil Vos besoins Confort digestif Ballonnements');
      for (const [id, title] of [
        ['need-title', 'Ballonnements'],
        ['need-ingredients', 'Notions clés et ingrédients'],
        ['need-solutions', 'Nos solutions'],
        ['need-store', 'Conseil en pharmacie'],
      ]) {
        expect(res.text).toContain(`href="#${id}"`);
        expect(res.text).toContain(`id="${id}"`);
        expect(body).toContain(title);
      }
      expect(res.text).toContain('Lactobacillus plantarum');
      expect(res.text).toMatch(/class="product-card[^"]*"/);
      expect(res.text).toContain('action="/trouver-une-pharmacie"');
      expect(body).toContain('Trouver une solution par besoin');
      expect(body).toContain('Découvrir les solutions');
      expect(res.text).toMatch(/fetchpriority="high"/i);
      // The language switch goes to the German twin.
      expect(res.text).toContain('/bedurfnis/blahungen');
    });

    it('shows a tab only when its section has content', async () => {
      const res = await get(FR, '/besoin/ballonnements').expect(200);
      const tabs = [
        ...res.text.matchAll(
          /class="anchor-tabs__link[^"]*" href="#([a-z-]+)"|href="#([a-z-]+)" class="anchor-tabs__link/g,
        ),
      ];
      const ids = tabs.map((m) => m[1] ?? m[2]);
      expect(ids.length).toBeGreaterThanOrEqual(4);
      for (const id of ids) expect(res.text).toContain(`id="${id}"`);
    });

    it('answers the German twin', async () => {
      const res = await get(DE, '/bedurfnis/blahungen').expect(200);
      const body = text(res.text);
      expect(res.text).toMatch(/<h1[^>]*>Blähungen<\/h1>/);
      expect(body).toContain('Startseite Ihre Bedürfnisse Verdauungskomfort Blähungen');
      expect(body).toContain('Eine Lösung nach Bedürfnis finden');
      expect(res.text).toContain('action="/eine-apotheke-finden"');
    });

    it('is 404 for an unknown need, a bad slug, or a French slug on the German host', async () => {
      await get(FR, '/besoin/inconnu').expect(404);
      await get(FR, '/besoin/-x').expect(404);
      await get(DE, '/bedurfnis/ballonnements').expect(404);
      await get(FR, '/besoin/conseil-vitamine').expect(404);
      // An advice slug is not a need.
      await get(FR, '/besoin/ballonnements-causes-solutions').expect(404);
    });
  });

  describe('need selector without JavaScript', () => {
    it('answers the message when no need is chosen (400), on both hosts', async () => {
      const fr = await get(FR, '/besoins?besoin=').expect(400);
      expect(fr.text).toContain('Merci de sélectionner un besoin');
      expect(fr.text).toContain('role="alert"');
      const de = await get(DE, '/bedurfnisse?besoin=').expect(400);
      expect(de.text).toContain('Bitte wählen Sie ein Bedürfnis aus');
      for (const bad of ['abc', '0', '-1', '99999999', '1%00', '1.5'])
        expect((await get(FR, `/besoins?besoin=${bad}`).expect(400)).text).toContain('Merci de sélectionner un besoin');
    });

    it('asks for the child when the parent has children, then goes to the chosen need', async () => {
      const parent = await needId('confort-digestif');
      const child = await needId('transit-intestinal');
      const step = await get(FR, `/besoins?besoin=${parent}`).expect(200);
      expect(step.text).toContain('name="sous-besoin"');
      expect(step.text).not.toContain('role="alert"');
      const go = await get(FR, `/besoins?besoin=${parent}&sous-besoin=${child}`).expect(302);
      expect(go.headers.location).toBe('/besoin/transit-intestinal');
      // No child chosen in the second step: the parent need's page.
      const toParent = await get(FR, `/besoins?besoin=${parent}&sous-besoin=`).expect(302);
      expect(toParent.headers.location).toBe('/besoin/confort-digestif');
      // A child of another parent, or no number, is the message.
      // needId throws when the seed has no such need: the case below is always checked.
      const other = await needId('endormissement');
      expect((await get(FR, `/besoins?besoin=${parent}&sous-besoin=${other}`).expect(400)).text).toContain(
        'Merci de sélectionner un besoin',
      );
      expect((await get(FR, `/besoins?besoin=${parent}&sous-besoin=x`).expect(400)).text).toContain(
        'Merci de sélectionner un besoin',
      );
      const de = await get(DE, `/bedurfnisse?besoin=${parent}&sous-besoin=${child}`).expect(302);
      expect(de.headers.location).toBe('/bedurfnis/darmtransit');
    });

    it('the need page and home selectors are GET forms to the needs list with the parent dropdown', async () => {
      const res = await get(FR, '/besoin/ballonnements').expect(200);
      expect(res.text).toMatch(/<form class="need-selector"[^>]*action="\/besoins" method="get"/);
      expect(res.text).toContain('name="besoin"');
    });
  });

  describe('API', () => {
    it('GET /need lists the needs with id, label, slug, order, parent; parents_only and page_type narrow it', async () => {
      const all = (await api('/need').expect(200)).body.data;
      expect(all.total).toBeGreaterThanOrEqual(42);
      expect(all.items[0]).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          label: expect.any(String),
          slug: expect.any(String),
          order: expect.any(Number),
        }),
      );
      const parents = (await api('/need?parents_only=true').expect(200)).body.data.items;
      expect(parents.length).toBeGreaterThanOrEqual(12);
      expect(parents.every((n: { parent: number | null }) => n.parent === null)).toBe(true);
      const withAdvice = (await api('/need?page_type=advice').expect(200)).body.data.items;
      expect(withAdvice.length).toBeGreaterThan(0);
      expect(withAdvice.length).toBeLessThan(all.total);
      const de = (await api('/need', DE).expect(200)).body.data.items;
      expect(de.map((n: { label: string }) => n.label)).toContain('Verdauungskomfort');
    });

    it('GET /need/{id} shows a need with its parent and children; /need/{id}/pages its pages; /need/pages the need pages', async () => {
      const parent = await needId('confort-digestif');
      const one = (await api(`/need/${parent}`).expect(200)).body.data;
      expect(one.label).toBe('Confort digestif');
      expect(one.children.length).toBeGreaterThan(0);
      expect(one.page.url).toBe('/besoin/confort-digestif');
      const pages = (await api(`/need/${parent}/pages`).expect(200)).body.data;
      expect(pages.items.length).toBeGreaterThan(0);
      const needPages = (await api('/need/pages').expect(200)).body.data;
      expect(needPages.total).toBeGreaterThanOrEqual(42);
      expect(needPages.items[0].url).toMatch(/^\/besoin\//);
    });

    it('answers 404 for an unknown need and 400 for bad input, with the JSON error shape', async () => {
      const missing = await api('/need/999999').expect(404);
      expect(missing.body.error).toBeDefined();
      await api('/need/999999/pages').expect(404);
      for (const bad of [
        '/need/abc',
        '/need/0',
        '/need?parents_only=maybe',
        '/need?page_type=nope',
        '/need?x=1',
        '/need/1/pages?page_type=x',
      ]) {
        const res = await api(bad).expect(400);
        expect(res.body.error).toBeDefined();
      }
    });
  });
});
