/**
 * The write API (issue 15): POST/PUT/DELETE of each resource through bearer tokens, the 400, 401,
 * 403, 404, 409, 413, 415 and 429 answers, the derived data each write keeps true (lists, facet
 * counts, search and suggestions, product cards, slug history, sitemap lastmod), drafts and their
 * preview, the audit rows, and the caches (read models and rendered pages) serving the new content
 * at once in this process (without Redis; the server-backed suite runs it with Redis too).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { buildPath } from '../../contracts/route-table';
import { AppCache } from '../../src/cache/app-cache.service';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { contentProducts } from '../support/content';
import { signedInEditor } from '../support/editor';
import { productBody, removeTestContent, RUN, write, writeToken } from '../support/write-api';

describe('content write API (e2e)', () => {
  let t: TestApp;
  let admin: string;
  const get = (path: string, host = FR) => request(t.server).get(path).set('Host', host);
  const api = (path: string, host = FR) => get(`/api/v1${path}`, host).set('Accept', 'application/json');

  beforeAll(async () => {
    t = await startTestApp({ API_WRITE_RATE_LIMIT: '1000' });
    // A run stopped halfway on the shared server database may have left its records.
    await removeTestContent(t);
    admin = (await writeToken(t, ['*'], null, `admin-${RUN}`)).header;
  });

  afterAll(async () => {
    await removeTestContent(t);
    await t.app.close();
  });

  describe('products', () => {
    it('creates a product: 201 with its id and Location, then it is on its page, in its list, search and suggestions', async () => {
      const body = productBody('alpha');
      // The product's page is read (and cached) before: a 404 now must not outlive the write.
      await get(buildPath('product', 'fr', { slug: body.texts.fr.slug })).expect(404);
      const res = await write(t, 'post', 'product', admin, body).expect(201);
      expect(res.body).toEqual({ data: { id: expect.any(Number) } });
      expect(res.headers.location).toBe(`/api/v1/product/${res.body.data.id}`);
      const page = await get(buildPath('product', 'fr', { slug: body.texts.fr.slug })).expect(200);
      expect(page.text).toContain('Zorblex alpha fr');
      const list = await api(`/product?text=zorblex&perPage=50`).expect(200);
      expect(list.body.data.items.map((p: { reference: string }) => p.reference)).toContain('TST-ALPHA');
      const search = await api('/search?type=Search&status=PUBLISHED&language=fr&text=zorblex').expect(200);
      expect(JSON.stringify(search.body)).toContain('Zorblex alpha fr');
      const suggest = await api('/search?type=Suggest&language=fr&text=zorbl').expect(200);
      expect(JSON.stringify(suggest.body)).toContain('Zorblex alpha fr');
      const de = await get(buildPath('product', 'de', { slug: body.texts.de.slug }), DE).expect(200);
      expect(de.text).toContain('Zorblex alpha de');
    });

    it('updates a product: 200 with the record; the cached page, list card and search show the new texts at once', async () => {
      const body = productBody('beta');
      const { id } = (await write(t, 'post', 'product', admin, body).expect(201)).body.data;
      const path = buildPath('product', 'fr', { slug: body.texts.fr.slug });
      // Read (and cached: read model and rendered page) before the change.
      expect((await get(path).expect(200)).text).toContain('Zorblex beta fr');
      await api('/product?text=zorblex&perPage=50').expect(200);
      body.texts.fr.name = 'Quuxamine beta fr';
      body.price = 42.5;
      const res = await write(t, 'put', `product/${id}`, admin, body).expect(200);
      expect(res.body.data).toMatchObject({ id, reference: 'TST-BETA', price: 42.5 });
      expect((await get(path).expect(200)).text).toContain('Quuxamine beta fr');
      const list = await api('/product?text=quuxamine&perPage=50').expect(200);
      expect(list.body.data.items).toEqual([expect.objectContaining({ reference: 'TST-BETA' })]);
      const search = await api('/search?type=Suggest&language=fr&text=quuxam').expect(200);
      expect(JSON.stringify(search.body)).toContain('Quuxamine beta fr');
    });

    it('a changed slug answers 301 from the old one, query kept; a slug used again stops redirecting', async () => {
      const body = productBody('gamma');
      const { id } = (await write(t, 'post', 'product', admin, body).expect(201)).body.data;
      const oldSlug = body.texts.fr.slug;
      body.texts.fr.slug = 'produit-test-gamma-nouveau';
      await write(t, 'put', `product/${id}`, admin, body).expect(200);
      const moved = await get(`${buildPath('product', 'fr', { slug: oldSlug })}?utm_source=x&a=1`).expect(301);
      expect(moved.headers.location).toBe(
        `${buildPath('product', 'fr', { slug: body.texts.fr.slug })}?utm_source=x&a=1`,
      );
      // Another product takes the old slug: it answers there, no redirect any more.
      const other = productBody('delta');
      other.texts.fr.slug = oldSlug;
      await write(t, 'post', 'product', admin, other).expect(201);
      expect((await get(buildPath('product', 'fr', { slug: oldSlug })).expect(200)).text).toContain('Zorblex delta fr');
    });

    it('keeps the facet counts true: the summary equals the live count after a create and a delete', async () => {
      const body = productBody('facet');
      const [category] = body.expertises;
      const counts = async () => {
        const summary = await api(`/filtersProducts?no_free=1&category=${category}`).expect(200);
        const live = await api(
          `/filtersProducts?no_free=1&category=${category}&price=${encodeURIComponent('{"min":0,"max":9999}')}`,
        ).expect(200);
        const flat = (groups: Array<{ name: string; data: Array<{ slug: string; count: number }> }>) =>
          Object.fromEntries(groups.flatMap((g) => g.data.map((d) => [`${g.name}=${d.slug}`, d.count])));
        expect(flat(summary.body.filtersAvailable)).toEqual(flat(live.body.filtersAvailable));
        return flat(summary.body.filtersAvailable) as Record<string, number>;
      };
      const before = await counts();
      const brandFacet = Object.keys(before).find((k) => k.startsWith('brand='))!;
      const { id } = (await write(t, 'post', 'product', admin, body).expect(201)).body.data;
      const during = await counts();
      expect(during[`brand=${body.brand}`]).toBe((before[`brand=${body.brand}`] ?? 0) + 1);
      expect(brandFacet).toBeDefined();
      await write(t, 'delete', `product/${id}`, admin).expect(204);
      expect(await counts()).toEqual(before);
    });

    it('deletes a product: 204; gone from its page, list, search and suggestions; then 404', async () => {
      const body = productBody('epsilon');
      body.texts.fr.name = 'Vexilorne epsilon';
      const { id } = (await write(t, 'post', 'product', admin, body).expect(201)).body.data;
      const path = buildPath('product', 'fr', { slug: body.texts.fr.slug });
      await get(path).expect(200);
      expect((await api('/product?text=vexilorne').expect(200)).body.data.total).toBe(1);
      const res = await write(t, 'delete', `product/${id}`, admin).expect(204);
      expect(res.text).toBe('');
      await get(path).expect(404);
      expect((await api('/product?text=vexilorne').expect(200)).body.data.total).toBe(0);
      const suggest = await api('/search?type=Suggest&language=fr&text=vexilor').expect(200);
      expect(JSON.stringify(suggest.body)).not.toContain('Vexilorne');
      const terms = await t.db.selectFrom('search_term').select('word').where('word', '=', 'vexilorne').execute();
      expect(terms).toEqual([]);
      await write(t, 'delete', `product/${id}`, admin).expect(404);
      await write(t, 'put', `product/${id}`, admin, body).expect(404);
    });

    it('refuses a body with every faulty field named (400), before writing anything', async () => {
      const body = productBody('bad') as unknown as Record<string, unknown>;
      Object.assign(body, { reference: 'lower case', price: -1, extra: true, position: 2 ** 40 });
      (body.texts as Record<string, Record<string, unknown>>).fr.slug = 'Not A Slug';
      (body.texts as Record<string, Record<string, unknown>>).de.name = 'a\u0000b';
      const res = await write(t, 'post', 'product', admin, body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'INVALID_INPUT' });
      expect(Object.keys(res.body.details)).toEqual(expect.arrayContaining(['texts.de.name']));
      body.texts = (productBody('bad') as unknown as Record<string, unknown>).texts;
      const named = await write(t, 'post', 'product', admin, body).expect(400);
      expect(Object.keys(named.body.details)).toEqual(
        expect.arrayContaining(['reference', 'price', 'position', '(body)']),
      );
      const unknownBrand = { ...productBody('bad2'), brand: 'no-such-brand', needs: ['nope'] };
      const refused = await write(t, 'post', 'product', admin, unknownBrand).expect(400);
      expect(refused.body.details).toMatchObject({
        brand: 'unknown brand "no-such-brand"',
        'needs.0': 'unknown need "nope"',
      });
      const count = await t.db.selectFrom('product').select('id').where('reference', 'like', 'TST-BAD%').execute();
      expect(count).toEqual([]);
    });

    it('answers 409 for a reference or a slug another product holds, and a 409 for a product a page shows', async () => {
      const taken = contentProducts().find((p) => p.published)!;
      await write(t, 'post', 'product', admin, { ...productBody('dup'), reference: taken.reference }).expect(409);
      const dupSlug = productBody('dup');
      dupSlug.texts.de.slug = taken.texts.de.slug;
      const res = await write(t, 'post', 'product', admin, dupSlug).expect(409);
      expect(res.body.details).toEqual({ 'texts.de.slug': `"${taken.texts.de.slug}" is product ${taken.reference}'s` });
      const shown = await t.db
        .selectFrom('page_product')
        .innerJoin('product', 'product.id', 'page_product.product_id')
        .select('product.id')
        .executeTakeFirstOrThrow();
      const refused = await write(t, 'delete', `product/${shown.id}`, admin).expect(409);
      expect(refused.body.details.id).toMatch(/^shown by page /);
    });
  });

  describe('bodies and tokens', () => {
    it('answers 400 for malformed JSON, null, a list; 415 for another type; 413 beyond the limit', async () => {
      const raw = (body: string, type = 'application/json') =>
        request(t.server)
          .post('/api/v1/product')
          .set('Host', FR)
          .set('Authorization', admin)
          .set('Content-Type', type)
          .send(body);
      expect((await raw('{"a":').expect(400)).body).toMatchObject({ details: { body: 'malformed JSON' } });
      expect((await raw('null').expect(400)).body.details).toHaveProperty('body');
      expect((await raw('[1,2]').expect(400)).body.details).toEqual({ body: 'must be a JSON object' });
      expect((await raw('"text"').expect(400)).body.details).toHaveProperty('body');
      await raw('reference=X', 'application/x-www-form-urlencoded').expect(415);
      await raw('{}', 'text/plain').expect(415);
      expect((await raw(`{"a":"${'x'.repeat(1100 * 1024)}"}`).expect(413)).body.details).toEqual({
        body: 'larger than 1024 KB',
      });
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      expect(Object.values((await raw(`{"reference":${deep}}`).expect(400)).body.details)).toEqual([
        'nested deeper than 32 levels',
      ]);
    });

    it('answers 401 without a live token, the editor session kind included', async () => {
      const body = productBody('auth');
      await write(t, 'post', 'product', undefined, body).expect(401);
      await write(t, 'post', 'product', 'Basic abc', body).expect(401);
      await write(t, 'post', 'product', 'Bearer api_1.short', body).expect(401);
      await write(t, 'post', 'product', `Bearer api_999999.${'a'.repeat(43)}`, body).expect(401);
      const token = await writeToken(t);
      const wrong = token.header.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      await write(t, 'post', 'product', wrong, body).expect(401);
      // An editor's session token is no write token (and a write token no session: logout refuses it).
      const editor = await signedInEditor(t, FR, 'fr');
      const session =
        editor.cookie
          .split('; ')
          .find((c) => c.startsWith('session'))
          ?.split('=')[1] ?? 'x';
      await write(t, 'post', 'product', `Bearer ${session}`, body).expect(401);
      await request(t.server)
        .post('/api/v1/auth/logout')
        .set('Host', FR)
        .set('Authorization', token.header)
        .expect(401);
      const res = await write(t, 'post', 'product', undefined, body).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'UNAUTHORIZED' });
      expect(res.headers['cache-control']).toMatch(/no-store/);
    });

    it('answers 401 once a token is revoked, 403 for a token without the scope or the shop', async () => {
      const pages = await writeToken(t, ['pages'], null, `pages-only-${RUN}`);
      const res = await write(t, 'post', 'product', pages.header, productBody('scope')).expect(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'FORBIDDEN' });
      const shopTwo = await writeToken(t, ['*'], [2], `shop-two-${RUN}`);
      await write(t, 'post', 'product', shopTwo.header, productBody('shop')).expect(403);
      await write(t, 'post', 'product?shop_id=1', shopTwo.header, productBody('shop')).expect(403);
      const shopOne = await writeToken(t, ['products'], [1], `shop-one-${RUN}`);
      await write(t, 'post', 'product', shopOne.header, productBody('shopone')).expect(201);
      const { ApiTokenService } = await import('../../src/modules/content-api');
      await t.app.get(ApiTokenService).revoke(`shop-one-${RUN}`);
      await write(t, 'post', 'product', shopOne.header, productBody('shopone2')).expect(401);
    });

    it('answers 404 for an unknown resource or id', async () => {
      await write(t, 'post', 'widgets', admin, {}).expect(404);
      await write(t, 'put', 'product/2147483647', admin, productBody('nope')).expect(404);
      await write(t, 'delete', 'need/2147483647', admin).expect(404);
      await write(t, 'put', 'product/2147483648', admin, productBody('nope')).expect(400);
      await write(t, 'delete', 'settings/NOT_A_CODE', admin).expect(400);
    });

    it('limits writes per token: 429 with Retry-After past API_WRITE_RATE_LIMIT a minute', async () => {
      const token = await writeToken(t, ['settings'], null, `limited-${RUN}`);
      const window = Math.floor(Date.now() / 60_000);
      await t.app.get(AppCache).count(`api-write:${token.id}:${window}`, 1000, 60);
      const res = await write(t, 'delete', 'settings/no_such_setting', token.header);
      // (Unless the minute turned meanwhile: then the counter started again.)
      if (Math.floor(Date.now() / 60_000) === window) {
        expect(res.status).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(res.body).toMatchObject({ statusCode: 429, error: 'RATE_LIMITED' });
      }
      // Another token is not limited.
      await write(t, 'delete', 'settings/no_such_setting', admin).expect(404);
    });
  });

  describe('pages', () => {
    const pageBody = (key: string, published = true) => ({
      key,
      type: 'advice',
      published,
      expertise: null,
      need: null,
      texts: {
        fr: {
          title: `Glimmervox ${key}`,
          slug: `glimmervox-${key}`,
          excerpt: 'Un conseil écrit par l’API.',
          content: '<p>Texte <script>alert(1)</script><strong>gras</strong></p>',
        },
        de: { title: `Glimmervox ${key} DE`, slug: `glimmervox-${key}-de`, excerpt: 'Ein Ratschlag.' },
      },
      paragraphs: [
        {
          key: 'p1',
          type: 'text',
          texts: { fr: { text: '<p>Un paragraphe.</p>' }, de: { text: '<p>Ein Absatz.</p>' } },
        },
      ],
    });

    it('creates a page with its paragraphs, HTML sanitised, found by search; a changed slug answers 301 with its query', async () => {
      const body = pageBody('one');
      const { id } = (await write(t, 'post', 'page', admin, body).expect(201)).body.data;
      const path = buildPath('advice', 'fr', { slug: 'glimmervox-one' });
      const page = await get(path).expect(200);
      expect(page.text).toContain('Glimmervox one');
      expect(page.text).toContain('Un paragraphe.');
      expect(page.text).toContain('<strong>gras</strong>');
      expect(page.text).not.toContain('alert(1)');
      const search = await api('/search?type=Search&status=PUBLISHED&language=fr&text=glimmervox').expect(200);
      expect(JSON.stringify(search.body)).toContain('Glimmervox one');
      body.texts.fr.slug = 'glimmervox-one-renamed';
      await write(t, 'put', `page/${id}`, admin, body).expect(200);
      const moved = await get(`${path}?from=mail`).expect(301);
      expect(moved.headers.location).toBe(`${buildPath('advice', 'fr', { slug: 'glimmervox-one-renamed' })}?from=mail`);
      await write(t, 'post', 'page', admin, { ...pageBody('two'), key: 'glimmervox-two' }).expect(201);
      const dup = pageBody('three');
      dup.texts.fr.slug = 'glimmervox-one-renamed';
      expect((await write(t, 'post', 'page', admin, dup).expect(409)).body.details).toEqual({
        'texts.fr.slug': '"glimmervox-one-renamed" is page one\'s',
      });
      await write(t, 'post', 'page', admin, { ...pageBody('four'), key: 'one' }).expect(409);
      await write(t, 'delete', `page/${id}`, admin).expect(204);
      await get(buildPath('advice', 'fr', { slug: 'glimmervox-one-renamed' })).expect(404);
      await get(path).expect(404);
    });

    it('a draft is visible only in the preview; publishing is a write after which the public URL answers', async () => {
      const body = pageBody('draft', false);
      const { id } = (await write(t, 'post', 'page', admin, body).expect(201)).body.data;
      const path = buildPath('advice', 'fr', { slug: 'glimmervox-draft' });
      await get(path).expect(404);
      const search = await api('/search?type=Search&status=PUBLISHED&language=fr&text=glimmervox').expect(200);
      expect(JSON.stringify(search.body)).not.toContain('Glimmervox draft');
      const editor = await signedInEditor(t, FR, 'fr');
      const preview = await get(buildPath('preview', 'fr', { id: String(id) }))
        .set('Cookie', editor.cookie)
        .expect(200);
      expect(preview.text).toContain('Glimmervox draft');
      await get(buildPath('preview', 'fr', { id: String(id) })).expect(303);
      await write(t, 'put', `page/${id}`, admin, { ...body, published: true }).expect(200);
      expect((await get(path).expect(200)).text).toContain('Glimmervox draft');
      await write(t, 'put', `page/${id}`, admin, { ...body, published: false }).expect(200);
      await get(path).expect(404);
    });

    it('refuses unknown names (400) and a page other pages name (409)', async () => {
      const bad = { ...pageBody('bad'), parent: 'no-such-page', linked_pages: ['nope'] };
      expect((await write(t, 'post', 'page', admin, bad).expect(400)).body.details).toEqual({
        parent: 'no page no-such-page',
        'linked_pages.0': 'no page nope',
      });
      const linked = await t.db.selectFrom('page_link').select('linked_page_id').executeTakeFirstOrThrow();
      await write(t, 'delete', `page/${linked.linked_page_id}`, admin).expect(409);
    });
  });

  describe('needs, brands, pharmacies, redirections, settings', () => {
    it('creates, updates and deletes a need; refuses a need with products (409) and an unknown parent (400)', async () => {
      const body = {
        key: 'test-need',
        parent: null,
        order: 99,
        texts: { fr: { label: 'Plinthorax', slug: 'plinthorax' } },
      };
      const { id } = (await write(t, 'post', 'need', admin, body).expect(201)).body.data;
      expect(JSON.stringify((await api('/need').expect(200)).body)).toContain('Plinthorax');
      expect(JSON.stringify((await api('/search?type=Suggest&language=fr&text=plinth').expect(200)).body)).toContain(
        'Plinthorax',
      );
      const renamed = { ...body, texts: { fr: { label: 'Plinthorix', slug: 'plinthorix' } } };
      expect((await write(t, 'put', `need/${id}`, admin, renamed).expect(200)).body.data).toMatchObject({
        id,
        key: 'test-need',
      });
      expect(JSON.stringify((await api(`/need/${id}`).expect(200)).body)).toContain('Plinthorix');
      await write(t, 'post', 'need', admin, { ...body, key: 'test-need-2', parent: 'nope' }).expect(400);
      await write(t, 'post', 'need', admin, { ...body, key: 'test-need' }).expect(409);
      await write(t, 'delete', `need/${id}`, admin).expect(204);
      await api(`/need/${id}`).expect(404);
      const used = await t.db.selectFrom('product_need').select('need_id').executeTakeFirstOrThrow();
      expect((await write(t, 'delete', `need/${used.need_id}`, admin).expect(409)).body.details.id).toMatch(
        /products of the need/,
      );
    });

    it("a renamed brand shows on its products' cards and in search at once; a brand with products is not deleted", async () => {
      const brand = await t.db
        .selectFrom('brand')
        .innerJoin('brand_translation as t', 't.brand_id', 'brand.id')
        .select([
          'brand.id',
          'brand.key',
          'brand.class',
          'brand.color',
          'brand.corner',
          'brand.position',
          't.slug',
          't.description',
        ])
        .where('t.locale', '=', 'fr')
        .where('brand.key', '=', 'articoria')
        .executeTakeFirstOrThrow();
      const product = contentProducts().find((p) => p.brand === 'articoria' && p.published)!;
      const card = async () =>
        (
          await api(`/product?text=${encodeURIComponent(product.texts.fr.name)}&perPage=50`).expect(200)
        ).body.data.items.find((i: { reference: string }) => i.reference === product.reference);
      const before = JSON.stringify(await card());
      expect(before).toContain('Articoria');
      const body = {
        key: 'articoria',
        name: 'Articoria Nova',
        class: brand.class,
        color: brand.color,
        corner: brand.corner,
        texts: { fr: { slug: brand.slug, description: brand.description, name: 'Articoria Nova' } },
      };
      await write(t, 'put', `brands/${brand.id}`, admin, body).expect(200);
      expect(JSON.stringify(await card())).toContain('Articoria Nova');
      const search = await api('/search?type=Search&status=PUBLISHED&language=fr&text=nova').expect(200);
      expect(search.body.data.groups.brands.items.map((b: { title: string }) => b.title)).toEqual(['Articoria Nova']);
      expect(search.body.data.groups.products.total).toBeGreaterThan(0);
      for (const item of search.body.data.groups.products.items) expect(item.brand.name).toBe('Articoria Nova');
      expect((await write(t, 'delete', `brands/${brand.id}`, admin).expect(409)).body.details.id).toMatch(
        /products of the brand/,
      );
      const created = await write(t, 'post', 'brands', admin, {
        ...body,
        key: 'zyxbrand',
        texts: { fr: { slug: 'zyxbrand', description: '<p>x</p>' } },
      }).expect(201);
      await write(t, 'post', 'brands', admin, {
        ...body,
        key: 'zyxbrand2',
        texts: { fr: { slug: 'zyxbrand', description: '' } },
      }).expect(409);
      await write(t, 'delete', `brands/${created.body.data.id}`, admin).expect(204);
      // The pack's brand as it was (the server-backed suite shares the database with the next specs).
      const original = (
        JSON.parse(readFileSync(join(__dirname, '../../content/catalogue/brands.json'), 'utf8')) as Array<{
          key: string;
        }>
      ).find((b) => b.key === 'articoria');
      await write(t, 'put', `brands/${brand.id}`, admin, { ...original, position: brand.position }).expect(200);
      expect(JSON.stringify(await card())).not.toContain('Articoria Nova');
    });

    it('writes a pharmacy with its ranges; its sitemap lastmod is the write; then deletes it', async () => {
      const body = {
        slug: 'pharmacie-test-api',
        name: 'Pharmacie Test API',
        address_1: 'Rue du Test 1',
        zipcode: '1003',
        city: 'Lausanne',
        phone: '+41 21 000 00 00',
        latitude: 46.52,
        longitude: 6.63,
        is_insudiet: true,
        brands: ['insudiet', 'lactibiane'],
      };
      const { id } = (await write(t, 'post', 'stores', admin, body).expect(201)).body.data;
      const near = await api('/stores?latitude=46.52&longitude=6.63&limit=5').expect(200);
      expect(JSON.stringify(near.body)).toContain('Pharmacie Test API');
      const row = await t.db.selectFrom('store').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Date.now() - new Date(row.updated_at).getTime()).toBeLessThan(60_000);
      const sitemap = await get('/sitemap-pharmacies.xml').expect(200);
      const entry = new RegExp(`pharmacie-test-api</loc>.*?<lastmod>([^<]+)</lastmod>`).exec(sitemap.text);
      expect(entry?.[1]).toBe(new Date(row.updated_at).toISOString().slice(0, 10));
      await write(t, 'put', `stores/${id}`, admin, { ...body, name: 'Pharmacie Test API 2', brands: ['nope'] }).expect(
        400,
      );
      await write(t, 'put', `stores/${id}`, admin, { ...body, name: 'Pharmacie Test API 2' }).expect(200);
      expect(JSON.stringify((await api('/stores?latitude=46.52&longitude=6.63&limit=5').expect(200)).body)).toContain(
        'Pharmacie Test API 2',
      );
      await write(t, 'post', 'stores', admin, body).expect(409);
      await write(t, 'post', 'stores', admin, { ...body, zipcode: '12345', latitude: 1e300 }).expect(400);
      await write(t, 'delete', `stores/${id}`, admin).expect(204);
      expect(
        JSON.stringify((await api('/stores?latitude=46.52&longitude=6.63&limit=5').expect(200)).body),
      ).not.toContain('Pharmacie Test API');
    });

    it("writes a redirection rule of the request's shop and language, answered at once", async () => {
      await get('/api-test-ancien').expect(404);
      const body = { match: 'path', source: '/api-test-ancien', target: '/produits', code: 301 };
      const { id } = (await write(t, 'post', 'redirections?shop_id=1&lang=fr', admin, body).expect(201)).body.data;
      const moved = await get('/api-test-ancien?x=1').expect(301);
      expect(moved.headers.location).toBe('/produits?x=1');
      await get('/api-test-ancien', DE).expect(404);
      await write(t, 'post', 'redirections?shop_id=1&lang=fr', admin, body).expect(409);
      await write(t, 'put', `redirections/${id}?shop_id=1&lang=fr`, admin, { ...body, code: 302 }).expect(200);
      await get('/api-test-ancien').expect(302);
      await write(t, 'post', 'redirections', admin, { ...body, source: 'no-slash' }).expect(400);
      await write(t, 'post', 'redirections?shop_id=1&lang=nl', admin, body).expect(400);
      await write(t, 'delete', `redirections/${id}?shop_id=1&lang=fr`, admin).expect(204);
      await get('/api-test-ancien').expect(404);
    });

    it("writes a setting of the request's shop and language, served by /settings and the shell at once", async () => {
      const settings = async () => (await api('/settings?shop_id=1&lang=fr').expect(200)).body.data;
      const before = JSON.stringify(await settings());
      expect(before).not.toContain('api_test_code');
      await write(t, 'post', 'settings?lang=fr', admin, { code: 'api_test_code', value: 'Valeur 1' }).expect(201);
      expect(JSON.stringify(await settings())).toContain('Valeur 1');
      await write(t, 'post', 'settings?lang=fr', admin, { code: 'api_test_code', value: 'x' }).expect(409);
      await write(t, 'put', 'settings/api_test_code?lang=fr', admin, {
        code: 'api_test_code',
        value: 'Valeur 2',
      }).expect(200);
      expect(JSON.stringify(await settings())).toContain('Valeur 2');
      await write(t, 'delete', 'settings/api_test_code?lang=fr', admin).expect(204);
      await write(t, 'delete', 'settings/api_test_code?lang=fr', admin).expect(404);
      expect(JSON.stringify(await settings())).toBe(before);
      const copyright = await t.db
        .selectFrom('global_setting')
        .select('value')
        .where('shop_id', '=', 1)
        .where('locale', '=', 'fr')
        .where('code', '=', 'copyright')
        .executeTakeFirstOrThrow();
      expect((await get('/').expect(200)).text).toContain(copyright.value.slice(0, 10));
      await write(t, 'put', 'settings/copyright?lang=fr', admin, { code: 'copyright', value: '© Glorbnak SA' }).expect(
        200,
      );
      expect((await get('/').expect(200)).text).toContain('© Glorbnak SA');
      await write(t, 'put', 'settings/copyright?lang=fr', admin, { code: 'copyright', value: copyright.value }).expect(
        200,
      );
    });
  });

  it('records every write in the audit log: who, what, when, ids before and after, shop, request id', async () => {
    const token = await writeToken(t, ['settings'], null, `auditor-${RUN}`);
    await write(t, 'post', 'settings?lang=de', token.header, { code: 'audit_me', value: 'a' })
      .set('X-Request-Id', 'req-audit-1')
      .expect(201);
    await write(t, 'put', 'settings/audit_me?lang=de', token.header, { code: 'audit_me2', value: 'b' }).expect(200);
    await write(t, 'delete', 'settings/audit_me2?lang=de', token.header).expect(204);
    await write(t, 'delete', 'settings/audit_me2?lang=de', token.header).expect(404);
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('token_id', '=', token.id)
      .orderBy('id')
      .execute();
    expect(
      rows.map((r) => [r.action, r.entity_before, r.entity_after, r.resource, r.token_name, r.shop_id, r.locale]),
    ).toEqual([
      ['create', null, 'audit_me', 'settings', `auditor-${RUN}`, 1, 'de'],
      ['update', 'audit_me', 'audit_me2', 'settings', `auditor-${RUN}`, 1, 'de'],
      ['delete', 'audit_me2', null, 'settings', `auditor-${RUN}`, 1, 'de'],
    ]);
    expect(rows.every((r) => Date.now() - new Date(r.at).getTime() < 60_000)).toBe(true);
    expect(rows.every((r) => typeof r.request_id === 'string' && r.request_id.length > 0)).toBe(true);
    const products = await t.db.selectFrom('audit_log').select('action').where('resource', '=', 'products').execute();
    expect(products.length).toBeGreaterThan(5);
  });
});
