import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { contentProducts, pick } from '../support/content';

describe('catalogue API v1 (e2e)', () => {
  let t: TestApp;
  const api = (path: string, host = FR) =>
    request(t.server).get(`/api/v1${path}`).set('Host', host).set('Accept', 'application/json');

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('GET /product answers data.items and data.total, paginated', async () => {
    const res = await api('/product?perPage=5&page=1&shop_id=1&lang=fr').expect(200);
    expect(res.body.data.items).toHaveLength(5);
    expect(res.body.data.total).toBe(contentProducts().filter((p) => p.published).length);
    expect(res.body.data.items[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      slug: expect.stringMatching(/^[a-z0-9-]+$/),
      price: expect.any(Number),
      brand: { name: expect.any(String), slug: expect.any(String), class: expect.any(String) },
      caracteristics: {
        small_image: { value: { url: expect.stringMatching(/\.png$/), webp: expect.stringMatching(/\.webp$/) } },
      },
    });
  });

  it('GET /product filters by caracteristics, no_free, price and sort', async () => {
    const res = await api(
      `/product?caracteristics=${encodeURIComponent('{"brand":["formag"]}')}&no_free=1&sort=asc_price&perPage=50`,
    ).expect(200);
    const expected = contentProducts().filter((p) => p.brand === 'formag' && p.published && !p.is_free);
    expect(res.body.data.total).toBe(expected.length);
    const prices = res.body.data.items.map((i: { price: number }) => i.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const ranged = await api(`/product?price=${encodeURIComponent('{"min":10,"max":20}')}&perPage=100`).expect(200);
    expect(ranged.body.data.items.every((i: { price: number }) => i.price >= 10 && i.price <= 20)).toBe(true);
    const free = await api('/product?no_free=true&perPage=100').expect(200);
    expect(free.body.data.items.some((i: { is_free: boolean }) => i.is_free)).toBe(false);
  });

  it('GET /product answers 400 with a JSON error naming every bad or unknown parameter', async () => {
    const res = await api('/product?perPage=abc&sort=cheapest&price=notjson&unknown=1').expect(400);
    expect(res.body.error).toBe('INVALID_INPUT');
    expect(Object.keys(res.body.details)).toEqual(expect.arrayContaining(['perPage', 'sort', 'price', 'unknown']));
    const badFilter = await api(`/product?caracteristics=${encodeURIComponent('{"nope":["x"]}')}`).expect(400);
    expect(badFilter.body.details).toHaveProperty('caracteristics');
    await api('/product?lang=it').expect(400);
    await api('/product?shop_id=999').expect(400);
  });

  it('GET /product/{id} answers the product in the shape of SPEC §3, 404 when unknown, 400 when not a number', async () => {
    const product = pick((p) => p.volume_discounts.length > 0, 'tiered product');
    const list = await api(`/product?text=${encodeURIComponent(product.texts.fr.name)}&perPage=50`).expect(200);
    const id = list.body.data.items.find((i: { reference: string }) => i.reference === product.reference).id;
    const res = await api(`/product/${id}`).expect(200);
    expect(res.body.data).toMatchObject({
      id,
      reference: product.reference,
      ean: product.ean,
      slug: product.texts.fr.slug,
      volume_discounts: product.volume_discounts,
      original_price: { price: product.original_price },
      metas: { description: expect.any(String) },
      categories: expect.any(Array),
      needs: expect.any(Array),
    });
    expect(res.body.data.caracteristics.small_image.value.webp).toMatch(/\.webp$/);
    await api('/product/999999').expect(404);
    await api('/product/abc').expect(400);
    const de = await api(`/product/${id}`, DE).expect(200);
    expect(de.body.data.slug).toBe(product.texts.de.slug);
  });

  it('GET /filtersProducts answers filtersAvailable, fieldChoose, filters and expertise, without empty types', async () => {
    const res = await api(
      `/filtersProducts?category=digestion&caracteristics=${encodeURIComponent('{"brand":["lactibiane"]}')}`,
    ).expect(200);
    expect(res.body).toHaveProperty('filtersAvailable');
    expect(res.body.fieldChoose).toEqual([{ type: 'brand', data: ['lactibiane'] }]);
    expect(res.body.expertise).toMatchObject({ slug: 'digestion' });
    expect(Array.isArray(res.body.filters)).toBe(true);
    for (const group of res.body.filtersAvailable) {
      expect(['LIST', 'BOOLEAN']).toContain(group.type);
      expect(group.data.length).toBeGreaterThan(0);
      for (const value of group.data)
        expect(value).toMatchObject({ value: expect.any(String), slug: expect.any(String) });
    }
    // No digestion product is an insudiet meal: the meal-type group is dropped, not sent empty.
    expect(res.body.filtersAvailable.find((g: { name: string }) => g.name === 'diner_type')).toBeUndefined();
  });

  it('answers the same facet counts from the precomputed summary as from the live index', async () => {
    const lactibiane = `&caracteristics=${encodeURIComponent('{"brand":["lactibiane"]}')}`;
    for (const category of [
      '',
      '&category=digestion',
      '&category=floreintestinale',
      lactibiane,
      `&category=digestion${lactibiane}`,
    ]) {
      // no_free=1 and the default price range: the summary; a price cap of 9999: the live query.
      const summary = await api(`/filtersProducts?no_free=1${category}`).expect(200);
      const live = await api(
        `/filtersProducts?no_free=1${category}&price=${encodeURIComponent('{"min":0,"max":9999}')}`,
      ).expect(200);
      const sorted = (groups: Array<{ name: string; data: Array<{ slug: string; count: number }> }>) =>
        groups.map((g) => ({
          name: g.name,
          data: [...g.data].sort((a, b) => a.slug.localeCompare(b.slug)).map((d) => `${d.slug}:${d.count}`),
        }));
      expect(sorted(summary.body.filtersAvailable)).toEqual(sorted(live.body.filtersAvailable));
      expect(summary.body.filtersAvailable.length).toBeGreaterThan(0);
    }
  });

  it('GET /products/{id}/faqs answers at most 4 items; /brands/{id}/faqs the brand FAQs', async () => {
    const product = pick((p) => p.faqs.length > 4, 'many FAQs');
    const list = await api(`/product?text=${encodeURIComponent(product.texts.fr.name)}&perPage=50`).expect(200);
    const id = list.body.data.items.find((i: { reference: string }) => i.reference === product.reference).id;
    const faqs = await api(`/products/${id}/faqs?limit=4`).expect(200);
    expect(faqs.body.data.items).toHaveLength(4);
    expect(faqs.body.data.items[0]).toMatchObject({ question: product.faqs[0].fr.question });
    await api('/products/999999/faqs').expect(404);
    const brands = await api('/brands/1/faqs').expect(200);
    expect(Array.isArray(brands.body.data.items)).toBe(true);
    await api('/brands/999/faqs').expect(404);
    const pages = await api(`/products/${id}/pages?per_page=4`).expect(200);
    expect(pages.body.data).toMatchObject({ items: expect.any(Array), total: expect.any(Number) });
  });

  it('GET /url/entity answers items, or code 301 with the new slug, or 404', async () => {
    const product = pick((p) => !p.is_free, 'product');
    const found = await api(`/url/entity?entity_type=product&slug=${product.texts.fr.slug}&shop_id=1&lang=fr`).expect(
      200,
    );
    expect(found.body.data.items[0]).toMatchObject({ slug: product.texts.fr.slug });
    const row = await t.db
      .selectFrom('product')
      .select('id')
      .where('reference', '=', product.reference)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('slug_history')
      .values({ entity_type: 'product', locale: 'fr', old_slug: 'ancien-nom-du-produit', entity_id: row.id })
      .execute();
    const moved = await api('/url/entity?entity_type=product&slug=ancien-nom-du-produit').expect(200);
    expect(moved.body.data).toEqual({ code: 301, slug: product.texts.fr.slug });
    await t.db.deleteFrom('slug_history').where('old_slug', '=', 'ancien-nom-du-produit').execute();
    await api('/url/entity?entity_type=product&slug=inconnu').expect(404);
    const category = await api('/url/entity?entity_type=category&slug=digestion&depth=1').expect(200);
    expect(category.body.data.items[0]).toMatchObject({ slug: 'digestion', childs: expect.any(Array) });
    await api('/url/entity?entity_type=nope&slug=x').expect(400);
    await api('/url/entity?entity_type=product&slug=Bad%20Slug').expect(400);
  });

  it('GET /listing gives the listing island the same view model as the page', async () => {
    const res = await api(`/listing?path=${encodeURIComponent('/produits/-brand--lactibiane?sort=asc_price')}`).expect(
      200,
    );
    expect(res.body.data.state.selection).toEqual({ brand: ['lactibiane'] });
    expect(res.body.data.state.options.sort).toBe('asc_price');
    expect(res.body.data.products.length).toBeGreaterThan(0);
    expect(res.body.title).toEqual(expect.any(String));
    await api(`/listing?path=${encodeURIComponent('/produkte')}`).expect(400);
    await api(`/listing?path=${encodeURIComponent('/produits/-nope--x')}`).expect(404);
  });
});
