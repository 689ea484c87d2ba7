import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { textOf } from '../support/content';
import { tileOf } from '../../contracts/storefinder';

/** Store finder (SPEC §2.2, §4 "Store search", §7 "Point of sale", "Reverse geocoding", §9). */
describe('store finder (e2e)', () => {
  let t: TestApp;
  const page = (path: string, host = FR) => request(t.server).get(path).set('Host', host);
  const api = (path: string, host = FR) =>
    request(t.server).get(`/api/v1${path}`).set('Host', host).set('Accept', 'application/json');
  type Item = { name: string; distance: number; is_insudiet: boolean; stocks: boolean; url: string; city: string };
  const stores = async (query: string, host = FR): Promise<Item[]> =>
    (await api(`/stores?${query}`, host).expect(200)).body.data.items as Item[];
  /** Lausanne, Place Saint-François. */
  const LAUSANNE = 'latitude=46.5197&longitude=6.6323';

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('demo pharmacies', () => {
    it('has about 2,000 pharmacies at real Swiss localities, about 10% Insudiet partners, each with every field', async () => {
      const rows = await t.db.selectFrom('store').selectAll().execute();
      expect(rows.length).toBe(2000);
      const insudiet = rows.filter((r) => r.is_insudiet).length / rows.length;
      expect(insudiet).toBeGreaterThan(0.07);
      expect(insudiet).toBeLessThan(0.13);
      for (const r of rows.slice(0, 50)) {
        expect(r.name).toMatch(/Pharmacie|Apotheke|Farmacia/);
        expect(r.zipcode).toMatch(/^[0-9]{4}$/);
        expect(r.phone).toMatch(/^\+41 [0-9]{2} [0-9]{3} [0-9]{2} [0-9]{2}$/);
        expect(r.latitude).toBeGreaterThan(45.8);
        expect(r.latitude).toBeLessThan(47.9);
      }
      const lausanne = rows.filter((r) => r.city === 'Lausanne');
      expect(lausanne.length).toBeGreaterThan(3);
    });
  });

  describe('GET /api/v1/stores (point of sale)', () => {
    it('lists the nearest pharmacies sorted by distance (km, 2 decimals), 20 by default, within the radius', async () => {
      const items = await stores(LAUSANNE);
      expect(items).toHaveLength(20);
      const distances = items.map((s) => s.distance);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      for (const d of distances) expect(Math.round(d * 100) / 100).toBe(d);
      expect(items[0].distance).toBeLessThan(2);
      const res = await api(`/stores?${LAUSANNE}`).expect(200);
      expect(Object.keys(res.body.data.items[0]).sort()).toEqual(
        [
          'address_1',
          'address_2',
          'address_3',
          'city',
          'distance',
          'id',
          'is_insudiet',
          'latitude',
          'longitude',
          'name',
          'phone',
          'slug',
          'stocks',
          'url',
          'zipcode',
        ].sort(),
      );
      expect(res.body.data.total).toBe(20);
      // SPEC §9 "store radius 20 units": the default radius is 20 km.
      expect(res.body.data.radius).toBe(20);
      expect(Math.max(...(await stores(`${LAUSANNE}&limit=100`)).map((s) => s.distance))).toBeLessThanOrEqual(20);
      const few = await stores(`${LAUSANNE}&radius=1&limit=100`);
      expect(few.length).toBeGreaterThan(0);
      expect(few.every((s) => s.distance <= 1)).toBe(true);
      expect(await stores(`${LAUSANNE}&limit=3`)).toHaveLength(3);
      // Far from every pharmacy (the Atlantic): none.
      expect(await stores('latitude=45&longitude=-30')).toEqual([]);
    });

    it('links each pharmacy to its page in the request’s language', async () => {
      const [fr] = await stores(LAUSANNE);
      const [de] = await stores(LAUSANNE, DE);
      expect(fr.url).toMatch(/^\/trouver-une-pharmacie\/[a-z0-9-]+$/);
      expect(de.url).toBe(fr.url.replace('/trouver-une-pharmacie/', '/eine-apotheke-finden/'));
    });

    it('marks the stockists of a product (its range; insudiet products: the Insudiet partners), and filters on them', async () => {
      const insudiet = await stores(`${LAUSANNE}&product=insudiet-boisson-vanille-7-sachets`);
      expect(insudiet.length).toBeGreaterThan(0);
      expect(insudiet.every((s) => s.stocks === s.is_insudiet)).toBe(true);
      const only = await stores(`${LAUSANNE}&product=insudiet-boisson-vanille-7-sachets&only=true`);
      expect(only.length).toBeGreaterThan(0);
      expect(only.every((s) => s.is_insudiet && s.stocks)).toBe(true);
      const range = await stores(`${LAUSANNE}&product=articoria-glucosamine-chondroitine-60-comprimes&limit=50`);
      expect(range.some((s) => s.stocks)).toBe(true);
      expect(range.some((s) => !s.stocks)).toBe(true);
      const de = await stores(`${LAUSANNE}&product=insudiet-drink-vanille-7-beutel&only=1`, DE);
      expect(de.length).toBeGreaterThan(0);
      expect(de.every((s) => s.is_insudiet)).toBe(true);
      // Without a product nothing is marked.
      const plain = await stores(LAUSANNE);
      expect(plain.length).toBeGreaterThan(0);
      expect(plain.every((s) => !s.stocks)).toBe(true);
    });

    it('answers 400 naming the parameter for bad values, never 500', async () => {
      const bad: Array<[string, string]> = [
        ['', 'latitude'],
        ['latitude=46.5', 'longitude'],
        ['latitude=91&longitude=6', 'latitude'],
        ['latitude=-90.5&longitude=6', 'latitude'],
        ['latitude=46&longitude=181', 'longitude'],
        ['latitude=abc&longitude=6', 'latitude'],
        ['latitude=1e3&longitude=6', 'latitude'],
        ['latitude=%00&longitude=6', 'latitude'],
        ['latitude=46&longitude=6%00', 'longitude'],
        ['latitude=46&latitude=47&longitude=6', 'latitude'],
        [`${LAUSANNE}&radius=0`, 'radius'],
        [`${LAUSANNE}&radius=-5`, 'radius'],
        [`${LAUSANNE}&radius=201`, 'radius'],
        [`${LAUSANNE}&radius=`, 'radius'],
        [`${LAUSANNE}&radius=NaN`, 'radius'],
        [`${LAUSANNE}&limit=0`, 'limit'],
        [`${LAUSANNE}&limit=101`, 'limit'],
        [`${LAUSANNE}&limit=1.5`, 'limit'],
        [`${LAUSANNE}&product=%00`, 'product'],
        [`${LAUSANNE}&product=no-such-product`, 'product'],
        [`${LAUSANNE}&only=maybe`, 'only'],
        [`${LAUSANNE}&x=1`, 'x'],
      ];
      for (const [query, name] of bad) {
        const res = await api(`/stores?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        expect(JSON.stringify(res.body)).toContain(name);
      }
    });
  });

  describe('GET /api/v1/places and /api/v1/reverse-geocoding', () => {
    const labels = async (q: string) =>
      ((await api(`/places?q=${encodeURIComponent(q)}`).expect(200)).body.data.items as Array<{ label: string }>).map(
        (p) => p.label,
      );

    it('suggests Swiss localities by postcode, name with or without accents, and either language’s name', async () => {
      expect((await labels('1003'))[0]).toBe('1003 Lausanne');
      expect((await labels('Lausanne'))[0]).toBe('1003 Lausanne');
      expect((await labels('zurich'))[0]).toMatch(/^80[0-9]{2} Zürich$/);
      expect((await labels('Bienne'))[0]).toMatch(/^25[0-9]{2} Biel\/Bienne$/);
      expect((await labels('Biel'))[0]).toMatch(/^25[0-9]{2} Biel\/Bienne$/);
      expect((await labels('Genf'))[0]).toMatch(/^12[0-9]{2} Genève$/);
      expect((await labels('Bâle'))[0]).toMatch(/^40[0-9]{2} Basel$/);
      expect((await labels('Neuchatel'))[0]).toMatch(/^20[0-9]{2} Neuchâtel$/);
      // A close spelling.
      expect((await labels('Lausane'))[0]).toBe('1003 Lausanne');
      expect((await labels('neuchatel')).length).toBeLessThanOrEqual(8);
    });

    it('is restricted to Switzerland and suggests nothing for empty or unknown input', async () => {
      expect(await labels('')).toEqual([]);
      expect(await labels('9490')).toEqual([]); // Vaduz (Liechtenstein)
      expect(await labels('Vaduz')).toEqual([]);
      expect(await labels('Xyzzyville')).toEqual([]);
      expect(await labels('%_')).toEqual([]);
      expect((await api('/places?q=%00')).status).toBe(400);
    });

    it('reverse-geocodes a Swiss position to the nearest locality’s address components', async () => {
      const res = await api('/reverse-geocoding?latitude=46.5197&longitude=6.6323').expect(200);
      expect(res.body.data.formatted_address).toMatch(/^10[0-9]{2} Lausanne$/);
      const types = res.body.data.address_components.map((c: { types: string[] }) => c.types[0]);
      expect(types).toEqual(['postal_code', 'locality', 'administrative_area_level_1', 'country']);
      // Paris: outside Switzerland.
      const paris = await api('/reverse-geocoding?latitude=48.8566&longitude=2.3522').expect(200);
      expect(paris.body.data.address_components).toEqual([]);
      for (const q of ['latitude=91&longitude=0', 'latitude=0', 'latitude=x&longitude=0', 'latitude=0&longitude=%00'])
        expect((await api(`/reverse-geocoding?${q}`)).status).toBe(400);
    });

    it('gives the map its pharmacies per tile, clustered per cell, bounded whatever their number', async () => {
      type Item = [number, number, number, number];
      const tile = async (z: number, x: number, y: number) =>
        (await api(`/store-positions?z=${z}&x=${x}&y=${y}`).expect(200)).body.data as {
          items: Item[];
          stores: number;
        };
      // Zoom 6: Switzerland lies in tile 33/22; around it nothing; every pharmacy is counted once.
      const country = [];
      for (const x of [32, 33, 34]) for (const y of [21, 22, 23]) country.push(await tile(6, x, y));
      expect(country.reduce((n, t) => n + t.stores, 0)).toBe(2000);
      for (const t of country) {
        expect(t.items.length).toBeLessThanOrEqual(16);
        expect(t.items.reduce((n, item) => n + item[2], 0)).toBe(t.stores);
      }
      expect(country.flatMap((t) => t.items).some((item) => item[2] > 1 && item[3] === 0)).toBe(true);
      // Zoom 16, the tile of the pharmacy nearest to Lausanne: pharmacies one by one, with their ids.
      const nearest = (await api(`/stores?${LAUSANNE}&limit=1`).expect(200)).body.data.items[0];
      const { x, y } = tileOf(nearest.latitude, nearest.longitude, 16);
      const close = await tile(16, x, y);
      expect(close.items.map((item) => item[3])).toContain(nearest.id);
      expect(close.items.every((item) => item[2] === 1 && item[3] > 0)).toBe(true);
      // Outside the map's area: nothing.
      expect((await tile(6, 0, 0)).items).toEqual([]);
      const res = await api('/store-positions?z=7&x=66&y=45').expect(200);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=[1-9][0-9]*/);
      const bad: Array<[string, string]> = [
        ['z=5&x=0&y=0', 'z'],
        ['z=19&x=0&y=0', 'z'],
        ['z=6&x=64&y=0', 'x'],
        ['z=6&x=0&y=64', 'y'],
        ['z=6&x=1', 'y'],
        ['x=1&y=1', 'z'],
        ['z=6&x=-1&y=0', 'x'],
        ['z=6.5&x=1&y=1', 'z'],
      ];
      for (const [query, name] of bad) {
        const res = await api(`/store-positions?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        expect(JSON.stringify(res.body)).toContain(`"${name}"`);
      }
    });
  });

  describe('the finder page', () => {
    it('answers on both hosts with the search form and a prompt (no 404 any more)', async () => {
      for (const [host, path, title] of [
        [FR, '/trouver-une-pharmacie', 'Trouver une pharmacie'],
        [DE, '/eine-apotheke-finden', 'Eine Apotheke finden'],
      ]) {
        const res = await page(path, host).expect(200);
        expect(res.text).toContain(`<h1 class="page-title">${title}</h1>`);
        expect(res.text).toMatch(
          new RegExp(`<form[^>]*method="get"[^>]*action="${path}"|<form[^>]*action="${path}"[^>]*method="get"`),
        );
        expect(res.text).toContain('name="q"');
        expect(res.text).toContain('data-island="StoreFinder"');
      }
    });

    it('without JavaScript, lists the pharmacies nearest to the postcode or locality searched', async () => {
      const res = await page('/trouver-une-pharmacie?q=1003').expect(200);
      const text = textOf(res.text);
      expect(text).toContain('20 pharmacies près de 1003 Lausanne');
      expect(res.text.match(/class="store-card[ "]/g)?.length).toBe(20);
      expect(res.text).toMatch(/href="tel:\+41[0-9]{9}"/);
      expect(res.text).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=');
      expect(res.text).toMatch(/>[0-9]+,[0-9]{2} km</); // French decimal comma
      expect(res.text).toContain('value="1003 Lausanne"');
      const de = await page('/eine-apotheke-finden?q=Z%C3%BCrich', DE).expect(200);
      expect(textOf(de.text)).toMatch(/20 Apotheken in der Nähe von 80[0-9]{2} Zürich/);
      expect(de.text).toMatch(/>[0-9]+\.[0-9]{2} km</);
      expect(de.text).toContain('Route planen');
    });

    it('highlights the Insudiet partners of the list', async () => {
      const res = await page('/trouver-une-pharmacie?q=Lausanne').expect(200);
      expect(res.text).toContain('store-card store-card--insudiet');
      expect(res.text).toContain('Partenaire Insudiet');
    });

    it('finds a place by its other language’s name and says clearly when a place does not exist', async () => {
      expect(textOf((await page('/eine-apotheke-finden?q=Genf', DE).expect(200)).text)).toMatch(/Genève/);
      expect(textOf((await page('/trouver-une-pharmacie?q=Bienne').expect(200)).text)).toMatch(/Biel\/Bienne/);
      const missing = await page('/trouver-une-pharmacie?q=Xyzzyville').expect(200);
      expect(textOf(missing.text)).toMatch(/La localité «.Xyzzyville.» n'existe pas en Suisse/);
      expect(missing.text).not.toContain('class="store-card');
      const missingDe = await page('/eine-apotheke-finden?q=9999', DE).expect(200);
      expect(textOf(missingDe.text)).toContain('Den Ort «9999» gibt es in der Schweiz nicht');
    });

    it('offline, finds the locality of an address typed in the box ("Adresse, NPA ou localité")', async () => {
      const fr = await page(`/trouver-une-pharmacie?q=${encodeURIComponent('Rue de Bourg 10, Lausanne')}`).expect(200);
      expect(textOf(fr.text)).toContain('20 pharmacies près de 1003 Lausanne');
      const de = await page(`/eine-apotheke-finden?q=${encodeURIComponent('Bahnhofstrasse 1 8001 Zürich')}`, DE).expect(
        200,
      );
      expect(textOf(de.text)).toContain('20 Apotheken in der Nähe von 8001 Zürich');
      const suggestions = await api(`/places?q=${encodeURIComponent('Rue de Bourg 10, Lausanne')}`).expect(200);
      expect(suggestions.body.data.items[0].label).toBe('1003 Lausanne');
      // A street with no locality is still no place.
      const street = await page(`/trouver-une-pharmacie?q=${encodeURIComponent('Rue de Bourg 10')}`).expect(200);
      expect(textOf(street.text)).toMatch(/La localité «.Rue de Bourg 10.» n'existe pas en Suisse/);
    });

    it('never fails on hostile queries', async () => {
      for (const q of ['%00', 'a%00b', '%ff', 'x'.repeat(500), '12', '%25', '<script>', 'a&q=b', '&q[]=x'])
        expect((await page(`/trouver-une-pharmacie?q=${q}`)).status).toBe(200);
      // A query with markup is shown as text: escaped in the box and in the message, never as markup.
      const hostile = await page('/trouver-une-pharmacie?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E').expect(200);
      expect(hostile.text).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
      expect(textOf(hostile.text)).toContain('<script>alert(1)</script>');
      expect(hostile.text).not.toContain('<script>alert(1)');
    });

    it('opens with a product in context: marks its stockists and can show only them', async () => {
      const res = await page('/trouver-une-pharmacie?q=1003&product=insudiet-boisson-vanille-7-sachets').expect(200);
      const text = textOf(res.text);
      expect(text).toContain('Pharmacies proposant Insudiet');
      expect(text).toContain('Propose Insudiet');
      expect(res.text).toContain('name="only"');
      const only = await page('/trouver-une-pharmacie?q=1003&product=insudiet-boisson-vanille-7-sachets&only=1').expect(
        200,
      );
      const cards = only.text.match(/class="store-card( [^"]*)?"/g) ?? [];
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.every((c) => c.includes('store-card--stocks'))).toBe(true);
      // The product page's store-locator tab opens the finder with the product in context.
      const product = await page('/produit/insudiet-boisson-vanille-7-sachets').expect(200);
      expect(product.text).toMatch(
        /<form class="store-search"[^>]*action="\/trouver-une-pharmacie"[^>]*><input type="hidden" name="product" value="insudiet-boisson-vanille-7-sachets"\/>/,
      );
      // So does the store_locator paragraph naming a product (content: the Insudiet method's phases).
      for (const [host, path, action, slug] of [
        [FR, '/conseil/phases-methode-insudiet', '/trouver-une-pharmacie', 'insudiet-boisson-vanille-7-sachets'],
        [DE, '/ratschlag/phasen-insudiet-methode', '/eine-apotheke-finden', 'insudiet-drink-vanille-7-beutel'],
      ]) {
        const article = await page(path, host).expect(200);
        expect(article.text).toMatch(
          new RegExp(
            `<form class="store-locator__form"[^>]*action="${action}"[^>]*><input type="hidden" name="product" value="${slug}"/>`,
          ),
        );
        const finder = await page(`${action}?product=${slug}&q=1003`, host).expect(200);
        expect(finder.text).toContain('store-card--stocks');
      }
      // An unknown product is no context.
      const unknown = await page('/trouver-une-pharmacie?q=1003&product=nope').expect(200);
      expect(unknown.text).not.toContain('name="only"');
    });
  });

  describe('who can advise you', () => {
    it('has a header image, the specialist search, the postal contact and the know-more link, on both hosts', async () => {
      const fr = await page('/interlocuteur').expect(200);
      expect(fr.text).toContain('<h1 class="page-title">Qui peut vous conseiller\u00a0?</h1>');
      expect(fr.text).toContain('class="advice-page__image"');
      expect(fr.text).toMatch(/<form[^>]*action="\/interlocuteur"/);
      expect(textOf(fr.text)).toContain('Route de la Pharmacie 12');
      expect(fr.text).toContain('href="/conseil/bien-choisir-son-complement-alimentaire"');
      const de = await page('/ansprechpartner', DE).expect(200);
      expect(de.text).toContain('Wer kann Sie beraten?');
      expect(de.text).toContain('href="/ratschlag/das-richtige-nahrungserganzungsmittel-wahlen"');
      const search = await page('/ansprechpartner?q=3011', DE).expect(200);
      expect(textOf(search.text)).toMatch(/20 Apotheken in der Nähe von 3011 Bern/);
    });
  });

  describe('a pharmacy’s page', () => {
    it('is linked from the list, with address, phone, directions and Pharmacy structured data', async () => {
      const [first] = await stores(LAUSANNE);
      const res = await page(first.url).expect(200);
      expect(res.text).toContain(`<h1 class="page-title">${first.name}</h1>`);
      expect(res.text).toContain('"@type":"Pharmacy"');
      expect(res.text).toMatch(/href="tel:/);
      expect(res.text).toContain('https://www.google.com/maps/dir/');
      const de = await page(first.url.replace('/trouver-une-pharmacie/', '/eine-apotheke-finden/'), DE).expect(200);
      expect(de.text).toContain('Alle Apotheken');
      expect((await page('/trouver-une-pharmacie/no-such-pharmacy')).status).toBe(404);
      expect((await page('/trouver-une-pharmacie/a%00')).status).toBe(404);
    });
  });
});
