import request from 'supertest';
import { sql } from 'kysely';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { contentExpertises, contentProducts, pick, textOf } from '../support/content';

const get = (t: TestApp, host: string, path: string) => request(t.server).get(path).set('Host', host);

describe('catalogue pages (e2e)', () => {
  let t: TestApp;
  const expertise = contentExpertises().find((e) => e.key === 'digestion') ?? contentExpertises()[0];

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('product list', () => {
    it('lists products in French and German with breadcrumb, count and cards', async () => {
      const fr = await get(t, FR, '/produits').expect(200);
      expect(fr.text).toContain('<h1 class="list-banner__heading">Nos produits</h1>');
      expect(textOf(fr.text)).toMatch(/Accueil Nos produits/);
      expect(textOf(fr.text)).toMatch(/\d+ produits/);
      expect(fr.text).toMatch(/href="\/produit\/[a-z0-9-]+"/);
      const de = await get(t, DE, '/produkte').expect(200);
      expect(de.text).toContain('Unsere Produkte');
      expect(de.text).toMatch(/href="\/produkt\/[a-z0-9-]+"/);
    });

    it('links card pictures that the media route serves as they are (no redirect), in both languages', async () => {
      for (const [host, path] of [
        [FR, '/produits'],
        [DE, '/produkte'],
      ]) {
        const page = await get(t, host, path).expect(200);
        const image = /<img src="(\/media\/product\/[^"]+\.png)"/.exec(page.text)![1];
        const logo = /<img src="(\/media\/brand\/[^"]+\.png)"/.exec(page.text)![1];
        await get(t, host, image)
          .expect(200)
          .expect('Content-Type', /image\/png/);
        await get(t, host, logo).expect(200);
        const webp = /srcSet="(\/media\/product\/[^" ]+\.webp)/.exec(page.text)![1];
        await get(t, host, webp)
          .expect(200)
          .expect('Content-Type', /image\/webp/);
      }
    });

    it('narrows to an expertise, with the all-expertise reset and the German twin path', async () => {
      const res = await get(t, FR, `/produits/${expertise.texts.fr.slug}`).expect(200);
      expect(res.text).toContain(`<h1 class="list-banner__heading">${expertise.texts.fr.name}</h1>`);
      expect(res.text).toContain('Toutes les expertises');
      expect(res.text).toContain(
        `hreflang="de-CH" href="http://produkte.localhost/produkte/${expertise.texts.de.slug}"`,
      );
      await get(t, FR, '/produits/inconnue').expect(404);
    });

    it('adds a filter value by its link and removes it by the same link; an emptied type is dropped', async () => {
      const list = await get(t, FR, '/produits').expect(200);
      const add = /href="(\/produits\/-brand--lactibiane)"/.exec(list.text);
      expect(add).not.toBeNull();
      const filtered = await get(t, FR, add![1]).expect(200);
      const count = Number(/(\d+) produits?/.exec(textOf(filtered.text))![1]);
      expect(count).toBe(contentProducts().filter((p) => p.brand === 'lactibiane' && p.published && !p.is_free).length);
      // Selected value links back to the list without the filter segment.
      expect(filtered.text).toMatch(
        /href="\/produits" data-listing="filter" data-name="brand" data-value="lactibiane" role="checkbox" aria-checked="true"/,
      );
      // Two types combine (AND), two values of one type add up (OR).
      const two = await get(t, FR, '/produits/-brand--formag/-brand--lactibiane').expect(200);
      const both = Number(/(\d+) produits?/.exec(textOf(two.text))![1]);
      expect(both).toBe(
        contentProducts().filter((p) => ['lactibiane', 'formag'].includes(p.brand) && p.published && !p.is_free).length,
      );
    });

    it('answers 404 for a non-numeric page, an unknown filter, an unknown value, more than 10 filters and a page past the end', async () => {
      await get(t, FR, '/produits/-p--abc').expect(404);
      await get(t, FR, '/produits/-nope--value').expect(404);
      await get(t, FR, '/produits/-brand--nope').expect(404);
      const eleven = Array.from({ length: 11 }, () => '-brand--lactibiane').join('/');
      await get(t, FR, `/produits/${eleven}`).expect(404);
      await get(t, FR, '/produits/-p--999').expect(404);
      await get(t, FR, '/produits/-p--2').expect(200);
    });

    it('sorts by price both ways and honours the price range', async () => {
      const prices = (html: string) =>
        [...html.matchAll(/<span class="price">CHF ([\d\u202f]+(?:,\d{2})?)<\/span>/g)].map((m) =>
          Number(m[1].replace(/\u202f/g, '').replace(',', '.')),
        );
      const asc = prices((await get(t, FR, '/produits?sort=asc_price').expect(200)).text);
      expect(asc.length).toBeGreaterThan(3);
      expect([...asc].sort((a, b) => a - b)).toEqual(asc);
      const desc = prices((await get(t, FR, '/produits?sort=desc_price').expect(200)).text);
      expect([...desc].sort((a, b) => b - a)).toEqual(desc);
      const ranged = prices((await get(t, FR, '/produits?price_min=20&price_max=30').expect(200)).text);
      expect(ranged.every((p) => p >= 20 && p <= 30)).toBe(true);
      // Bad sort or price values fall back to the defaults rather than failing.
      await get(t, FR, '/produits?sort=drop&price_min=abc').expect(200);
    });

    it('shows the promo pushes of the chosen expertise and a pharmacy card', async () => {
      const res = await get(t, FR, `/produits/${expertise.texts.fr.slug}`).expect(200);
      expect(res.text).toContain('class="pharmacy-card"');
      expect(res.text).toContain('class="listing__pushes"');
    });
  });

  describe('product page', () => {
    it('renders the product with JSON-LD, canonical, price and German twin', async () => {
      const product = pick((p) => !p.is_free && p.brand === 'lactibiane', 'lactibiane product');
      const res = await get(t, FR, `/produit/${product.texts.fr.slug}`).expect(200);
      expect(res.text).toContain(`<h1 class="product-hero__name">${product.texts.fr.name}</h1>`);
      const ld = [...res.text.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]),
      );
      const jsonLd = ld.find((d) => d['@type'] === 'Product');
      expect(jsonLd).toMatchObject({ name: product.texts.fr.name, gtin13: product.ean, sku: product.reference });
      expect(ld.find((d) => d['@type'] === 'BreadcrumbList')).toBeTruthy();
      expect(res.text).toContain(`hreflang="de-CH" href="http://produkte.localhost/produkt/${product.texts.de.slug}"`);
      const de = await get(t, DE, `/produkt/${product.texts.de.slug}`).expect(200);
      expect(de.text).toContain(product.texts.de.name);
    });

    it('cuts the meta description at 249 characters plus an ellipsis', async () => {
      const product = pick((p) => p.texts.fr.meta_description.length > 260, 'long meta description');
      const res = await get(t, FR, `/produit/${product.texts.fr.slug}`).expect(200);
      const meta = /<meta name="description" content="([^"]*)"/
        .exec(res.text)![1]
        .replace(/&#39;|&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      expect(meta.endsWith('…')).toBe(true);
      expect([...meta].length).toBe(250);
    });

    it('titles the descriptive tab "advice tips" for insudiet products and hides the store locator when not sold in store', async () => {
      const insudiet = pick((p) => p.product_type === 'insudiet' && !p.is_free, 'insudiet product');
      const a = await get(t, FR, `/produit/${insudiet.texts.fr.slug}`).expect(200);
      expect(a.text).toMatch(/class="product-tabs__tab" href="#description">Conseils et astuces</);
      const standard = pick(
        (p) => p.product_type !== 'insudiet' && !p.caracteristics.not_sold_in_store,
        'standard product',
      );
      const b = await get(t, FR, `/produit/${standard.texts.fr.slug}`).expect(200);
      expect(b.text).toMatch(/class="product-tabs__tab" href="#description">Description</);
      expect(b.text).toContain('id="store-locator"');
      expect(b.text).toContain('>Trouver mon officine</a>');
      const notSold = pick((p) => p.caracteristics.not_sold_in_store === true, 'not sold in store');
      const c = await get(t, FR, `/produit/${notSold.texts.fr.slug}`).expect(200);
      expect(c.text).not.toContain('id="store-locator"');
      expect(c.text).not.toContain('>Trouver mon officine</a>');
    });

    it('shows the special usage-precaution heading only for the two EANs', async () => {
      for (const ean of ['7640123459990', '7640123459983']) {
        const product = pick((p) => p.ean === ean, `EAN ${ean}`);
        const res = await get(t, FR, `/produit/${product.texts.fr.slug}`).expect(200);
        expect(res.text).toContain('Précautions d&#x27;emploi particulières');
      }
      const other = pick(
        (p) => !['7640123459990', '7640123459983'].includes(p.ean) && !!p.texts.fr.precautions__use,
        'other',
      );
      const res = await get(t, FR, `/produit/${other.texts.fr.slug}`).expect(200);
      expect(res.text).not.toContain('Précautions d&#x27;emploi particulières');
    });

    it('flags a product new only while now lies between is_new_from and is_new_to', async () => {
      const now = Date.now();
      const current = pick(
        (p) => !!p.is_new_from && !!p.is_new_to && Date.parse(p.is_new_from) <= now && Date.parse(p.is_new_to) >= now,
        'new product',
      );
      const past = pick((p) => !!p.is_new_to && Date.parse(p.is_new_to) < now, 'formerly new product');
      expect((await get(t, FR, `/produit/${current.texts.fr.slug}`)).text).toContain(
        '<li class="flag flag--new">Nouveau</li>',
      );
      expect((await get(t, FR, `/produit/${past.texts.fr.slug}`)).text).not.toContain('flag--new"');
    });

    it('shows at most 4 FAQs with a link to all of them, the volume-discount tiers and the UFC mention', async () => {
      const many = pick((p) => p.faqs.length > 4, 'product with many FAQs');
      const res = await get(t, FR, `/produit/${many.texts.fr.slug}`).expect(200);
      expect((res.text.match(/<details class="faq-item">/g) ?? []).length).toBe(4);
      expect(res.text).toContain(`href="/produit/${many.texts.fr.slug}/questions-reponses"`);
      const tiered = pick((p) => p.volume_discounts.length > 0 && !p.is_free, 'tiered product');
      const tiers = await get(t, FR, `/produit/${tiered.texts.fr.slug}`).expect(200);
      expect(tiers.text).toContain('Prix dégressifs');
      const probiotic = pick(
        (p) => typeof p.caracteristics.units_ufc === 'number' && p.caracteristics.units_ufc > 0,
        'probiotic',
      );
      const ufc = await get(t, FR, `/produit/${probiotic.texts.fr.slug}`).expect(200);
      expect(ufc.text).toContain(`${probiotic.caracteristics.units_ufc} × 10⁹ UFC⁽⁷⁾`);
      const ufcDe = await get(t, DE, `/produkt/${probiotic.texts.de.slug}`).expect(200);
      expect(ufcDe.text).toContain('KbE⁽⁷⁾');
    });

    it('offers the packaging selector when there is more than one packaging', async () => {
      const packaged = pick((p) => !!p.packaging_group, 'packaging group');
      const res = await get(t, FR, `/produit/${packaged.texts.fr.slug}`).expect(200);
      expect(res.text).toContain('Conditionnement');
      const siblings = contentProducts().filter((p) => p.packaging_group === packaged.packaging_group && p.published);
      for (const s of siblings) expect(res.text).toContain(`value="/produit/${s.texts.fr.slug}"`);
    });

    it('answers 301 to the new slug keeping the query after a rename, and 404 for an unknown or unpublished product', async () => {
      const product = pick((p) => !p.is_free, 'product');
      const oldSlug = `${product.texts.fr.slug}-ancien`;
      const row = await t.db
        .selectFrom('product')
        .select('id')
        .where('reference', '=', product.reference)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('slug_history')
        .values({ entity_type: 'product', locale: 'fr', old_slug: oldSlug, entity_id: row.id })
        .execute();
      const res = await get(t, FR, `/produit/${oldSlug}?utm_source=x`).expect(301);
      expect(res.headers.location).toBe(`/produit/${product.texts.fr.slug}?utm_source=x`);
      expect(res.headers['cache-control']).toMatch(/no-cache/);
      await sql`delete from slug_history where old_slug = ${oldSlug}`.execute(t.db);
      await get(t, FR, '/produit/nexiste-pas').expect(404);
      const unpublished = contentProducts().find((p) => !p.published)!;
      await get(t, FR, `/produit/${unpublished.texts.fr.slug}`).expect(404);
    });
  });

  describe('product documents', () => {
    it('serves a listed document as PDF and answers 404 for any other file', async () => {
      const product = pick((p) => p.documents.length > 0, 'product with documents');
      const page = await get(t, FR, `/produit/${product.texts.fr.slug}`).expect(200);
      const file = product.documents[0].file;
      expect(page.text).toContain(`href="/documents/${file}"`);
      const pdf = await get(t, FR, `/documents/${file}`).buffer(true).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
      await get(t, FR, '/documents/absent.pdf').expect(404);
      await get(t, FR, '/documents/..%2Fpackage.json').expect(404);
    });
  });

  describe('product FAQ page', () => {
    it('lists every question under a heading with the product name, with the phone, fax and contact link', async () => {
      const product = pick((p) => p.faqs.length > 4, 'product with FAQs');
      const res = await get(t, FR, `/produit/${product.texts.fr.slug}/questions-reponses`).expect(200);
      expect(res.text).toContain(`<h1>Questions-réponses\u00a0: ${product.texts.fr.name}</h1>`);
      expect((res.text.match(/<details class="faq-item">/g) ?? []).length).toBe(product.faqs.length);
      expect(res.text).toContain('href="tel:');
      expect(res.text).toContain('Fax');
      expect(res.text).toContain('href="/contactez-nous"');
      const de = await get(t, DE, `/produkt/${product.texts.de.slug}/fragen-antworten`).expect(200);
      expect(de.text).toContain(product.texts.de.name);
      await get(t, FR, '/produit/inconnu/questions-reponses').expect(404);
    });
  });
});
