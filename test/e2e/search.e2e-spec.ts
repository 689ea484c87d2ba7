import request from 'supertest';
import { AppCache } from '../../src/cache/app-cache.service';
import { parseServerTiming } from '../../src/common/timing/request-timing';
import { decodeHtml } from '../support/http';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

/**
 * Site search (SPEC §2.1 results route, §2.2 "Search results", §5 quick search, §7 Search and
 * Suggest, §8 no results), on both Swiss hosts.
 */
describe('search (e2e)', () => {
  let t: TestApp;
  const get = (path: string, host = FR) => request(t.server).get(path).set('Host', host);
  const api = (query: string, host = FR) =>
    request(t.server).get(`/api/v1/search?${query}`).set('Host', host).set('Accept', 'application/json');
  const text = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
  /** The product links of the solutions tab's grid, in order. */
  const productLinks = (html: string, prefix = '/produit/') =>
    [...new Set([...html.matchAll(/href="(\/produ(?:it|kt)\/[a-z0-9-]+)"/g)].map((m) => m[1]))].filter((h) =>
      h.startsWith(prefix),
    );
  const tabCounts = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/class="search-tabs__link"[^>]*>([^<]+?) <span class="search-tabs__count">\((\d+)\)/g)].map(
        (m) => [decodeHtml(m[1]).trim(), Number(m[2])],
      ),
    );

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  describe('routes and the no-JavaScript form', () => {
    it('redirects the GET form (?q=) to the path form on both hosts, the text trimmed and encoded', async () => {
      const fr = await get('/resultats?q=%20Vitamine%20C%20').expect(303);
      expect(fr.headers.location).toBe('/resultats/-r--Vitamine%20C');
      expect(fr.headers['cache-control']).toMatch(/no-cache|no-store/);
      const de = await get('/ergebnisse?q=Schlafst%C3%B6rungen', DE).expect(303);
      expect(de.headers.location).toBe('/ergebnisse/-r--Schlafst%C3%B6rungen');
      // An empty text is not used: the results page without a text.
      expect((await get('/resultats?q=%20%20').expect(303)).headers.location).toBe('/resultats');
      // Hostile form input: control characters dropped, arrays and bad encoding not used, never a 500.
      expect((await get('/resultats?q=a%00bc').expect(303)).headers.location).toBe('/resultats/-r--a%20bc');
      for (const query of ['q=a&q=b', 'q[x]=1', `q=${'x'.repeat(500)}`, 'q=%ff']) {
        const res = await get(`/resultats?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: query.startsWith('q[') ? 200 : 303 });
      }
    });

    it('answers the results route with the breadcrumb "Résultat de la recherche" and the German twin', async () => {
      const fr = await get('/resultats/-r--magnesium').expect(200);
      expect(text(fr.text)).toContain('Résultat de la recherche');
      expect(fr.text).toMatch(/<meta name="robots" content="noindex/);
      const de = await get('/ergebnisse/-r--Magnesium', DE).expect(200);
      expect(text(de.text)).toContain('Suchergebnis');
      // The French path on the German host is not a page.
      await get('/resultats/-r--magnesium', DE).expect(404);
    });

    it('shows the prompt and the search panel without a text', async () => {
      const res = await get('/resultats').expect(200);
      expect(res.text).toContain('action="/resultats"');
      // Every search box (the header's and the panel's) takes at most the 100 characters the API does.
      const boxes = [...res.text.matchAll(/<input[^>]*name="q"[^>]*>/g)].map((m) => m[0]);
      expect(boxes.length).toBeGreaterThanOrEqual(2);
      for (const box of boxes) expect(box).toMatch(/ maxlength="100"/i);
      expect(text(res.text)).toContain("Saisissez le nom d'un produit");
      await get('/resultats/-p--2').expect(404);
    });

    it('refuses a bad tail with the 404 page (never a 500)', async () => {
      for (const path of [
        '/resultats/-r--magnesium/-p--0',
        '/resultats/-r--magnesium/-p--x',
        '/resultats/-r--%E0%A4%A',
        '/resultats/nope',
      ])
        await get(path).expect(404);
    });
  });

  describe('tabs, counts, pagination and filters', () => {
    it('lists the solutions first with the four tabs and their counts, on both hosts', async () => {
      const fr = await get('/resultats/-r--magnesium').expect(200);
      const counts = tabCounts(fr.text);
      expect(Object.keys(counts)).toEqual(['Solutions', 'Marques', 'Besoins', 'Conseils et articles']);
      expect(counts.Solutions).toBeGreaterThanOrEqual(5);
      expect(counts['Conseils et articles']).toBeGreaterThanOrEqual(1);
      expect(fr.text).toMatch(/class="search-tabs__link" href="\/resultats\/-r--magnesium" aria-current="page"/);
      expect(productLinks(fr.text)[0]).toMatch(/^\/produit\/formag/);
      const de = await get('/ergebnisse/-r--Magnesiumtabletten', DE).expect(200);
      const deCounts = tabCounts(de.text);
      expect(Object.keys(deCounts)).toEqual(['Lösungen', 'Marken', 'Bedürfnisse', 'Ratschläge und Artikel']);
      expect(productLinks(de.text, '/produkt/')[0]).toMatch(/^\/produkt\/formag/);
    });

    it('builds an uncached results page with at most 8 database queries (Server-Timing)', async () => {
      const queries = (res: request.Response) =>
        Number(/^(\d+) quer/.exec(parseServerTiming(res.headers['server-timing']).get('db')?.desc ?? '')?.[1]);
      // Every read model cold but the site itself, which a first page (the 404 page) loads.
      await t.app.get(AppCache).clear();
      await get('/cette-page-n-existe-pas').expect(404);
      const page = await get('/resultats/-r--magnesium').set('Cache-Control', 'no-cache').expect(200);
      expect(page.headers['server-timing']).not.toMatch(/cache;desc=/);
      expect(queries(page)).toBeGreaterThan(0);
      expect(queries(page)).toBeLessThanOrEqual(8);
    });

    it('puts the product of an exact EAN or reference first', async () => {
      const byEan = await get('/resultats/-r--7640123401297').expect(200);
      expect(productLinks(byEan.text)).toHaveLength(1);
      const byRef = await get('/ergebnisse/-r--FOR-003', DE).expect(200);
      expect(productLinks(byRef.text, '/produkt/')[0]).toMatch(/formag-nacht/);
    });

    it('shows the brands, needs and pages tabs from their link, each result linked to its page', async () => {
      const needs = await get('/ergebnisse/-r--Schlafst%C3%B6rungen?tab=needs', DE).expect(200);
      expect(needs.text).toMatch(/href="\/ergebnisse\/-r--Schlafst%C3%B6rungen\?tab=needs" aria-current="page"/);
      expect(needs.text).toContain('href="/bedurfnis/einschlafen"');
      const brands = await get('/resultats/-r--lactibiane?tab=brands').expect(200);
      expect(brands.text).toContain('href="/marque/lactibiane"');
      const pages = await get('/resultats/-r--magnesium?tab=pages').expect(200);
      expect(pages.text).toMatch(/href="\/(conseil|qualite-innovation)\/[a-z0-9-]+"/);
      // A page past the last of a tab is not a page.
      await get('/resultats/-r--magnesium/-p--40?tab=pages').expect(404);
    });

    it('pages the solutions 17 at a time, the page in the path', async () => {
      // "vitamine" finds more than two pages of products in the seed.
      const first = await get('/resultats/-r--vitamine').expect(200);
      const count = tabCounts(first.text).Solutions;
      expect(count).toBeGreaterThan(2 * 17);
      const pages = Math.ceil(count / 17);
      const seen = new Set(productLinks(first.text));
      expect(seen.size).toBe(17);
      for (let page = 2; page <= pages; page += 1) {
        const next = await get(`/resultats/-r--vitamine/-p--${page}`).expect(200);
        const links = productLinks(next.text);
        expect(links).toHaveLength(page < pages ? 17 : count - 17 * (pages - 1));
        for (const link of links) expect(seen.has(link)).toBe(false);
        links.forEach((link) => seen.add(link));
      }
      expect(seen.size).toBe(count);
      await get(`/resultats/-r--vitamine/-p--${pages + 1}`).expect(404);
    });

    it.each<[string, string, string]>([
      [FR, 'vitamine', '/resultats'],
      [FR, 'digestion', '/resultats'],
      [DE, 'Schlafst%C3%B6rungen', '/ergebnisse'],
    ])('on %s "%s", each tab counts exactly the results it lists across its pages', async (host, text, route) => {
      const first = await get(`${route}/-r--${text}`, host).expect(200);
      const counts = Object.values(tabCounts(first.text));
      const tabs = ['brands', 'needs', 'pages'] as const;
      let paged = 0;
      for (const [i, tab] of tabs.entries()) {
        const listed: string[] = [];
        let path: string | undefined = `${route}/-r--${text}?tab=${tab}`;
        for (let pages = 0; path && pages < 10; pages++) {
          const page: request.Response = await get(path.replace(/&amp;/g, '&'), host).expect(200);
          listed.push(...[...page.text.matchAll(/class="search-result__title"><a href="([^"]+)"/g)].map((m) => m[1]));
          path = /<a href="([^"]+)" data-listing="page" rel="next">/.exec(page.text)?.[1];
          if (path) paged += 1;
        }
        // The tab's count (solutions first, then brands, needs, pages) is what its pages list, each once.
        expect({ tab, count: counts[i + 1] }).toEqual({ tab, count: listed.length });
        expect(new Set(listed).size).toBe(listed.length);
      }
      if (text === 'vitamine') expect(paged).toBeGreaterThan(0); // one tab runs over two pages at least
    });

    it("applies the product list's filters to the search's products, each filter's count exact", async () => {
      const all = await get('/resultats/-r--formag').expect(200);
      const filters = [
        ...all.text.matchAll(
          /href="(\/resultats\/-r--formag\/-galenic_format--[a-z0-9_-]+)"[^>]*>(?:(?!<\/a>).)*?<span class="filter-value__count">(\d+)<\/span>/g,
        ),
      ].map((m) => ({ href: m[1], count: Number(m[2]) }));
      expect(filters.length).toBeGreaterThan(1);
      for (const filter of filters) {
        const filtered = await get(filter.href).expect(200);
        expect({ href: filter.href, links: productLinks(filtered.text).length }).toEqual({
          href: filter.href,
          links: Math.min(17, filter.count),
        });
        expect(text(filtered.text)).toContain(`${filter.count} produit`);
      }
      expect(filters.reduce((n, f) => n + f.count, 0)).toBe(tabCounts(all.text).Solutions);
      // An unknown filter value is a 404, as on the product list.
      await get('/resultats/-r--formag/-brand--nothing').expect(404);
    });

    it("sorts the search's products by price both ways, the best match first by default", async () => {
      /** The price each card is sold at (after a crossed-out one), in grid order. */
      const prices = (html: string) =>
        [...html.matchAll(/class="product-card__price">(.*?)<\/p>/g)].map((m) => {
          const amounts = [...m[1].matchAll(/<span class="price">CHF ([\d',.]+)<\/span>/g)].map((a) => a[1]);
          return Number(amounts[amounts.length - 1].replace(/['’]/g, '').replace(',', '.'));
        });
      const byDefault = await get('/resultats/-r--formag').expect(200);
      const ascending = await get('/resultats/-r--formag?sort=asc_price').expect(200);
      const descending = await get('/resultats/-r--formag?sort=desc_price').expect(200);
      const up = prices(ascending.text);
      const down = prices(descending.text);
      expect(up.length).toBe(productLinks(byDefault.text).length);
      expect(up).toEqual([...up].sort((a, b) => a - b));
      expect(down).toEqual([...up].sort((a, b) => b - a));
      expect(up[0]).toBeLessThan(up[up.length - 1]);
      // The default order is the search's, not the price's.
      expect(prices(byDefault.text)).not.toEqual(up);
      expect(productLinks(ascending.text)).toEqual(expect.arrayContaining(productLinks(byDefault.text)));
      expect(ascending.text).toContain('href="/resultats/-r--formag?sort=desc_price"');
    });
  });

  describe('no results', () => {
    it('says so with the search term, the advice and a link home, in French and German, and counts the miss', async () => {
      // Other suites on a shared server database search this text too: count what this test adds.
      const missCounts = async () =>
        Object.fromEntries(
          (await t.db.selectFrom('search_miss').selectAll().where('text', '=', 'xyzzyqwv').execute()).map((m) => [
            m.locale,
            Number(m.count),
          ]),
        ) as Record<string, number>;
      const before = await missCounts();
      const fr = await get('/resultats/-r--xyzzyqwv').expect(200);
      const frText = text(fr.text);
      expect(frText).toContain('Désolé, aucun résultat pour votre recherche');
      expect(frText).toContain('« xyzzyqwv »'); // (no-break spaces, read as spaces here)
      expect(frText).toContain("Vérifiez l'orthographe");
      expect(frText).toContain('termes plus généraux');
      expect(fr.text).toMatch(/<a class="button" href="\/">Retour à l&#x27;accueil<\/a>/);
      const de = await get('/ergebnisse/-r--xyzzyqwv', DE).expect(200);
      expect(text(de.text)).toContain('Leider keine Ergebnisse für Ihre Suche');
      expect(text(de.text)).toContain('Zurück zur Startseite');
      await get('/resultats/-r--xyzzyqwv').expect(200);
      // The listing API refuses a path without products (400): a refused request counts nothing.
      await request(t.server)
        .get(`/api/v1/search/listing?path=${encodeURIComponent('/resultats/-r--xyzzyqwv')}`)
        .set('Host', FR)
        .expect(400);
      const after = await missCounts();
      expect({ de: after.de - (before.de ?? 0), fr: after.fr - (before.fr ?? 0) }).toEqual({ de: 1, fr: 2 });
    });
  });

  describe('API', () => {
    it('answers type=Search with groups holding total and items', async () => {
      const res = await api('type=Search&status=PUBLISHED&language=fr&text=magnesium&perPage=17').expect(200);
      const groups = res.body.data.groups;
      expect(Object.keys(groups)).toEqual(['products', 'brands', 'needs', 'pages']);
      expect(groups.products.total).toBeGreaterThanOrEqual(5);
      expect(groups.products.items[0].name).toMatch(/Formag/);
      expect(groups.pages.items[0]).toEqual(
        expect.objectContaining({ kind: 'page', href: expect.stringMatching(/^\/(conseil|qualite-innovation)\//) }),
      );
      const onlyProducts = await api('text=magnesium&all=0').expect(200);
      expect(Object.keys(onlyProducts.body.data.groups)).toEqual(['products']);
      const de = await api('text=Probiotik', DE).expect(200);
      expect(de.body.data.groups.products.items[0].name).toMatch(/Lactibiane/);
    });

    it('pages and filters the products of a search (caracteristics, page, perPage)', async () => {
      const all = await api('text=lactibiane&perPage=5&all=0').expect(200);
      expect(all.body.data.groups.products.items).toHaveLength(5);
      const second = await api('text=lactibiane&perPage=5&page=2&all=0').expect(200);
      expect(second.body.data.groups.products.items[0].id).not.toBe(all.body.data.groups.products.items[0].id);
      const filtered = await api(
        `text=lactibiane&all=0&caracteristics=${encodeURIComponent('{"galenic_format":["gelule"]}')}`,
      ).expect(200);
      // Exactly the count the results page gives the filter.
      const page = await get('/resultats/-r--lactibiane').expect(200);
      const gelules = /-galenic_format--gelule"(?:(?!<\/a>).)*?<span class="filter-value__count">(\d+)</.exec(
        page.text,
      );
      expect(gelules).not.toBeNull();
      expect(Number(gelules![1])).toBeLessThan(all.body.data.groups.products.total);
      expect(filtered.body.data.groups.products.total).toBe(Number(gelules![1]));
    });

    it('answers type=Suggest with grouped suggestions, completing the last word, from 2 characters', async () => {
      const res = await api('type=Suggest&language=fr&text=magn').expect(200);
      const groups = res.body.data.groups as Array<{ kind: string; items: Array<{ title: string; href: string }> }>;
      expect(groups.map((g) => g.kind)).toEqual(['product', 'need', 'brand', 'page']);
      expect(groups[0].items[0].title).toMatch(/Formag/);
      expect(groups[0].items[0].href).toMatch(/^\/produit\//);
      expect(res.body.data.resultsHref).toBe('/resultats/-r--magn');
      const de = await api('type=Suggest&text=Schlafst', DE).expect(200);
      const needs = (de.body.data.groups as typeof groups).find((g) => g.kind === 'need');
      expect(needs?.items.map((i) => i.href)).toContain('/bedurfnis/einschlafen');
      expect((await api('type=Suggest&text=m').expect(200)).body.data.total).toBe(0);
    });

    it('refuses bad input with the 400 JSON shape of the other endpoints, never a 500', async () => {
      for (const query of [
        `text=${'a'.repeat(101)}`,
        'text=ab%00c',
        'text=ab%01c',
        'text=magnesium&caracteristics=%7Bnot%20json',
        'text=magnesium&caracteristics=%5B1%5D',
        'text=magnesium&type=Other',
        'text=magnesium&status=DRAFT',
        'text=magnesium&perPage=1000',
        'text=magnesium&page=0',
        'text=magnesium&language=xx',
        'text=magnesium&unknown=1',
        'type=Suggest',
        'text=a&text=b',
        'text=magnesium&saleplan_id=99999',
      ]) {
        const res = await api(query);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expect(res.body).toEqual(expect.objectContaining({ statusCode: 400, error: 'INVALID_INPUT' }));
      }
      const listing = await request(t.server)
        .get('/api/v1/search/listing?path=%2Fproduits')
        .set('Host', FR)
        .set('Accept', 'application/json');
      expect(listing.status).toBe(400);
    });

    it("answers the results island's data for a results path (the same listing as the page)", async () => {
      const res = await request(t.server)
        .get(`/api/v1/search/listing?path=${encodeURIComponent('/resultats/-r--formag?sort=asc_price')}`)
        .set('Host', FR)
        .expect(200);
      expect(res.body.data.total).toBeGreaterThan(0);
      expect(res.body.data.state.options.sort).toBe('asc_price');
      expect(res.body.title).toMatch(/Résultat de la recherche/);
    });
  });
});
