import type { Page } from 'playwright-core';
import { browserSuite, DE_HOST, describeInBrowser, FR_HOST, islandsHydrated, openPage, watchConsole } from './support';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

describeInBrowser('site shell (browser)', () => {
  const suite = browserSuite({ context: { viewport: DESKTOP } });

  const open = (path: string, host = FR_HOST, viewport = DESKTOP) =>
    openPage(suite.context, suite.site.url(host, path), viewport);

  describe.each([
    [FR_HOST, 'fr', 'Votre flore intestinale, notre expertise'],
    [DE_HOST, 'de', 'Ihre Darmflora, unsere Expertise'],
  ])('home on %s', (host, lang, firstSlide) => {
    it.each([PHONE, DESKTOP])(
      'renders at %p without console errors, hydration warnings or sideways scrolling',
      async (viewport) => {
        const { page, logs } = await open('/', host, viewport);
        expect(await page.getAttribute('html', 'lang')).toBe(`${lang}-CH`);
        await expect(page.locator('.hero__slide').first().locator('h2').textContent()).resolves.toBe(firstSlide);
        expect(await page.locator('header .site-logo').isVisible()).toBe(true);
        expect(await page.locator('footer .footer-legal').isVisible()).toBe(true);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/shell-${lang}-${viewport.width}.png`, fullPage: true });
        expect(logs.hydration).toEqual([]);
        expect(logs.problems).toEqual([]);
      },
    );
  });

  it('opens and closes the burger menu on a phone, sub-menus on repeated clicks', async () => {
    const { page, logs } = await open('/', FR_HOST, PHONE);
    const burger = page.locator('.menu-toggle');
    const nav = page.locator('#main-menu');
    expect(await nav.isVisible()).toBe(false);

    await burger.click();
    await expect(burger.getAttribute('aria-expanded')).resolves.toBe('true');
    await nav.locator('.main-nav__link').first().waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.activeElement?.classList.contains('main-nav__close'));

    const toggle = nav.locator('.main-nav__toggle').first();
    const sub = nav.locator('.main-nav__sub').first();
    await toggle.click();
    expect(await sub.isVisible()).toBe(true);
    await toggle.click();
    expect(await sub.isVisible()).toBe(false);

    await page.keyboard.press('Escape');
    await expect(burger.getAttribute('aria-expanded')).resolves.toBe('false');
    await nav.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);

    await burger.click();
    await nav.locator('.main-nav__close').click();
    await nav.waitFor({ state: 'hidden' });
    expect(logs.problems).toEqual([]);
  });

  it('opens a desktop drop-down on click and closes it with Escape', async () => {
    const { page } = await open('/', FR_HOST, DESKTOP);
    expect(await page.locator('.menu-toggle').isVisible()).toBe(false);
    const toggle = page.locator('#main-menu .main-nav__toggle').first();
    const sub = page.locator('#main-menu .main-nav__sub').first();
    await toggle.click();
    expect(await sub.isVisible()).toBe(true);
    // Away from the item: a hovered item keeps its drop-down open whatever the keyboard does.
    await page.mouse.move(600, 700);
    expect(await sub.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await sub.waitFor({ state: 'hidden' });
  });

  it('switches language to the same page on the other host', async () => {
    const { page } = await open('/', FR_HOST, DESKTOP);
    await page.locator('.lang-switch__summary').click();
    const german = page.locator('.lang-switch__panel a[hreflang="de"]');
    expect(await german.getAttribute('href')).toBe(suite.site.url(DE_HOST, '/'));
    await Promise.all([page.waitForURL(suite.site.url(DE_HOST, '/')), german.click()]);
    expect(await page.getAttribute('html', 'lang')).toBe('de-CH');
    // The other countries' sites are offered on their own hosts.
    await islandsHydrated(page);
    await page.locator('.lang-switch__summary').click();
    expect(await page.locator('.lang-switch__countries a[hreflang="it-IT"]').getAttribute('href')).toBe(
      suite.site.url('prodotti.it.localhost', '/'),
    );
  });

  it('shows the QR-code language choice, which Escape cannot dismiss', async () => {
    const { page, logs } = await open('/?utm_medium=QRcode', FR_HOST, PHONE);
    const dialog = page.locator('dialog.qr-modal');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.evaluate((el: HTMLDialogElement) => el.open && el.matches(':modal'))).toBe(true);
    expect(await dialog.locator('button').count()).toBe(0);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(150);
    }
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((el: HTMLDialogElement) => el.open)).toBe(true);

    const choices = dialog.locator('a');
    expect(await choices.count()).toBe(2);
    const german = dialog.locator('a[hreflang="de"]');
    expect(await german.textContent()).toContain('Auf Deutsch weiter');
    await Promise.all([page.waitForURL(suite.site.url(DE_HOST, '/')), german.click()]);
    await islandsHydrated(page);
    expect(await page.locator('dialog.qr-modal').count()).toBe(0);
    expect(logs.problems).toEqual([]);
  });

  it('keeps the 5 latest searches, newest first, and disables submit below 3 characters', async () => {
    const page = await suite.context.newPage();
    const logs = watchConsole(page);
    const terms = ['magnésium', 'probiotiques', 'sommeil', 'immunité', 'vitamine D', 'zinc'];
    for (const term of terms) {
      await page.goto(suite.site.url(FR_HOST, '/'));
      await islandsHydrated(page);
      const input = page.locator('#header-search');
      const submit = page.locator('header .search-form__submit');
      await input.fill(term.slice(0, 2));
      expect(await submit.isDisabled()).toBe(true);
      await input.fill(term);
      expect(await submit.isDisabled()).toBe(false);
      // The search lands on the path form of its results (SPEC §2.1 `-r--` prefix).
      await Promise.all([page.waitForURL(/\/resultats\/-r--/), input.press('Enter')]);
      expect(decodeURIComponent(new URL(page.url()).pathname.split('/-r--')[1])).toBe(term);
    }
    await page.goto(suite.site.url(FR_HOST, '/'));
    await islandsHydrated(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('search-history') ?? '[]') as string[]);
    expect(stored).toEqual(['zinc', 'vitamine D', 'immunité', 'sommeil', 'probiotiques']);
    await page.locator('#header-search').focus();
    const shown = await page.locator('header .search-history__link').allTextContents();
    expect(shown).toEqual(stored);
    expect(logs.problems).toEqual([]);
  });

  it('works without JavaScript: search GETs the results page, menu links are there', async () => {
    const noJs = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await noJs.newPage();
      await page.goto(suite.site.url(FR_HOST, '/'));
      expect(await page.locator('#header-search').isVisible()).toBe(true);
      expect(await page.locator('#main-menu .main-nav__link').first().isVisible()).toBe(true);
      expect(await page.locator('.old-browser-notice').isVisible()).toBe(false);
      await page.locator('#header-search').fill('magnésium');
      await Promise.all([
        // The GET form's /resultats?q= is answered by a redirect to the path form.
        page.waitForURL(/\/resultats\/-r--magn%C3%A9sium$/),
        page.locator('#header-search').press('Enter'),
      ]);
    } finally {
      await noJs.close();
    }
  });

  it('autoplays the slider every 5 s and the footer text every 2 s, not with reduced motion', async () => {
    const { page } = await open('/', FR_HOST, DESKTOP);
    const reduced = await suite.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    try {
      const still = await reduced.newPage();
      await still.goto(suite.site.url(FR_HOST, '/'));
      await islandsHydrated(still);
      const activeDot = (p: Page) =>
        p.evaluate(() => [...document.querySelectorAll('.hero__dot')].findIndex((d) => d.hasAttribute('aria-current')));
      const footerText = (p: Page) => p.locator('.rotating-text__item').textContent();
      // The reduced-motion page's first text, read at once: it must never change.
      const stillText = await footerText(still);
      // Keep the pointer off the slider: hovering pauses it.
      await page.mouse.move(640, 880);
      const firstText = await footerText(page);
      expect(await page.locator('.hero__arrow--prev').isVisible()).toBe(false);
      await page.waitForTimeout(2300);
      expect(await footerText(page)).not.toBe(firstText);
      await page.waitForTimeout(3300);
      expect(await activeDot(page)).toBe(1);
      expect(await page.locator('.hero__arrow--prev').isVisible()).toBe(true);
      expect(await activeDot(still)).toBe(0);
      expect(await footerText(still)).toBe(stillText);
    } finally {
      await reduced.close();
    }
  });

  it('shows go-to-top after 800 px of scroll and brings the visitor back up', async () => {
    const { page } = await open('/', FR_HOST, PHONE);
    const button = page.locator('.go-to-top');
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForTimeout(100);
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 900));
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'hidden' });
  });

  it('hides the discount banner and remembers it', async () => {
    const { page } = await open('/', FR_HOST, DESKTOP);
    const banner = page.locator('.discount-banner');
    expect(await banner.isVisible()).toBe(true);
    await banner.locator('.discount-banner__close').click();
    await banner.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('discount-banner-hidden'))).toBe('1');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('discount-banner-hidden'))).toBe(true);
    expect(await page.locator('.discount-banner').isVisible()).toBe(false);
  });

  it('shows the old-browser notice only to Internet Explorer, dismissible and remembered', async () => {
    const { page } = await open('/', FR_HOST, DESKTOP);
    const notice = page.locator('.old-browser-notice');
    expect(await notice.count()).toBe(1);
    expect(await notice.isVisible()).toBe(false);
    // Pretend to be IE: document.documentMode exists, then run the nomodule script as IE would.
    await page.evaluate(() => Object.defineProperty(document, 'documentMode', { value: 11, configurable: true }));
    await page.addScriptTag({ url: suite.site.url(FR_HOST, '/old-browser.js') });
    expect(await notice.isVisible()).toBe(true);
    await notice.locator('button').click();
    expect(await notice.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('old-browser-notice-dismissed'))).toBe('1');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('old-browser-dismissed'))).toBe(true);
  });

  it('drives the loading bar from the navigation events', async () => {
    const { page } = await open('/', FR_HOST, DESKTOP);
    const bar = page.locator('.loading-bar');
    const fire = (name: string) => page.evaluate((type) => window.dispatchEvent(new Event(type)), name);
    // Faster than the 200 ms throttle: never shown.
    await fire('app:navigation-start');
    await fire('app:navigation-end');
    await page.waitForTimeout(300);
    expect(await bar.getAttribute('class')).toContain('loading-bar--hidden');

    await fire('app:navigation-start');
    await page.waitForTimeout(50);
    expect(await bar.getAttribute('class')).toContain('loading-bar--waiting');
    await page.waitForSelector('.loading-bar--running[role="progressbar"]');
    await fire('app:navigation-end');
    await page.waitForSelector('.loading-bar--finishing');
    await page.waitForSelector('.loading-bar--hidden', { timeout: 2000 });

    await fire('app:navigation-start');
    await fire('app:navigation-error');
    await page.waitForSelector('.loading-bar--failed');
    await page.waitForSelector('.loading-bar--hidden', { timeout: 2000 });
  });

  it('answers an unknown URL with the 404 page in the visitor language, linking home', async () => {
    const page = await suite.context.newPage();
    const logs = watchConsole(page);
    const response = await page.goto(suite.site.url(DE_HOST, '/gibt-es-nicht'));
    expect(response?.status()).toBe(404);
    await islandsHydrated(page);
    expect(await page.locator('h1').textContent()).toBe('Die angeforderte Seite existiert nicht oder nicht mehr');
    expect(await page.locator('main a[href="/"]').count()).toBe(1);
    expect(await page.locator('main form[role="search"]').getAttribute('action')).toBe('/ergebnisse');
    expect(await page.locator('.breadcrumb').count()).toBe(0);
    expect(logs.problems).toEqual([]);
  });
});
