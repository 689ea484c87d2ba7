import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { BOUNDS_RADIUS_KM } from '../../contracts/storefinder';
import {
  BLANK_TILE,
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

  /** A context whose tile requests are answered locally, and any other outside request refused and noted. */
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
        const url = route.request().url();
        if (/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(url))
          return route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE });
        outside.push(url);
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
    expect(shown).toBeGreaterThanOrEqual(3);
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
