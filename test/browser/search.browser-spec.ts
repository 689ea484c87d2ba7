import type { Page, Request } from 'playwright-core';
import { browserSuite, DE_HOST, describeInBrowser, DESKTOP, FR_HOST, openPage, PHONE } from './support';

/**
 * Site search in a browser (SPEC §4 "Search suggestion", §5 quick search, §2.2 results): suggestions
 * debounced 250 ms from 3 characters in the header and 2 in the results page's panel, the combobox
 * keyboard, the error state with the API's message, and the results' mobile filter toggle.
 */
describeInBrowser('search (browser)', () => {
  const suite = browserSuite();

  const open = (path: string, host = FR_HOST, viewport = DESKTOP) =>
    openPage(suite.context, suite.site.url(host, path), viewport, (status) => status === 200);
  /** The suggestion calls a page makes. */
  const suggestCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().includes('/api/v1/search') && request.url().includes('type=Suggest'))
        calls.push(new URL(request.url()).searchParams.get('text') ?? '');
    });
    return calls;
  };

  it.each([
    [FR_HOST, 'magn', /Formag/],
    [DE_HOST, 'Probiotik', /Lactibiane/],
  ])('on %s the header box suggests once typing pauses (250 ms), from 3 characters', async (host, word, first) => {
    const { page, logs } = await open('/', host);
    const calls = suggestCalls(page);
    const input = page.locator('#header-search');
    await input.click();
    await input.pressSequentially('ma', { delay: 30 });
    await page.waitForTimeout(500);
    expect(calls).toEqual([]); // 2 characters: nothing asked in the header
    await input.fill('');
    await input.pressSequentially(word, { delay: 40 });
    const listbox = page.locator('[role="listbox"]');
    await listbox.waitFor();
    expect(calls).toEqual([word]); // one call for the whole word, typed faster than the debounce
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('[role="group"]').first().getAttribute('aria-label')).toMatch(/Produits|Produkte/);
    expect(await page.locator('[role="option"]').first().textContent()).toMatch(first);
    expect(logs.problems).toEqual([]);
  });

  it('moves through the suggestions with the arrows, opens the active one with Enter, closes with Escape', async () => {
    const { page } = await open('/');
    const input = page.locator('#header-search');
    await input.click();
    await input.pressSequentially('lactibiane', { delay: 20 });
    await page.locator('[role="option"]').first().waitFor();
    await input.press('ArrowDown');
    const first = await input.getAttribute('aria-activedescendant');
    expect(first).toBeTruthy();
    expect(await page.locator(`[id="${first}"]`).getAttribute('aria-selected')).toBe('true');
    await input.press('ArrowDown');
    const second = await input.getAttribute('aria-activedescendant');
    expect(second).not.toBe(first);
    await input.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(first);
    await input.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/produit/'));
  });

  it.each([
    [FR_HOST, 'Recherche en cours…'],
    [DE_HOST, 'Suche läuft…'],
  ])('on %s the header box says "%s" while the suggestions load', async (host, message) => {
    const { page } = await open('/', host);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/search?*', async (route) => {
      await held;
      await route.continue();
    });
    const input = page.locator('#header-search');
    await input.click();
    await input.pressSequentially('magnesium', { delay: 20 });
    const loading = page.locator('.suggestions[data-state="loading"] .suggestions__message');
    await loading.waitFor();
    expect(await loading.textContent()).toBe(message);
    release();
    await page.locator('[role="option"]').first().waitFor();
    expect(await page.locator('.suggestions__message').count()).toBe(0);
  });

  it('clears the header search text after submit (on the results page and coming back)', async () => {
    const { page } = await open('/');
    const input = page.locator('#header-search');
    await input.click();
    await input.pressSequentially('magnesium', { delay: 20 });
    await input.press('Escape');
    await page.locator('#header-search').press('Enter');
    await page.waitForURL((url) => url.pathname === '/resultats/-r--magnesium');
    await page.locator('.search-panel__input').waitFor();
    expect(await page.locator('#header-search').inputValue()).toBe('');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.locator('#header-search').inputValue()).toBe('');
  });

  it('shows "loading" while waiting and the API error message when the call fails', async () => {
    const { page } = await open('/');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/search?*', async (route) => {
      await held;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 400, error: 'INVALID_INPUT', message: 'Invalid parameters' }),
      });
    });
    const input = page.locator('#header-search');
    await input.click();
    await input.pressSequentially('vitamine', { delay: 20 });
    await page.locator('.suggestions[data-state="loading"]').waitFor();
    release();
    const alert = page.locator('.suggestions [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid parameters');
    // Nothing found is its own state.
    await page.unroute('**/api/v1/search?*');
    await input.fill('xyzzyqwv');
    await page.locator('.suggestions[data-state="none"]').waitFor();
  });

  it.each([
    [FR_HOST, '/resultats/-r--magnesium', 'ma'],
    [DE_HOST, '/ergebnisse/-r--Magnesium', 'Sc'],
  ])('on %s the results page panel suggests from 2 characters', async (host, path, two) => {
    const { page } = await open(path, host);
    const calls = suggestCalls(page);
    const input = page.locator('.search-panel__input');
    await input.fill('');
    await input.pressSequentially(two, { delay: 30 });
    await page.locator('.search-panel [role="listbox"]').waitFor();
    expect(calls).toEqual([two]);
    // Submit is disabled below 3 characters.
    expect(await page.locator('.search-panel__submit').isDisabled()).toBe(true);
    await input.pressSequentially('g', { delay: 30 });
    expect(await page.locator('.search-panel__submit').isDisabled()).toBe(false);
  });

  it('submitting the panel lands on the path form of the results, and the tabs and pages are links', async () => {
    const { page } = await open('/resultats/-r--magnesium');
    const input = page.locator('.search-panel__input');
    await input.fill('probiotique');
    await input.press('Escape');
    await page.locator('.search-panel__submit').click();
    await page.waitForURL((url) => url.pathname === '/resultats/-r--probiotique');
    await page.click('a.search-tabs__link[href$="?tab=brands"]');
    await page.waitForURL((url) => url.search === '?tab=brands');
    expect(await page.locator('.search-result__title a').first().getAttribute('href')).toBe('/marque/lactibiane');
  });

  it.each([
    [FR_HOST, '/resultats/-r--vitamine', 'Recherche en cours…'],
    [DE_HOST, '/ergebnisse/-r--Vitamin', 'Suche läuft…'],
  ])(
    'on %s the results say they are loading while the next page loads in place, then say nothing',
    async (host, path, message) => {
      const { page, logs } = await open(path, host);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/search/listing?*', async (route) => {
        await held;
        await route.continue();
      });
      const status = page.locator('.search-loading[role="status"]');
      expect(await status.textContent()).toBe('');
      const firstProduct = () => page.locator('.listing__results a[href*="/produ"]').first().getAttribute('href');
      const before = await firstProduct();
      await page.locator('a[rel="next"][data-listing="page"]').first().click();
      // While the answer is held: the message, and the page has not been left.
      await page.waitForFunction((text) => document.querySelector('.search-loading')?.textContent === text, message);
      expect(new URL(page.url()).pathname).toBe(path);
      release();
      await page.waitForURL((url) => url.pathname === `${path}/-p--2`);
      await page.waitForFunction(() => document.querySelector('.search-loading')?.textContent === '');
      expect(await firstProduct()).not.toBe(before); // the second page's products, shown in place
      expect(logs.problems).toEqual([]);
    },
  );

  it.each([FR_HOST, DE_HOST])('on a phone (%s) the results filters open and close with the toggle', async (host) => {
    const path = host === FR_HOST ? '/resultats/-r--lactibiane' : '/ergebnisse/-r--Lactibiane';
    const { page, logs } = await open(path, host, PHONE);
    expect(await page.isVisible('#listing-filters .filter-group')).toBe(false);
    await page.locator('button[aria-controls="listing-filters"]').click();
    const dialog = page.locator('#listing-filters[role="dialog"][aria-modal="true"]');
    await dialog.waitFor();
    expect(await page.isVisible('#listing-filters .filter-group')).toBe(true);
    await page.screenshot({ path: `/tmp/shots-11/browser-filters-${host}-390.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' }).catch(async () => {
      expect(await page.locator('#listing-filters[role="dialog"]').count()).toBe(0);
    });
    expect(await page.isVisible('#listing-filters .filter-group')).toBe(false);
    expect(logs.problems).toEqual([]);
  });
});
