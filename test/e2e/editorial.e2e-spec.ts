import request from 'supertest';
import { contentDir } from '../../src/database/seed/content';
import { loadEditorial, type EditorialPage } from '../../src/database/seed/editorial.seed';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { decodeHtml } from '../support/http';
import { signedInEditor } from '../support/editor';

const get = (t: TestApp, host: string, path: string) => request(t.server).get(path).set('Host', host);
const pages = loadEditorial(contentDir())!.pages;
const published = (type: string) => pages.filter((p) => p.type === type && p.published);
/** Article cards of a list page: their links. */
const cardLinks = (html: string, prefix: string) =>
  [...html.matchAll(new RegExp(`<a[^>]*class="article-card__link"[^>]*href="(${prefix}[^"]+)"`, 'g'))].map((m) => m[1]);
const text = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

describe('editorial pages (e2e)', () => {
  let t: TestApp;
  const advice = published('advice');
  const highlighted = advice.find((p) => p.highlighted)!;
  const ballonnements = pages.find((p) => p.key === 'advice-ballonnements')!;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('advice list', () => {
    it('shows 11 articles per page, the highlighted one first on the first unfiltered page, with the count and breadcrumb', async () => {
      const res = await get(t, FR, '/conseils').expect(200);
      const body = text(res.text);
      expect(body).toContain('Accueil Nos conseils');
      expect(body).toContain(`${advice.length} articles`);
      expect(res.text).toContain('À la une');
      const links = cardLinks(res.text, '/conseil/');
      expect(links).toHaveLength(11);
      expect(links[0]).toBe(`/conseil/${highlighted.texts.fr.slug}`);
      const second = await get(t, FR, '/conseils/2').expect(200);
      const secondLinks = cardLinks(second.text, '/conseil/');
      expect(secondLinks).toHaveLength(Math.min(11, advice.length - 11));
      expect(secondLinks).not.toContain(links[0]);
      expect(second.text).not.toContain('À la une');
      const de = await get(t, DE, '/ratschlage').expect(200);
      expect(text(de.text)).toContain('Unsere Ratschläge');
      expect(cardLinks(de.text, '/ratschlag/')[0]).toBe(`/ratschlag/${highlighted.texts.de.slug}`);
    });

    it('cuts extracts at 150 characters, 500 for the highlighted article', async () => {
      const res = await get(t, FR, '/conseils').expect(200);
      const extracts = [...res.text.matchAll(/<p class="article-card__excerpt">([^<]*)<\/p>/g)].map((m) =>
        Array.from(decodeHtml(m[1])),
      );
      expect(extracts.length).toBe(11);
      expect(extracts[0].length).toBeLessThanOrEqual(500);
      for (const e of extracts.slice(1)) expect(e.length).toBeLessThanOrEqual(150);
    });

    it('filters by expertise and by need (path form), and the filter form redirects to it', async () => {
      const withExpertise = advice.filter((p) => p.expertise === ballonnements.expertise);
      const list = await get(t, FR, '/conseils').expect(200);
      const slug = new RegExp(`<option value="([a-z]+)">[^<]*\\((${withExpertise.length})\\)</option>`).exec(list.text);
      expect(slug).not.toBeNull();
      const filtered = await get(t, FR, `/conseils/1/${slug![1]}`).expect(200);
      expect(cardLinks(filtered.text, '/conseil/')).toHaveLength(Math.min(11, withExpertise.length));
      expect(filtered.text).not.toContain('À la une');
      // One filter: a page for search engines (seo-indexing.e2e-spec.ts has the rules).
      expect(filtered.text).not.toMatch(/<meta name="robots"/);
      const need = ballonnements.texts.fr.slug && 'ballonnements';
      const byNeed = await get(t, FR, `/conseils/1/tous/${need}`).expect(200);
      expect(cardLinks(byNeed.text, '/conseil/')).toContain(`/conseil/${ballonnements.texts.fr.slug}`);
      const form = await get(t, FR, `/conseils?category=${slug![1]}&filter=`).expect(302);
      expect(form.headers.location).toBe(`/conseils/1/${slug![1]}`);
      const needOnly = await get(t, FR, `/conseils?category=&filter=${need}`).expect(302);
      expect(needOnly.headers.location).toBe(`/conseils/1/tous/${need}`);
      await get(t, FR, '/conseils?category=&filter=').expect(302).expect('Location', '/conseils');
    });

    it('answers 404 for a page above 10, page 0, an unknown expertise or need, a form naming nothing known, an empty list', async () => {
      for (const path of [
        '/conseils/11',
        '/conseils/0',
        '/conseils/99999999999',
        '/conseils/1/inconnue',
        '/conseils/1/tous/besoin-inconnu',
        '/conseils/1/tous/123',
        '/conseils/abc',
        '/conseils?category=inconnue',
      ])
        await get(t, FR, path).expect(404);
      // A page past the last one is an empty list.
      const last = Math.ceil(advice.length / 11);
      if (last < 10) await get(t, FR, `/conseils/${last + 1}`).expect(404);
    });
  });

  describe('quality and innovation list', () => {
    it('shows 9 per page with its breadcrumb, and filters by innovation category', async () => {
      const innovation = published('innovation');
      const res = await get(t, FR, '/qualite-innovations').expect(200);
      expect(text(res.text)).toContain('Accueil Qualité et Innovations');
      expect(cardLinks(res.text, '/qualite-innovation/')).toHaveLength(Math.min(9, innovation.length));
      const category = /<option value="([a-z0-9-]+)">[^<]*\((\d+)\)<\/option>/.exec(
        res.text.slice(res.text.indexOf('name="category"')),
      )!;
      const filtered = await get(t, FR, `/qualite-innovations/1/${category[1]}`).expect(200);
      expect(cardLinks(filtered.text, '/qualite-innovation/')).toHaveLength(Math.min(9, Number(category[2])));
      const de = await get(t, DE, '/qualitat-innovationen').expect(200);
      expect(text(de.text)).toContain('Qualität und Innovationen');
    });
  });

  describe('article page', () => {
    it('shows the title, introduction, tags, table of contents, paragraphs and the related articles', async () => {
      const res = await get(t, FR, `/conseil/${ballonnements.texts.fr.slug}`).expect(200);
      expect(decodeHtml(res.text)).toContain(`<h1 class="editorial-title">${ballonnements.texts.fr.title}</h1>`);
      const body = text(res.text);
      expect(body).toContain('Accueil Nos conseils');
      expect(body).toContain('Ces conseils peuvent vous intéresser');
      expect(body).toContain('Voir tous nos conseils');
      for (const key of ballonnements.toc) {
        expect(res.text).toContain(`id="paragraph-${key}"`);
        expect(res.text).toContain(`href="#paragraph-${key}"`);
      }
      expect(res.text).toContain('href="/conseils/1/tous/ballonnements"');
      expect(res.text).toContain('"@type":"Article"');
      expect(res.text).toContain(
        `hreflang="de-CH" href="http://produkte.localhost/ratschlag/${ballonnements.texts.de.slug}"`,
      );
    });

    it('answers the German twin on the German host, and 404 on the other host or an unknown slug', async () => {
      const de = await get(t, DE, `/ratschlag/${ballonnements.texts.de.slug}`).expect(200);
      expect(decodeHtml(de.text)).toContain(ballonnements.texts.de.title);
      expect(text(de.text)).toContain('Diese Ratschläge könnten Sie interessieren');
      await get(t, FR, `/conseil/${ballonnements.texts.de.slug}`).expect(404);
      const missing = await get(t, FR, '/conseil/cette-page-nexiste-pas').expect(404);
      expect(text(missing.text)).toContain("La page demandée n'existe pas ou plus");
    });

    it('redirects an old slug (301) to the current one, keeping the query', async () => {
      await t.db
        .insertInto('slug_history')
        .values({
          entity_type: 'page:advice',
          locale: 'fr',
          old_slug: 'ancien-ventre-gonfle',
          entity_id: (
            await t.db.selectFrom('page').select('id').where('key', '=', ballonnements.key).executeTakeFirstOrThrow()
          ).id,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const res = await get(t, FR, '/conseil/ancien-ventre-gonfle?utm_source=mail').expect(301);
      expect(res.headers.location).toBe(`/conseil/${ballonnements.texts.fr.slug}?utm_source=mail`);
    });

    it('shows an innovation article with 3 related articles when it links to none', async () => {
      const lonely = published('innovation').find((p) => !p.linked_pages.length);
      if (!lonely) return;
      const res = await get(t, FR, `/qualite-innovation/${lonely.texts.fr.slug}`).expect(200);
      const related = res.text.slice(res.text.indexOf('editorial-related'));
      expect(cardLinks(related, '/qualite-innovation/')).toHaveLength(3);
    });
  });

  describe('news, help, legal and CMS pages (catch-all)', () => {
    const bySlug = (slug: string) => pages.find((p) => p.texts.fr.slug === slug) as EditorialPage;

    it.each([
      ['/a-propos', '/uber-uns'],
      ['/mentions-legales', '/impressum'],
      ['/donnees-personnelles', '/datenschutz'],
      ['/gestion-des-cookies', '/cookie-einstellungen'],
      ['/aide-en-ligne', '/ihre-online-hilfe'],
    ])('%s and %s answer with their title', async (fr, de) => {
      const page = bySlug(fr.slice(1));
      const res = await get(t, FR, fr).expect(200);
      expect(decodeHtml(res.text)).toContain(page.texts.fr.title);
      const german = await get(t, DE, de).expect(200);
      expect(decodeHtml(german.text)).toContain(page.texts.de.title);
    });

    it("points the help page's ordering links at the shop of the visitor's country and language", async () => {
      const fr = await get(t, FR, '/aide-en-ligne').expect(200);
      expect(fr.text).toContain('href="https://shop.example.ch/fr/panier"');
      expect(fr.text).not.toContain('/~shop/');
      const de = await get(t, DE, '/ihre-online-hilfe').expect(200);
      expect(de.text).toContain('href="https://shop.example.ch/de/warenkorb"');
      // The same page in France: its own shop.
      const france = await get(t, 'produits.fr.localhost', '/aide-en-ligne').expect(200);
      expect(france.text).toContain('href="https://boutique.example.fr/panier"');
      expect(france.text).not.toContain('shop.example.ch');
    });

    it('shows news pages with their date and a NewsArticle', async () => {
      for (const news of published('actualite')) {
        const res = await get(t, FR, `/${news.texts.fr.slug}`).expect(200);
        expect(res.text).toContain(`dateTime="${news.published_at}"`);
        expect(res.text).toContain('"@type":"NewsArticle"');
      }
    });

    it('answers 404 for an unknown slug and for an advice slug under the catch-all', async () => {
      await get(t, FR, '/page-inconnue').expect(404);
      await get(t, FR, `/${ballonnements.texts.fr.slug}`).expect(404);
    });
  });

  describe('preview (editors only)', () => {
    const idOf = async (key: string) =>
      (await t.db.selectFrom('page').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

    it('sends an anonymous visitor to the login page with the way back, on both hosts', async () => {
      const id = await idOf(ballonnements.key);
      const fr = await get(t, FR, `/preview/${id}?x=1`).expect(303);
      expect(fr.headers.location).toBe(`/connexion?redirect=${encodeURIComponent(`/preview/${id}?x=1`)}`);
      expect(fr.headers['cache-control']).toMatch(/no-store/);
      const de = await get(t, DE, `/preview/${id}`).expect(303);
      expect(de.headers.location).toMatch(/^\/anmelden\?redirect=/);
    });

    it('shows an editor the latest version of any page, published or not, with a banner, noindex and no caching', async () => {
      const session = await signedInEditor(t, FR, 'fr');
      const id = await idOf('advice-crampes');
      await t.db.updateTable('page').set({ published: false }).where('id', '=', id).execute();
      try {
        const slug = pages.find((p) => p.key === 'advice-crampes')!.texts.fr.slug;
        await get(t, FR, `/conseil/${slug}`).expect(404);
        const res = await get(t, FR, `/preview/${id}`).set('Cookie', session.cookie).expect(200);
        expect(res.text).toContain('class="preview-banner"');
        expect(text(res.text)).toContain('Non publiée');
        expect(res.text).toMatch(/<meta name="robots" content="noindex/);
        expect(res.headers['cache-control']).toMatch(/private.*no-store|no-store.*private/);
        expect(res.text).toContain('action="/deconnexion"');
        // Published again: the public page answers, the preview says so.
        await t.db.updateTable('page').set({ published: true }).where('id', '=', id).execute();
        const again = await get(t, FR, `/preview/${id}`).set('Cookie', session.cookie).expect(200);
        expect(text(again.text)).toContain('Publiée');
        await get(t, FR, '/preview/2147483647').set('Cookie', session.cookie).expect(404);
        await get(t, FR, '/preview/99999999999999').set('Cookie', session.cookie).expect(404);
      } finally {
        await t.db.updateTable('page').set({ published: true }).where('id', '=', id).execute();
      }
    });
  });

  describe('pages API', () => {
    const api = (path: string, host = FR) =>
      request(t.server).get(`/api/v1${path}`).set('Host', host).set('Accept', 'application/json');

    it('lists pages with type, paging and total', async () => {
      const res = await api('/page?type=advice&perPage=5&page=2&lang=fr&shop_id=1').expect(200);
      expect(res.body.data.items).toHaveLength(5);
      expect(res.body.data.total).toBe(advice.length);
      expect(res.body.data.items[0]).toMatchObject({
        id: expect.any(Number),
        type: { technical_name: 'advice', label: 'Conseil' },
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        url: expect.stringMatching(/^\/conseil\//),
        cover: { url: expect.stringMatching(/^\/media\/editorial\//), webp: expect.stringMatching(/\.webp$/) },
      });
      const take = await api('/page?type=innovation,advice&take=3&order_by=published_at&order=desc').expect(200);
      expect(take.body.data.items).toHaveLength(3);
      const dates = take.body.data.items.map((i: { published_at: string }) => i.published_at);
      expect(dates).toEqual([...dates].sort().reverse());
      const highlightedOnly = await api('/page?type=advice&highlighted=1').expect(200);
      expect(highlightedOnly.body.data.items.map((i: { slug: string }) => i.slug)).toEqual([highlighted.texts.fr.slug]);
    });

    it('shows one page with every field of a CMS page, its switch and its paragraphs; 404 for an unknown id', async () => {
      const list = await api(`/page?type=advice&take=100`).expect(200);
      const id = list.body.data.items.find((i: { slug: string }) => i.slug === ballonnements.texts.fr.slug).id;
      const res = await api(`/page/${id}`).expect(200);
      expect(res.body.data).toMatchObject({
        id,
        vid: expect.any(Number),
        title: ballonnements.texts.fr.title,
        switch: { fr: ballonnements.texts.fr.slug, de: ballonnements.texts.de.slug },
        paragraphs_display: ballonnements.toc.map((key) => ({ id: `paragraph-${key}`, title: expect.any(String) })),
        metas: { title: expect.any(String), description: expect.any(String) },
        need: { slug: 'ballonnements' },
        linked_pages: expect.any(Array),
      });
      const associate = await api(`/page/${id}/associate`).expect(200);
      expect(associate.body.data.items).toHaveLength(ballonnements.linked_pages.length);
      await api('/page/2147483647').expect(404);
    });

    it('answers the pages of a product (our advices)', async () => {
      const products = await api('/product?perPage=100').expect(200);
      const lac = products.body.data.items.find((p: { reference: string }) => p.reference === 'LAC-004');
      const res = await api(`/products/${lac.id}/pages?per_page=4`).expect(200);
      expect(res.body.data.items.length).toBeGreaterThan(0);
      expect(res.body.data.items.length).toBeLessThanOrEqual(4);
    });

    it('finds pages by type and slug through /url/entity, with the 301 of an old slug and 404 otherwise', async () => {
      const res = await api(`/url/entity?entity_type=advice&slug=${ballonnements.texts.fr.slug}&parents=true`).expect(
        200,
      );
      expect(res.body.data.items[0]).toMatchObject({
        slug: ballonnements.texts.fr.slug,
        type: 'advice',
        url: `/conseil/${ballonnements.texts.fr.slug}`,
        parent: null,
      });
      const corner = pages.find((p) => p.type === 'brand_corner_page')!;
      const child = await api(
        `/url/entity?entity_type=brand_corner_page&slug=${corner.texts.de.slug}&parents=1&lang=de`,
        DE,
      ).expect(200);
      expect(child.body.data.items[0].parent).toMatchObject({ type: 'brand_corner_main' });
      await t.db
        .insertInto('slug_history')
        .values({
          entity_type: 'page:advice',
          locale: 'fr',
          old_slug: 'ancien-slug-api',
          entity_id: (
            await t.db.selectFrom('page').select('id').where('key', '=', ballonnements.key).executeTakeFirstOrThrow()
          ).id,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const moved = await api('/url/entity?entity_type=advice&slug=ancien-slug-api').expect(200);
      expect(moved.body.data).toEqual({ code: 301, slug: ballonnements.texts.fr.slug });
      await api(`/url/entity?entity_type=innovation&slug=${ballonnements.texts.fr.slug}`).expect(404);
      await api('/url/entity?entity_type=blog&slug=x').expect(400);
    });

    it('lists innovation categories with their slugs in the language asked', async () => {
      const res = await api('/innovation-categories?page_type=innovation&lang=de').expect(200);
      expect(res.body.data.items[0]).toMatchObject({ id: expect.any(Number), slug: 'forschung', name: 'Forschung' });
    });

    it('refuses bad parameters with a 400 naming each', async () => {
      for (const [query, field] of [
        ['type=blog', 'type'],
        ['published=0', 'published'],
        ['order_by=random', 'order_by'],
        ['perPage=1000', 'perPage'],
        ['exclude=1,abc', 'exclude'],
        ['innovationCategories=1e300', 'innovationCategories'],
        ['need=99999999999', 'need'],
        ['colour=red', 'colour'],
      ]) {
        const res = await api(`/page?${query}`).expect(400);
        expect(JSON.stringify(res.body)).toContain(field);
      }
    });
  });
});
