import request from 'supertest';
import { AppCache } from '../../src/cache/app-cache.service';
import { NeedPageService } from '../../src/modules/needs/need-page.service';
import { NeedsRepository } from '../../src/modules/needs/needs.repository';
import { ShopService } from '../../src/modules/shop/shop.service';
import { PageCache } from '../../src/render/page-cache';
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

  /** After a test changes rows: the read models and rendered pages start again from the database. */
  const refresh = async () => {
    await t.app.get(AppCache).clear();
    t.app.get(PageCache).clear();
  };
  const tabIds = (html: string) =>
    [
      ...html.matchAll(/class="anchor-tabs__link[^"]*" href="#([a-z-]+)"|href="#([a-z-]+)" class="anchor-tabs__link/g),
    ].map((m) => m[1] ?? m[2]);

  /** A page row as an editor would add it (the columns the schema types require). */
  const pageRow = (values: { key: string; type: 'standard' | 'innovation'; need_id: number; position?: number }) => ({
    published: true,
    highlighted: false,
    title_outside_cover: false,
    content_hash: '',
    toc: '[]',
    position: 0,
    ...values,
  });
  const textRow = (values: { page_id: number; locale: string; route: string; title: string; slug: string }) => ({
    meta_title: values.title,
    meta_description: '',
    excerpt: '',
    extra: '{}',
    ...values,
  });

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

    it('shows a tab only when its section has content: no key notions and no advice, no tab nor section', async () => {
      const page = await t.db
        .selectFrom('page')
        .innerJoin('page_translation as pt', 'pt.page_id', 'page.id')
        .select(['page.id', 'pt.extra'])
        .where('pt.route', '=', 'need')
        .where('pt.locale', '=', 'fr')
        .where('pt.slug', '=', 'crampes-musculaires')
        .executeTakeFirstOrThrow();
      const need = await needId('crampes-musculaires');
      const before = await get(FR, '/besoin/crampes-musculaires').expect(200);
      expect(tabIds(before.text)).toEqual([
        'need-title',
        'need-ingredients',
        'need-solutions',
        'need-store',
        'need-advices',
      ]);
      const advices = await t.db
        .selectFrom('page')
        .select('id')
        .where('need_id', '=', need)
        .where('type', '=', 'advice')
        .execute();
      try {
        // The French key notions emptied, the need's advice articles moved to no need.
        await t.db
          .updateTable('page_translation')
          .set({ extra: JSON.stringify({ ...page.extra, ingredient: null }) })
          .where('page_id', '=', page.id)
          .where('locale', '=', 'fr')
          .execute();
        await t.db
          .updateTable('page')
          .set({ need_id: null })
          .where(
            'id',
            'in',
            advices.map((a) => a.id),
          )
          .execute();
        await refresh();
        const res = await get(FR, '/besoin/crampes-musculaires').expect(200);
        expect(tabIds(res.text)).toEqual(['need-title', 'need-solutions', 'need-store']);
        for (const id of tabIds(res.text)) expect(res.text).toContain(`id="${id}"`);
        expect(res.text).not.toContain('id="need-ingredients"');
        expect(res.text).not.toContain('id="need-advices"');
        // The German page keeps its key notions.
        expect(tabIds((await get(DE, '/bedurfnis/muskelkrampfe').expect(200)).text)).toContain('need-ingredients');
      } finally {
        await t.db
          .updateTable('page_translation')
          .set({ extra: JSON.stringify(page.extra) })
          .where('page_id', '=', page.id)
          .where('locale', '=', 'fr')
          .execute();
        await t.db
          .updateTable('page')
          .set({ need_id: need })
          .where(
            'id',
            'in',
            advices.map((a) => a.id),
          )
          .execute();
        await refresh();
      }
    });

    it("a parent need's 'our advices' shows its children's articles; a child's its own only", async () => {
      const parent = await get(FR, '/besoin/microbiote-intestinal').expect(200);
      expect(tabIds(parent.text)).toContain('need-advices');
      const section = parent.text.slice(parent.text.indexOf('id="need-advices"'));
      // Tagged with the child needs "microbiote au quotidien" and "axe intestin-cerveau".
      expect(section).toContain('href="/conseil/microbiote-sept-habitudes-au-quotidien"');
      expect(section).toContain('href="/conseil/intestin-et-humeur-axe-intestin-cerveau"');
      const child = await get(FR, '/besoin/microbiote-au-quotidien').expect(200);
      const own = child.text.slice(child.text.indexOf('id="need-advices"'));
      expect(own).toContain('href="/conseil/microbiote-sept-habitudes-au-quotidien"');
      expect(own).not.toContain('intestin-et-humeur');
      const de = await get(DE, '/bedurfnis/darmmikrobiom').expect(200);
      expect(de.text.slice(de.text.indexOf('id="need-advices"'))).toContain(
        'href="/ratschlag/darmflora-sieben-alltagsgewohnheiten"',
      );
    });

    it.each([
      ['fr', FR],
      ['de', DE],
    ])(
      'content (%s): at least 12 parent and 30 child needs show their products and advice articles',
      async (_, host) => {
        const site = await t.app.get(ShopService).resolve(host, 'http', undefined);
        const pages = t.app.get(NeedPageService);
        const rows = await t.app.get(NeedsRepository).all(site.locale);
        const complete = { parents: 0, children: 0 };
        for (const row of rows.filter((r) => r.page_slug)) {
          const { props } = await pages.page(site, row.page_slug!, '');
          const tabs = props.tabs.map((tab) => tab.id);
          if (!tabs.includes('need-solutions') || !tabs.includes('need-advices')) continue;
          expect(props.solutions.products.length).toBeGreaterThan(0);
          expect(props.advices.length).toBeGreaterThan(0);
          complete[row.parent_id === null ? 'parents' : 'children'] += 1;
        }
        expect(complete.parents).toBeGreaterThanOrEqual(12);
        expect(complete.children).toBeGreaterThanOrEqual(30);
      },
    );

    it('answers the German twin', async () => {
      const res = await get(DE, '/bedurfnis/blahungen').expect(200);
      const body = text(res.text);
      expect(res.text).toMatch(/<h1[^>]*>Blähungen<\/h1>/);
      expect(body).toContain('Startseite Ihre Bedürfnisse Verdauungskomfort Blähungen');
      expect(body).toContain('Eine Lösung nach Bedürfnis finden');
      expect(res.text).toContain('action="/eine-apotheke-finden"');
    });

    it('is 404 for an unknown need, a bad slug, or a slug of the other language, on both hosts', async () => {
      await get(FR, '/besoin/inconnu').expect(404);
      await get(FR, '/besoin/-x').expect(404);
      await get(DE, '/bedurfnis/ballonnements').expect(404);
      await get(DE, '/bedurfnis/unbekannt').expect(404);
      await get(DE, '/bedurfnis/-x').expect(404);
      await get(FR, '/besoin/blahungen').expect(404);
      // A German advice slug is not a need either, nor the French need path on the German host.
      await get(DE, '/bedurfnis/blahungen-ursachen-und-tipps').expect(404);
      await get(DE, '/besoin/ballonnements').expect(404);
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

    it('lists a need once when two of its standard pages are published: the first by order is its page', async () => {
      const need = await needId('ballonnements');
      const rowsOf = async () => (await t.app.get(NeedsRepository).all('fr')).filter((r) => r.id === need);
      const own = await rowsOf();
      expect(own).toHaveLength(1);
      const before = (await api('/need').expect(200)).body.data.total;
      const { id } = await t.db
        .insertInto('page')
        .values(pageRow({ key: 'test-need-ballonnements-bis', type: 'standard', need_id: need, position: 999 }))
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        await t.db
          .insertInto('page_translation')
          .values(
            textRow({
              page_id: id,
              locale: 'fr',
              route: 'need',
              title: 'Ballonnements (bis)',
              slug: 'ballonnements-bis',
            }),
          )
          .execute();
        expect(await rowsOf()).toEqual(own);
        await refresh();
        const all = (await api('/need').expect(200)).body.data;
        expect(all.total).toBe(before);
        expect(all.items.filter((n: { id: number }) => n.id === need)).toHaveLength(1);
        expect(all.items.find((n: { id: number }) => n.id === need).page.url).toBe('/besoin/ballonnements');
        const list = await get(FR, '/besoins').expect(200);
        expect(list.text.match(/href="\/besoin\/ballonnements"/g)).toHaveLength(1);
      } finally {
        await t.db.deleteFrom('page').where('id', '=', id).execute();
        await refresh();
      }
    });

    it("page_type keeps the needs named by pages of that type in the site's language only", async () => {
      const need = await needId('crampes-musculaires');
      const ids = async (host: string) =>
        (await api('/need?page_type=innovation', host).expect(200)).body.data.items.map((n: { id: number }) => n.id);
      expect(await ids(FR)).not.toContain(need);
      const { id } = await t.db
        .insertInto('page')
        .values(pageRow({ key: 'test-innovation-fr-only', type: 'innovation', need_id: need }))
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        // A page written in French only.
        await t.db
          .insertInto('page_translation')
          .values(
            textRow({
              page_id: id,
              locale: 'fr',
              route: 'innovation',
              title: 'Crampes : essai',
              slug: 'essai-crampes',
            }),
          )
          .execute();
        expect(await ids(FR)).toContain(need);
        expect(await ids(DE)).not.toContain(need);
        expect(await t.app.get(NeedsRepository).needIdsWithPages(['innovation'], 'de')).not.toContain(need);
      } finally {
        await t.db.deleteFrom('page').where('id', '=', id).execute();
      }
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
