import type { BrowserContext, Page } from 'playwright-core';
import {
  browserSuite,
  DE_HOST,
  describeInBrowser,
  FR_HOST,
  islandsHydrated,
  PHONE,
  type BrowserSuite,
} from './support';

/** The configured tag manager: a third-party host the test answers itself (the network is closed). */
const ANALYTICS = 'https://analytics.example/tag.js';

/**
 * Every request the context sends to a host other than the site's own, recorded; third-party requests
 * are answered by the test (an empty script, or aborted) so nothing leaves the machine.
 */
async function watchThirdParties(context: BrowserContext, suite: BrowserSuite): Promise<string[]> {
  const own = new URL(suite.site.url(FR_HOST, '/')).port;
  const seen: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const local = ['localhost', FR_HOST, DE_HOST].includes(url.hostname) && url.port === own;
    if (local || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    seen.push(url.href);
    if (url.href === ANALYTICS) return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    return route.abort();
  });
  return seen;
}

/** Waits until `check` holds (a request may leave a little after the click that allowed it). */
async function until(check: () => boolean, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not true within ${timeout} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const banner = (page: Page) => page.locator('[data-consent-banner]');
const privacyCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'privacy')?.value ?? null;

async function open(context: BrowserContext, suite: BrowserSuite, path: string, host = FR_HOST): Promise<Page> {
  const page = await context.newPage();
  await page.goto(suite.site.url(host, path));
  await islandsHydrated(page);
  return page;
}

describeInBrowser('consent manager (browser)', () => {
  const suite = browserSuite({ env: { ANALYTICS_SCRIPT_URL: ANALYTICS }, consent: null });

  it('first visit: the banner asks on both hosts, and no request leaves for another host before consent', async () => {
    const seen = await watchThirdParties(suite.context, suite);
    for (const [host, title] of [
      [FR_HOST, 'Vos choix en matière de cookies'],
      [DE_HOST, null],
    ] as const) {
      const page = await open(suite.context, suite, '/', host);
      await banner(page).waitFor({ state: 'visible', timeout: 10_000 });
      if (title) await expect(banner(page).getByRole('heading').textContent()).resolves.toBe(title);
      // The home page's news video shows its notice: no frame, no thumbnail from the platform.
      await expect(page.locator('[data-island="VideoPlayer"] iframe').count()).resolves.toBe(0);
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(500);
    }
    await expect(privacyCookie(suite.context)).resolves.toBeNull();
    expect(seen).toEqual([]);
  });

  it('accept all: the analytics script loads with the nonce, the video plays, the choice is kept 12 months', async () => {
    const seen = await watchThirdParties(suite.context, suite);
    const page = await open(suite.context, suite, '/');
    await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await expect(banner(page).count()).resolves.toBe(0);
    await page.waitForFunction(() => !!document.querySelector('script[src="https://analytics.example/tag.js"]'));
    const nonce = await page.evaluate(
      () => (document.querySelector('script[src="https://analytics.example/tag.js"]') as HTMLScriptElement).nonce,
    );
    expect(nonce).not.toBe('');
    await until(() => seen.includes(ANALYTICS));
    const cookie = (await suite.context.cookies()).find((c) => c.name === 'privacy')!;
    expect(cookie.value).toBe('optin,video');
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // The video category is granted: the next visit shows the preview, then the privacy-enhanced player.
    const again = await open(suite.context, suite, '/');
    await expect(banner(again).count()).resolves.toBe(0);
    await again.locator('.home-video__play').click();
    await expect(again.locator('[data-island="VideoPlayer"] iframe').getAttribute('src')).resolves.toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    await until(() => seen.some((u) => u.startsWith('https://www.youtube-nocookie.com/')));
  });

  it('preferences round trip: reopened from the footer, refusing all stops analytics on the next page', async () => {
    const seen = await watchThirdParties(suite.context, suite);
    const page = await open(suite.context, suite, '/');
    await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await until(() => seen.includes(ANALYTICS));
    await page.locator('footer a[data-consent-preferences]').click();
    await banner(page).waitFor({ state: 'visible', timeout: 10_000 });
    // The detailed choices show what is allowed now.
    await expect(
      banner(page)
        .getByRole('checkbox', { name: /Mesure d'audience/ })
        .isChecked(),
    ).resolves.toBe(true);
    await banner(page).getByRole('button', { name: 'Tout refuser' }).click();
    await expect(privacyCookie(suite.context)).resolves.toBe('optout,novideo');
    seen.length = 0;
    const next = await open(suite.context, suite, '/produits');
    await expect(banner(next).count()).resolves.toBe(0);
    await next.waitForTimeout(500);
    await expect(next.locator('script[src="https://analytics.example/tag.js"]').count()).resolves.toBe(0);
    expect(seen).toEqual([]);
    // The cookie page's opt-out box reads the same choice.
    const cookies = await open(suite.context, suite, '/');
    const href = await cookies.locator('footer a[data-consent-preferences]').getAttribute('href');
    const policy = await open(suite.context, suite, href!);
    await expect(policy.locator('main').getByRole('checkbox').first().isChecked()).resolves.toBe(true);
  });

  it('Global Privacy Control refuses statistics, even after "accept all"', async () => {
    await suite.context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const seen = await watchThirdParties(suite.context, suite);
    const page = await open(suite.context, suite, '/');
    await expect(banner(page).textContent()).resolves.toContain('Global Privacy Control');
    await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await page.waitForTimeout(500);
    const next = await open(suite.context, suite, '/');
    await next.waitForTimeout(500);
    await expect(next.locator('script[src="https://analytics.example/tag.js"]').count()).resolves.toBe(0);
    expect(seen.filter((u) => u === ANALYTICS)).toEqual([]);
  });

  it('the banner fits a phone without hiding most of the page, and is not a modal', async () => {
    await suite.context.close();
    suite.context = await suite.browser.newContext({ viewport: PHONE });
    const page = await open(suite.context, suite, '/');
    const box = (await banner(page).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeLessThan(PHONE.height * 0.6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(page.locator('[aria-modal="true"]').count()).resolves.toBe(0);
  });
});
