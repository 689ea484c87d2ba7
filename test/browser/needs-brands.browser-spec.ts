import type { Page } from 'playwright-core';
import { browserSuite, DE_HOST, describeInBrowser, DESKTOP, FR_HOST, openPage, PHONE } from './support';

const TABLET = { width: 768, height: 1024 };

const top = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().top, selector);
/** Waits for a smooth scroll to end: the position unchanged over 400 ms. */
const scrollStill = async (page: Page) => {
  await page.waitForTimeout(200);
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        setTimeout(() => resolve(window.scrollY === y), 400);
      }),
    undefined,
    { timeout: 10_000 },
  );
};

describeInBrowser('needs, brands, corners and the home blocks (browser)', () => {
  const suite = browserSuite();

  describe('need selector', () => {
    it.each([
      [FR_HOST, 'Merci de sélectionner un besoin'],
      [DE_HOST, 'Bitte wählen Sie ein Bedürfnis aus'],
    ])(
      'on %s: the message without a need, cleared on change; the child only with children; goes to the need',
      async (host, message) => {
        const { page, logs } = await openPage(suite.context, suite.site.url(host, '/'), DESKTOP);
        const form = page.locator('form.need-selector');
        await form.locator('button[type="submit"]').click();
        await page.waitForSelector('.need-selector__error');
        expect(await form.locator('[role="alert"]').textContent()).toBe(message);
        expect(page.url()).toBe(suite.site.url(host, '/'));
        // Choosing a parent clears the message and shows the child dropdown (it has children).
        const parent = form.locator('select').first();
        await parent.selectOption({ index: 1 });
        expect(await form.locator('[role="alert"]').count()).toBe(0);
        expect(await form.locator('select').count()).toBe(2);
        await form.locator('select').nth(1).selectOption({ index: 1 });
        // Changing the parent resets the child.
        await parent.selectOption({ index: 2 });
        expect(await form.locator('select').nth(1).inputValue()).toBe('');
        await form.locator('select').nth(1).selectOption({ index: 1 });
        await Promise.all([page.waitForURL(/\/(besoin|bedurfnis)\//), form.locator('button[type="submit"]').click()]);
        expect(await page.locator('h1').count()).toBe(1);
        expect(logs.problems).toEqual([]);
      },
    );

    it('without JavaScript the server answers the message, then the child step', async () => {
      const nojs = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      const page = await nojs.newPage();
      await page.goto(suite.site.url(FR_HOST, '/besoin/ballonnements'));
      const form = page.locator('#need-selector form.need-selector');
      await Promise.all([page.waitForURL(/\/besoins\?/), form.locator('button[type="submit"]').click()]);
      expect(await page.locator('.need-selector [role="alert"]').textContent()).toBe('Merci de sélectionner un besoin');
      const [parent] = await page
        .locator('form.need-selector select')
        .first()
        .selectOption({ label: 'Confort digestif' });
      expect(parent).toMatch(/^[1-9][0-9]*$/);
      await Promise.all([
        page.waitForURL(new RegExp(`besoin=${parent}$`)),
        page.locator('form.need-selector button[type="submit"]').click(),
      ]);
      await page.locator('form.need-selector select').nth(1).selectOption({ label: 'Transit intestinal' });
      await Promise.all([
        page.waitForURL(/\/besoin\/transit-intestinal$/),
        page.locator('form.need-selector button[type="submit"]').click(),
      ]);
      await nojs.close();
    });
  });

  describe('anchor tabs (need detail, brand landing)', () => {
    it.each([
      [FR_HOST, '/besoin/ballonnements', 'need-solutions'],
      [DE_HOST, '/marke/noctalyne', 'brand-questions'],
    ])(
      'on %s%s the tabs become fixed on scroll, scroll with -85/-110 px and follow the section',
      async (host, path, target) => {
        const { page } = await openPage(suite.context, suite.site.url(host, path), DESKTOP);
        expect(await page.getAttribute('.anchor-tabs', 'data-fixed')).toBe('false');
        // Not fixed yet: the click scrolls so that the section's top is 85 px below the viewport top.
        await page.click(`.anchor-tabs a[href="#${target}"]`);
        await scrollStill(page);
        expect(Math.round(await top(page, `#${target}`))).toBeGreaterThanOrEqual(84);
        expect(Math.round(await top(page, `#${target}`))).toBeLessThanOrEqual(86);
        expect(await page.getAttribute('.anchor-tabs', 'data-fixed')).toBe('true');
        expect(await page.getAttribute(`.anchor-tabs a[href="#${target}"]`, 'aria-current')).toBe('location');
        // Fixed now: the next click leaves 110 px. The first section must lie more than 110 px down the
        // page, or the scroll would stop at the top and the offset could not be seen.
        const first = (await page.getAttribute('.anchor-tabs li:first-child a', 'href'))!;
        expect(
          await page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().top + window.scrollY, first),
        ).toBeGreaterThan(110);
        await page.click(`.anchor-tabs a[href="${first}"]`);
        await scrollStill(page);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        expect(Math.abs(Math.round(await top(page, first)) - 110)).toBeLessThanOrEqual(1);
      },
    );
  });

  describe('brand corner navigation', () => {
    it('is fixed once scrolled past, and repeated as a list on phones', async () => {
      const { page } = await openPage(suite.context, suite.site.url(FR_HOST, '/lactibiane'), DESKTOP);
      expect(await page.getAttribute('.corner-nav', 'data-fixed')).toBe('false');
      await page.evaluate(() => window.scrollTo(0, 1500));
      await page.waitForSelector('.corner-nav[data-fixed="true"]');
      expect(await top(page, '.corner-nav')).toBe(0);
      expect(await page.isVisible('.corner-mobile-nav')).toBe(false);
      // 'discover our range' scrolls to the content.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.click('.corner-hero__discover');
      await scrollStill(page);
      expect(page.url()).toMatch(/#corner-content$/);
      const phone = await openPage(suite.context, suite.site.url(FR_HOST, '/lactibiane'), PHONE);
      expect(await phone.page.isVisible('.corner-mobile-nav')).toBe(true);
      expect(await phone.page.locator('.corner-mobile-nav a').count()).toBe(
        await phone.page.locator('.corner-nav a').count(),
      );
    });
  });

  describe('brand slider buttons', () => {
    it.each([
      [PHONE, 1],
      [TABLET, 2],
      [DESKTOP, 3],
    ])(
      'at %o px with %i visible: buttons only beyond the visible slides, hidden at the ends',
      async (viewport, visible) => {
        const { page } = await openPage(suite.context, suite.site.url(FR_HOST, '/marques'), viewport);
        const count = await page.locator('.brand-slider__slide').count();
        expect(count).toBeGreaterThan(visible);
        expect(await page.isVisible('.brand-slider__previous')).toBe(false);
        expect(await page.isVisible('.brand-slider__next')).toBe(true);
        for (let i = 0; i < count - visible; i++) {
          await page.click('.brand-slider__next');
          await page.waitForTimeout(600);
        }
        expect(await page.isVisible('.brand-slider__next')).toBe(false);
        expect(await page.isVisible('.brand-slider__previous')).toBe(true);
      },
    );
  });

  describe('home news video', () => {
    it('without consent shows the blocked notice; accepting plays the video muted; with consent a preview and "see video"', async () => {
      const { page } = await openPage(suite.context, suite.site.url(FR_HOST, '/'), DESKTOP);
      const video = page.locator('[data-island="VideoPlayer"]');
      expect(await video.locator('iframe').count()).toBe(0);
      expect(await video.textContent()).toContain('Vous devez accepter les cookies YouTube');
      await video.locator('button').click();
      const src = await video.locator('iframe').getAttribute('src');
      expect(src).toContain('autoplay=1');
      expect(src).toContain('mute=1');
      // Next visit: consent remembered, the preview first, then the player.
      const again = await openPage(suite.context, suite.site.url(FR_HOST, '/'), DESKTOP);
      const next = again.page.locator('[data-island="VideoPlayer"]');
      expect(await next.locator('iframe').count()).toBe(0);
      expect(await next.locator('.home-video__play').textContent()).toBe('Voir la vidéo');
      await next.locator('.home-video__play').click();
      expect(await next.locator('iframe').count()).toBe(1);
    });
  });
});
