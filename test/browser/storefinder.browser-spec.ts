import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { BOUNDS_RADIUS_KM, MARKER_ZOOM, SWITZERLAND_BOUNDS } from '../../contracts/storefinder';
import {
  browserSuite,
  DE_HOST,
  describeInBrowser,
  DESKTOP,
  FR_HOST,
  islandsHydrated,
  PHONE,
  watchConsole,
} from './support';

/** Geneva, Place du Molard. */
const GENEVA = { latitude: 46.2044, longitude: 6.1457 };

describeInBrowser('store finder (browser)', () => {
  const suite = browserSuite({ context: false });
  let outside: string[];

  /** A context in which any request to another host than the site's is refused and noted (tiles come from the site). */
  async function newContext(options: Parameters<Browser['newContext']>[0] = {}) {
    suite.context = await suite.browser.newContext({ viewport: DESKTOP, ...options });
    // Audience statistics allowed (the consent manager's cookie), so store searches are tracked.
    await suite.context.addCookies(
      [FR_HOST, DE_HOST].map((domain) => ({ name: 'privacy', value: 'optin,novideo', domain, path: '/' })),
    );
    outside = [];
    await suite.context.route(
      (url) => !url.hostname.endsWith('localhost'),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    return suite.context;
  }

  async function open(path: string, host = FR_HOST, viewport = DESKTOP): Promise<Page> {
    const page = await suite.context.newPage();
    await page.setViewportSize(viewport);
    const logs = watchConsole(page);
    (page as unknown as { logs: typeof logs }).logs = logs;
    expect((await page.goto(suite.site.url(host, path)))?.status()).toBe(200);
    await islandsHydrated(page);
    await page.waitForSelector('.finder__map .leaflet-marker-icon', { state: 'attached' });
    return page;
  }

  /** What a map shows (its element's data-view): [south, west, north, east, zoom]. */
  const view = async (page: Page, selector = '.finder__map') =>
    ((await page.getAttribute(selector, 'data-view')) ?? '').split(',').map(Number);
  const problems = (page: Page) => (page as unknown as { logs: { problems: string[] } }).logs.problems;
  const listNames = (page: Page) => page.$$eval('.store-card__name a', (links) => links.map((a) => a.textContent));
  const distances = (page: Page) =>
    page.$$eval('.store-card__distance', (cells) =>
      cells.map((c) => Number((c.textContent ?? '').replace(/[^0-9,.]/g, '').replace(',', '.'))),
    );
  const events = (page: Page) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer ?? []).filter(
        (e) => e.event === 'store_search',
      ),
    );

  it.each([
    [FR_HOST, '/trouver-une-pharmacie', 'Bienn', /^25[0-9]{2} Biel\/Bienne$/],
    [DE_HOST, '/eine-apotheke-finden', 'Genf', /^12[0-9]{2} Genève$/],
  ])(
    'on %s the search box suggests Swiss places; the keyboard chooses one and the list follows',
    async (host, path, typed, expected) => {
      await newContext();
      const page = await open(path, host);
      const input = page.locator('.finder input[name="q"]');
      await input.click();
      await input.pressSequentially(typed, { delay: 40 });
      await page.waitForSelector('[role="listbox"] [role="option"]');
      expect(await input.getAttribute('aria-expanded')).toBe('true');
      // Screen readers hear how many places are offered.
      const offered = await page.locator('[role="option"]').count();
      expect(await page.textContent('[data-testid="finder-announcement"]')).toMatch(
        new RegExp(`^${offered} (localités proposées|Orte vorgeschlagen)`),
      );
      await input.press('ArrowDown');
      const active = await input.getAttribute('aria-activedescendant');
      expect(await page.textContent(`[id="${active}"]`)).toMatch(expected);
      await input.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('.store-card').length > 0);
      expect(await input.inputValue()).toMatch(expected);
      expect(await page.textContent('.finder__status')).toMatch(/20 (pharmacies|Apotheken)/);
      expect(new URL(page.url()).searchParams.get('q')).toMatch(expected);
      const km = await distances(page);
      expect([...km].sort((a, b) => a - b)).toEqual(km);
      await page.waitForTimeout(400);
      expect(await events(page)).toHaveLength(1);
      expect(outside).toEqual([]);
      expect(problems(page)).toEqual([]);
    },
  );

  it('fits the map to the position and up to 3 nearest stores within 20 km, ignoring farther ones', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie?q=1003');
    const fit = await page.getAttribute('.finder__map', 'data-fit');
    const points = (fit ?? '').split(';').map((p) => p.split(',').map(Number));
    const km = await distances(page);
    const within = km.filter((d) => d <= BOUNDS_RADIUS_KM).slice(0, 3);
    expect(points).toHaveLength(1 + within.length);
    expect(points.length).toBe(4);
    // The map shows every one of those points.
    const shown = await page.evaluate(() => {
      const box = document.querySelector('.finder__map')!.getBoundingClientRect();
      return [...document.querySelectorAll('.map-result, .map-position')]
        .slice(0, 4)
        .map((m) => m.getBoundingClientRect())
        .filter((r) => r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom).length;
    });
    expect(shown).toBe(4);
  });

  it('opens over the whole of Switzerland with its pharmacies clustered, every one counted once', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie');
    await page.waitForSelector('.finder__map .map-cluster');
    const [south, west, north, east] = await view(page);
    const [[s, w], [n, e]] = SWITZERLAND_BOUNDS;
    expect(south).toBeLessThanOrEqual(s);
    expect(west).toBeLessThanOrEqual(w);
    expect(north).toBeGreaterThanOrEqual(n);
    expect(east).toBeGreaterThanOrEqual(e);
    const counted = await page.evaluate(
      () =>
        [...document.querySelectorAll('.finder__map .map-cluster')].reduce((n, c) => n + Number(c.textContent), 0) +
        document.querySelectorAll('.finder__map .map-store').length,
    );
    expect(counted).toBe(2000);
    // Dense: far fewer markers than pharmacies.
    expect(await page.locator('.finder__map .map-cluster').count()).toBeLessThan(100);
    // A cluster chosen zooms in on it.
    const zoom = (await view(page))[4];
    await page.locator('.finder__map .map-cluster').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (z) => Number(document.querySelector<HTMLElement>('.finder__map')!.dataset.view!.split(',')[4]) > z,
      zoom,
    );
  });

  it('shows a chosen pharmacy at zoom 15', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie?q=1003');
    await page.click('.store-card:nth-child(3) .store-card__show');
    await page.waitForFunction(() =>
      document.querySelector<HTMLElement>('.finder__map')!.dataset.view!.endsWith(`,${15}`),
    );
    expect((await view(page))[4]).toBe(MARKER_ZOOM);
  });

  it('moves the map with single clicks on its pan buttons (no dragging needed)', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie?q=1003');
    const before = await view(page);
    await page.getByRole('button', { name: "Déplacer la carte vers l'est" }).click();
    await page.waitForFunction(
      (west) => Number(document.querySelector<HTMLElement>('.finder__map')!.dataset.view!.split(',')[1]) > west,
      before[1],
    );
    const east = await view(page);
    expect(east[4]).toBe(before[4]);
    await page.getByRole('button', { name: 'Déplacer la carte vers le sud' }).click();
    await page.waitForFunction(
      (north) => Number(document.querySelector<HTMLElement>('.finder__map')!.dataset.view!.split(',')[2]) < north,
      east[2],
    );
    expect(await page.getByRole('group', { name: 'Déplacer la carte' }).getByRole('button').count()).toBe(4);
  });

  it('hides locate-me where the browser has no geolocation', async () => {
    await newContext();
    await suite.context.addInitScript(() => {
      delete (Navigator.prototype as unknown as { geolocation?: unknown }).geolocation;
    });
    const page = await open('/trouver-une-pharmacie');
    expect(await page.evaluate(() => 'geolocation' in navigator)).toBe(false);
    expect(await page.locator('.finder__locate').count()).toBe(0);
    expect(await page.locator('.finder__search button[type="submit"]').isVisible()).toBe(true);
  });

  it('Enter before any suggestion came searches the text in place and pushes exactly one analytics event', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie');
    const input = page.locator('.finder input[name="q"]');
    await input.fill('Lausanne');
    await input.press('Enter'); // within the 200 ms before the look-up
    await page.waitForFunction(() =>
      /1003 Lausanne/.test(document.querySelector('.finder__status')?.textContent ?? ''),
    );
    expect(await listNames(page)).toHaveLength(20);
    expect(new URL(page.url()).searchParams.get('q')).toBe('1003 Lausanne');
    await page.waitForTimeout(400);
    expect(await events(page)).toHaveLength(1);
    // A place Switzerland does not have: the message, no event.
    await input.fill('Xyzzyville');
    await input.press('Enter');
    await page.waitForFunction(() => /Xyzzyville/.test(document.querySelector('.finder__status')?.textContent ?? ''));
    expect(await page.locator('.store-card').count()).toBe(0);
    await page.waitForTimeout(400);
    expect(await events(page)).toHaveLength(1);
  });

  it('no request leaves for another host on the finder and a pharmacy page: the tiles come from the site', async () => {
    await newContext();
    const tiles: string[] = [];
    suite.context.on('request', (req) => {
      if (req.resourceType() === 'image' && req.url().includes('/media/tiles/')) tiles.push(req.url());
    });
    const finder = await open('/trouver-une-pharmacie?q=1003');
    await finder.waitForSelector('.finder__map .leaflet-tile-loaded');
    const href = await finder.getAttribute('.store-card:nth-child(1) .store-card__name a', 'href');
    const store = await suite.context.newPage();
    const logs = watchConsole(store);
    await store.goto(suite.site.url(FR_HOST, href!));
    await islandsHydrated(store);
    await store.waitForSelector('.store-page__map-canvas .leaflet-tile-loaded');
    // The pharmacy's marker, at the marker zoom, with the pan buttons.
    expect(await store.locator('.store-page__map-canvas .map-place').count()).toBe(1);
    expect((await view(store, '.store-page__map-canvas'))[4]).toBe(MARKER_ZOOM);
    expect(await store.getByRole('group', { name: 'Déplacer la carte' }).count()).toBe(1);
    expect(await store.textContent('.store-page__map h2')).toBe('Situation');
    expect(tiles.length).toBeGreaterThan(4);
    expect(tiles.every((url) => new URL(url).hostname === FR_HOST)).toBe(true);
    expect(outside).toEqual([]);
    expect(logs.problems).toEqual([]);
  });

  it('loads Leaflet only on pages with a map', async () => {
    await newContext();
    const scripts: string[] = [];
    suite.context.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const leaflet = (list: string[]) => list.filter((path) => /store-map|place-map|leaflet-base/.test(path));
    for (const path of ['/', '/produit/lactibiane-reference-30-gelules', '/conseil/phases-methode-insudiet']) {
      const page = await suite.context.newPage();
      await page.goto(suite.site.url(FR_HOST, path));
      await islandsHydrated(page);
      expect(await page.locator('.leaflet-container').count()).toBe(0);
      await page.close();
    }
    expect(leaflet(scripts)).toEqual([]);
    await open('/trouver-une-pharmacie');
    expect(leaflet(scripts).length).toBeGreaterThan(0);
  });

  it('leaves the stores beyond 20 km out of the map bounds', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie');
    // The real answer, its pharmacies after the first moved (on paper) beyond 20 km.
    await page.route('**/api/v1/stores?*', async (route) => {
      // Node does not resolve *.localhost: the same request to 127.0.0.1, with its Host.
      const url = new URL(route.request().url());
      const host = url.host;
      url.hostname = '127.0.0.1';
      const res = await route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
      const body = (await res.json()) as { data: { items: Array<{ distance: number }> } };
      body.data.items.forEach((s, i) => {
        if (i > 0) s.distance = BOUNDS_RADIUS_KM + i;
      });
      await route.fulfill({ response: res, json: body });
    });
    const input = page.locator('.finder input[name="q"]');
    await input.fill('3011');
    await page.waitForSelector('[role="option"]');
    await input.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.store-card').length > 0);
    const km = await distances(page);
    expect(km.slice(1, 3).every((d) => d > BOUNDS_RADIUS_KM)).toBe(true);
    const fit = await page.getAttribute('.finder__map', 'data-fit');
    // The position and the one store within 20 km.
    expect((fit ?? '').split(';')).toHaveLength(2);
  });

  it('keeps list and map in step: a list button centres its marker, a marker selects its list item', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie?q=1003');
    const second = await page.getAttribute('.store-card:nth-child(2)', 'data-store');
    await page.click('.store-card:nth-child(2) .store-card__show');
    expect(await page.getAttribute('.finder__map', 'data-selected')).toBe(second);
    expect(await page.getAttribute('.store-card:nth-child(2) .store-card__show', 'aria-pressed')).toBe('true');
    await page.waitForSelector('.map-result.is-selected');
    expect(await page.isVisible('.leaflet-popup')).toBe(true);
    // The map's third numbered marker selects the third pharmacy of the list, from the keyboard too.
    const third = await page.getAttribute('.store-card:nth-child(3)', 'data-store');
    const marker = page.locator('.map-result', { hasText: /^3$/ });
    await marker.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector(`.store-card.is-selected[data-store="${third}"]`);
    expect(await page.evaluate(() => document.activeElement?.closest('.store-card')?.getAttribute('data-store'))).toBe(
      third,
    );
  });

  it('locate me (permission granted): searches around the visitor and fills the box with the nearest locality', async () => {
    await newContext({ permissions: ['geolocation'], geolocation: GENEVA });
    const page = await open('/trouver-une-pharmacie');
    await page.click('.finder__locate');
    await page.waitForFunction(() => document.querySelectorAll('.store-card').length > 0);
    await page.waitForFunction(() =>
      /Genève/.test((document.querySelector('.finder input[name="q"]') as HTMLInputElement).value),
    );
    expect((await distances(page))[0]).toBeLessThan(3);
    await page.waitForTimeout(400);
    expect(await events(page)).toHaveLength(1);
    expect(outside).toEqual([]);
    // The address names no place text: a position is no query the server could search again.
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
    expect(await page.textContent('.finder__status')).toMatch(/Genève/);
  });

  it('locate me, then a place chosen before the nearest locality came back: the chosen place stays', async () => {
    await newContext({ permissions: ['geolocation'], geolocation: GENEVA });
    const page = await open('/trouver-une-pharmacie');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/reverse-geocoding?*', async (route) => {
      await held;
      await route.continue();
    });
    const geocoded = page.waitForResponse((res) => res.url().includes('/api/v1/reverse-geocoding'));
    await page.click('.finder__locate');
    const input = page.locator('.finder input[name="q"]');
    await input.fill('3011');
    await page.waitForSelector('[role="option"]');
    await input.press('Enter');
    await page.waitForFunction(() => /3011 Bern/.test(document.querySelector('.finder__status')?.textContent ?? ''));
    release();
    await geocoded;
    await page.waitForTimeout(500);
    expect(await input.inputValue()).toBe('3011 Bern');
    expect(await page.textContent('.finder__status')).toMatch(/3011 Bern/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('3011 Bern');
    expect((await distances(page))[0]).toBeLessThan(3);
  });

  it('Enter right after the text changed searches that text, not the suggestions of the text before', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie');
    const input = page.locator('.finder input[name="q"]');
    await input.fill('3011');
    await page.waitForSelector('[role="option"]');
    // Bern's suggestions are still listed when Enter comes (the next look-up waits 200 ms).
    await input.fill('Neuchatel');
    await input.press('Enter');
    await page.waitForFunction(() => /Neuchâtel/.test(document.querySelector('.finder__status')?.textContent ?? ''));
    expect(await page.textContent('.finder__status')).not.toMatch(/Bern/);
    expect(await input.inputValue()).toMatch(/Neuch/);
  });

  it('a pharmacy picked on the map searches with the options of now ("only its stockists" ticked after loading)', async () => {
    await newContext();
    const page = await open('/trouver-une-pharmacie?q=1003&product=insudiet-boisson-vanille-7-sachets');
    const searches: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/v1/stores?')) searches.push(req.url());
    });
    await page.check('.finder__only input');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.store-card')].every((c) => c.classList.contains('store-card--stocks')),
    );
    expect(searches).toHaveLength(1);
    // Zoomed in on the first pharmacy, its neighbours outside the list are single markers.
    await page.click('.store-card:nth-child(1) .store-card__show');
    const single = page.locator('.finder__map .map-store').first();
    await single.waitFor();
    const picked = page.waitForRequest((req) => req.url().includes('/api/v1/stores?'));
    await single.focus();
    await page.keyboard.press('Enter');
    expect(new URL((await picked).url()).searchParams.get('only')).toBe('true');
    expect(searches).toHaveLength(2);
  });

  it('locate me refused: the toast of SPEC §8 for 3 s, and the page stays usable', async () => {
    await newContext({ permissions: [] });
    const page = await open('/eine-apotheke-finden', DE_HOST);
    await page.click('.finder__locate');
    const toast = page.locator('.toast');
    await toast.waitFor();
    expect(await toast.textContent()).toBe('Ein Fehler ist aufgetreten');
    await page.waitForTimeout(3300);
    expect(await toast.count()).toBe(0);
    await page.fill('.finder input[name="q"]', '3011');
    await page.waitForSelector('[role="option"]');
    await page.press('.finder input[name="q"]', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('.store-card').length > 0);
    expect(await listNames(page)).toHaveLength(20);
  });

  it('without JavaScript the search is a form and the server lists the nearest pharmacies', async () => {
    await newContext({ javaScriptEnabled: false });
    const page = await suite.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(suite.site.url(FR_HOST, '/trouver-une-pharmacie'));
    expect(await page.isVisible('.finder__locate')).toBe(false);
    expect(await page.$('.finder__map')).toBeNull();
    await page.fill('.finder input[name="q"]', 'Neuchatel');
    await page.click('.finder__search button[type="submit"]');
    await page.waitForURL((url) => url.search.includes('q=Neuchatel'));
    expect(await page.textContent('.finder__status')).toMatch(/20 pharmacies près de 20[0-9]{2} Neuchâtel/);
    expect(await listNames(page)).toHaveLength(20);
  });

  it.each([PHONE, DESKTOP])('the map can be skipped and is not a keyboard trap (%o)', async (viewport) => {
    await newContext();
    const page = await open('/trouver-une-pharmacie?q=1003', FR_HOST, viewport);
    // The skip link comes first and takes the keyboard to the list.
    await page.focus('.finder__skip');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('store-list'))).toBe(true);
    // Tab leaves the map from its last marker, Shift+Tab from its first focusable element.
    await page.evaluate(() => {
      const focusable = document.querySelectorAll<HTMLElement>(
        '.finder__map [tabindex="0"], .finder__map a, .finder__map button',
      );
      focusable[focusable.length - 1].focus();
    });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !document.activeElement?.closest('.finder__map'))).toBe(true);
    await page.evaluate(() => document.querySelector<HTMLElement>('.finder__map')!.focus());
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !document.activeElement?.closest('.finder__map'))).toBe(true);
  });

  it.each([
    [FR_HOST, '/trouver-une-pharmacie?q=1003', PHONE],
    [DE_HOST, '/eine-apotheke-finden?q=8001', DESKTOP],
  ])('with the map drawn and a pharmacy selected, axe finds nothing on %s%s', async (host, path, viewport) => {
    await newContext({ bypassCSP: true });
    const page = await open(path, host, viewport);
    await page.click('.store-card:nth-child(2) .store-card__show');
    await page.waitForSelector('.leaflet-popup', { state: 'attached' });
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      type Result = { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
      const result = await (window as unknown as { axe: { run(): Promise<Result> } }).axe.run();
      return result.violations.map(
        (v) =>
          `${v.id} at ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
    });
    expect(violations).toEqual([]);
    expect(outside).toEqual([]);
  });
});
