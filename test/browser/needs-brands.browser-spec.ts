import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite, DE_HOST, describeInBrowser, DESKTOP, FR_HOST, openPage, PHONE } from './support';

/**
 * The content pack, with two brand landing pages written in French only (a range not sold in
 * German-speaking Switzerland): the German brand sliders hold 3 brands, the French ones 5, so the
 * sliders' button rule is seen both ways (SPEC §4: 1 phone, 2 tablet, 3 desktop).
 */
function contentWithFrenchOnlyBrands(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-brands-'));
  cpSync(join(process.cwd(), 'content'), dir, { recursive: true });
  for (const key of ['brand-articoria', 'brand-eclatia']) {
    const file = join(dir, 'editorial/pages/brand_landing', `${key}.json`);
    const page = JSON.parse(readFileSync(file, 'utf8')) as {
      texts: Record<string, unknown>;
      paragraphs: Array<{ texts: Record<string, unknown> }>;
    };
    delete page.texts.de;
    for (const paragraph of page.paragraphs) delete paragraph.texts.de;
    writeFileSync(file, JSON.stringify(page));
  }
  return dir;
}

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
  let content: string;
  const suite = browserSuite({
    env: () => {
      content = contentWithFrenchOnlyBrands();
      return { CONTENT_DIR: content };
    },
    cleanup: () => rmSync(content, { recursive: true, force: true }),
  });

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

    it.each([
      [
        FR_HOST,
        '/besoin/ballonnements',
        'Merci de sélectionner un besoin',
        'Confort digestif',
        'Transit intestinal',
        '/besoin/transit-intestinal',
      ],
      [
        DE_HOST,
        '/bedurfnis/blahungen',
        'Bitte wählen Sie ein Bedürfnis aus',
        'Verdauungskomfort',
        'Darmtransit',
        '/bedurfnis/darmtransit',
      ],
    ])(
      'on %s without JavaScript the server answers the message, then the child step',
      async (host, start, message, parentLabel, childLabel, target) => {
        const nojs = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
        const page = await nojs.newPage();
        await page.goto(suite.site.url(host, start));
        const form = page.locator('#need-selector form.need-selector');
        await Promise.all([
          page.waitForURL(/\/(besoins|bedurfnisse)\?/),
          form.locator('button[type="submit"]').click(),
        ]);
        expect(await page.locator('.need-selector [role="alert"]').textContent()).toBe(message);
        const [parent] = await page.locator('form.need-selector select').first().selectOption({ label: parentLabel });
        expect(parent).toMatch(/^[1-9][0-9]*$/);
        await Promise.all([
          page.waitForURL(new RegExp(`besoin=${parent}$`)),
          page.locator('form.need-selector button[type="submit"]').click(),
        ]);
        expect(await page.locator('.need-selector [role="alert"]').count()).toBe(0);
        await page.locator('form.need-selector select').nth(1).selectOption({ label: childLabel });
        await Promise.all([
          page.waitForURL(new RegExp(`${target}$`)),
          page.locator('form.need-selector button[type="submit"]').click(),
        ]);
        await nojs.close();
      },
    );
  });

  describe('needs list search', () => {
    it.each([
      [FR_HOST, '/besoins', 'somm', 'Sommeil', 'Aucun besoin ne correspond à votre recherche.'],
      [DE_HOST, '/bedurfnisse', 'schlaf', 'Schlaf', 'Kein Bedürfnis entspricht Ihrer Suche.'],
    ])('on %s filters the list as one types, without leaving the page', async (host, path, query, match, none) => {
      const { page, logs } = await openPage(suite.context, suite.site.url(host, path), PHONE);
      const labels = () => page.locator('.needs-group__label').allTextContents();
      const all = (await labels()).length;
      expect(all).toBeGreaterThanOrEqual(12);
      const input = page.locator('.needs-finder input[name="q"]');
      await input.pressSequentially(query, { delay: 30 });
      await page.waitForFunction((n) => document.querySelectorAll('.needs-group').length < n, all);
      const shown = await labels();
      expect(shown.length).toBeGreaterThanOrEqual(1);
      expect(shown.some((label) => label.includes(match))).toBe(true);
      // The matching groups are open, and the page is the same (no form was sent).
      expect(await page.locator('.needs-group details:not([open])').count()).toBe(0);
      expect(page.url()).toBe(suite.site.url(host, path));
      await input.fill('zzzz');
      await page.waitForFunction(() => document.querySelectorAll('.needs-group').length === 0);
      expect(await page.locator('.needs-finder__status').textContent()).toBe(none);
      await input.fill('');
      await page.waitForFunction((n) => document.querySelectorAll('.needs-group').length === n, all);
      expect(logs.problems).toEqual([]);
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

  describe('brand corner hero slider', () => {
    const slide = (page: Page, n: number) => page.locator('.corner-slider__slide').nth(n);
    /** Waits until slide n sits where the first slide was (Swiper moves the track with a transform). */
    const shown = (page: Page, n: number, left: number) =>
      page.waitForFunction(
        ([index, x]) =>
          Math.abs(document.querySelectorAll('.corner-slider__slide')[index].getBoundingClientRect().left - x) < 2,
        [n, left] as const,
      );

    it.each([
      [FR_HOST, '/lactibiane', DESKTOP],
      [DE_HOST, '/formag', PHONE],
    ])(
      'on %s%s: the brand first, then its pages; dots, arrow keys, previous/next hidden at the ends',
      async (host, path, viewport) => {
        const { page, logs } = await openPage(suite.context, suite.site.url(host, path), viewport);
        const count = await page.locator('.corner-slider__slide').count();
        expect(count).toBeGreaterThanOrEqual(4);
        expect(await slide(page, 0).locator('h1').count()).toBe(1);
        const left = (await slide(page, 0).boundingBox())!.x;
        expect(left).toBeGreaterThanOrEqual(0);
        // The next slide waits outside the slider's (clipped) viewport.
        const frame = (await page.locator('.corner-slider__viewport').boundingBox())!;
        expect((await slide(page, 1).boundingBox())!.x).toBeGreaterThanOrEqual(frame.x + frame.width);
        expect(await page.isVisible('.corner-slider__previous')).toBe(false);
        await page.click('.corner-slider__next');
        await page.waitForSelector('.corner-slider__dots li:nth-child(2) [aria-current="true"]');
        await shown(page, 1, left);
        expect(await page.isVisible('.corner-slider__previous')).toBe(true);
        // The last dot: the last page's slide, and no next button.
        await page.locator('.corner-slider__dot').last().click();
        await page.locator('.corner-slider__next').waitFor({ state: 'hidden' });
        await shown(page, count - 1, left);
        // Its link goes to the page.
        expect(
          await slide(page, count - 1)
            .locator('a')
            .getAttribute('href'),
        ).toMatch(new RegExp(`^${path}/[a-z0-9-]+$`));
        // The arrow keys move it back.
        await page.locator('.corner-slider__previous').focus();
        await page.keyboard.press('ArrowLeft');
        await shown(page, count - 2, left);
        expect(logs.problems).toEqual([]);
        expect(logs.hydration).toEqual([]);
      },
    );

    it('without JavaScript every slide is there, a row that scrolls sideways with the next slide showing', async () => {
      const nojs = await suite.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
      const page = await nojs.newPage();
      await page.goto(suite.site.url(FR_HOST, '/insudiet'));
      const slides = page.locator('.corner-slider__slide');
      expect(await slides.count()).toBeGreaterThanOrEqual(4);
      expect(await page.locator('.corner-slider__next').count()).toBe(0);
      const first = (await slides.nth(0).boundingBox())!;
      const second = (await slides.nth(1).boundingBox())!;
      expect(first.x).toBeGreaterThanOrEqual(0);
      expect(second.x).toBeGreaterThan(first.x + first.width);
      expect(second.x).toBeLessThan(DESKTOP.width);
      for (let i = 1; i < (await slides.count()); i++)
        expect((await slides.nth(i).locator('.corner-slide__title').textContent())!.length).toBeGreaterThan(3);
      await nojs.close();
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

    /** The buttons of the slider inside `root` once it is hydrated (its nav exists only then). */
    const buttons = async (page: Page, root: string) => {
      await page.locator(`${root} .brand-slider__nav`).waitFor({ state: 'attached' });
      return {
        previous: await page.locator(`${root} .brand-slider__previous`).isVisible(),
        next: await page.locator(`${root} .brand-slider__next`).isVisible(),
      };
    };

    it.each([
      [DE_HOST, '/marken', '.brands-page__slider'],
      [DE_HOST, '/', '.home-brand-slider'],
    ])('on %s%s no buttons when the brands fit (3 on a desktop)', async (host, path, root) => {
      const { page } = await openPage(suite.context, suite.site.url(host, path), DESKTOP);
      expect(await page.locator(`${root} .brand-slider__slide`).count()).toBe(3);
      expect(await buttons(page, root)).toEqual({ previous: false, next: false });
      // The same three brands on a phone (1 visible) need them.
      const phone = await openPage(suite.context, suite.site.url(host, path), PHONE);
      expect(await buttons(phone.page, root)).toEqual({ previous: false, next: true });
    });

    it('while the track scrolls to the next brand the buttons stay as they will be (no flicker back)', async () => {
      const { page } = await openPage(suite.context, suite.site.url(FR_HOST, '/marques'), PHONE);
      const root = '.brands-page__slider';
      expect(await buttons(page, root)).toEqual({ previous: false, next: true });
      await page.click(`${root} .brand-slider__next`);
      // Watched on every frame until the scroll has reached the second brand.
      const hiddenOnSomeFrame = await page.evaluate(
        (r) =>
          new Promise<boolean>((resolve) => {
            const track = document.querySelector<HTMLElement>(`${r} .brand-slider__track`)!;
            const previous = document.querySelector<HTMLElement>(`${r} .brand-slider__previous`)!;
            const target =
              (track.children[1] as HTMLElement).offsetLeft - (track.children[0] as HTMLElement).offsetLeft;
            const until = performance.now() + 3000;
            let hidden = false;
            const frame = () => {
              hidden ||= previous.hidden;
              if (Math.abs(track.scrollLeft - target) <= 1 || performance.now() > until) resolve(hidden);
              else requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          }),
        root,
      );
      expect(hiddenOnSomeFrame).toBe(false);
      expect(await buttons(page, root)).toEqual({ previous: true, next: true });
    });

    it.each([
      [FR_HOST, DESKTOP, 3],
      [DE_HOST, TABLET, 2],
    ])(
      'the home slider on %s at %o: next until the last brand is in view, then previous only',
      async (host, viewport, visible) => {
        const { page } = await openPage(suite.context, suite.site.url(host, '/'), viewport);
        const root = '.home-brand-slider';
        const count = await page.locator(`${root} .brand-slider__slide`).count();
        expect(count).toBeGreaterThan(visible);
        expect(await buttons(page, root)).toEqual({ previous: false, next: true });
        const next = page.locator(`${root} .brand-slider__next`);
        for (let i = 1; i <= count - visible; i++) {
          await next.click();
          // The smooth scroll has reached the asked slide (or the end of the track).
          await page.waitForFunction(
            ([r, n]) => {
              const track = document.querySelector<HTMLElement>(`${r} .brand-slider__track`)!;
              const slides = [...track.children] as HTMLElement[];
              const target = Math.min(
                slides[n].offsetLeft - slides[0].offsetLeft,
                track.scrollWidth - track.clientWidth,
              );
              return Math.abs(track.scrollLeft - target) <= 1;
            },
            [root, i] as const,
          );
        }
        await next.waitFor({ state: 'hidden' });
        expect(await buttons(page, root)).toEqual({ previous: true, next: false });
        // The last brand is in view.
        const last = await page.locator(`${root} .brand-slider__slide`).last().boundingBox();
        expect(last!.x + last!.width).toBeLessThanOrEqual(viewport.width);
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
