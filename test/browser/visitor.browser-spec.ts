import { readLocalities } from '../../src/database/seed/geo.seed';
import { generateStores } from '../../src/database/seed/stores.seed';
import type { Page } from 'playwright-core';
import { buildPath, type Locale } from '../../contracts/route-table';
import { contentExpertises, EDITORIAL_SAMPLES, pick } from '../support/content';
import { request as httpRequest } from 'node:http';
import {
  axeViolations,
  browserSuite,
  DE_HOST,
  describeInBrowser,
  DESKTOP,
  FR_HOST,
  openPage,
  PHONE,
  signIn,
  type EditorAccount,
} from './support';

/** The editor account the preview's audit signs in with (made by the CLI before the site starts). */
const EDITOR: EditorAccount = { email: 'audit.editor@example.org', password: 'a long audit passphrase 42' };

/** The first demo pharmacy (the generator is deterministic). */
const FIRST_STORE = String(generateStores(readLocalities(), 1)[0].slug);

const SITES: Array<[string, Locale]> = [
  [FR_HOST, 'fr'],
  [DE_HOST, 'de'],
];

/** The product with every block of the page (video, promotion, tiers, packagings, FAQs, slides). */
const product = pick(
  (p) =>
    !!p.caracteristics.embed_push_video &&
    !!p.push_promote &&
    p.volume_discounts.length > 0 &&
    !!p.packaging_group &&
    (p.faqs?.length ?? 0) > 0,
  'product with every block',
);
const digestion = contentExpertises().find((e) => e.key === 'digestion');
const list = (locale: Locale) => buildPath('productList', locale);
const productPath = (locale: Locale) => buildPath('product', locale, { slug: product.texts[locale].slug });

/** The id of an advice page, from the content API (Node's own request: Host header set by hand). */
function firstAdviceId(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/page?type=advice&take=1',
        headers: { Host: host, Accept: 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          try {
            resolve((JSON.parse(body) as { data: { items: Array<{ id: number }> } }).data.items[0].id);
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, selector: string): Promise<Box> =>
  (await page.locator(selector).first().boundingBox()) as Box;
const count = async (page: Page) => Number(/\d+/.exec((await page.textContent('.listing__count')) ?? '')?.[0]);
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => !!document.querySelector(s)?.contains(document.activeElement), selector);

describeInBrowser('what a visitor sees (browser)', () => {
  const suite = browserSuite({ editor: EDITOR });

  const open = (path: string, host: string, viewport = DESKTOP) =>
    openPage(suite.context, suite.site.url(host, path), viewport, (status) => status === 200);

  /** A page in a context without JavaScript (what a visitor with scripts off, or a crawler, gets). */
  const openWithoutJs = async (path: string, host: string, viewport = PHONE): Promise<Page> => {
    const noJs = await suite.browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await noJs.newPage();
    page.on('close', () => void noJs.close());
    await page.goto(suite.site.url(host, path));
    return page;
  };

  describe('product list', () => {
    it.each(SITES)(
      'without JavaScript at 390 px on %s it filters, sorts, pages and takes a price range',
      async (host, locale) => {
        const page = await openWithoutJs(list(locale), host);
        try {
          const results = await box(page, '.listing__results');
          expect(results.width).toBeGreaterThan(340);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `/tmp/visitor-list-nojs-${locale}-390.png` });
          const before = await count(page);

          // The filters open full screen from the toolbar link, with a close link at the top.
          expect(await page.isVisible('#listing-filters')).toBe(false);
          await page.click('.listing__mobile-actions a[href="#listing-filters"]');
          const panel = await box(page, '#listing-filters');
          expect(panel).toMatchObject({ x: 0, y: 0, width: PHONE.width });
          expect((await box(page, '#listing-filters .panel-close')).y).toBeLessThan(60);
          await page.screenshot({ path: `/tmp/visitor-list-nojs-panel-${locale}-390.png` });
          await page.click('#listing-filters a[data-name="brand"][data-value="formag"]');
          await page.waitForURL((url) => url.pathname.endsWith('/-brand--formag'));
          expect(await count(page)).toBeLessThan(before);
          expect(await page.isVisible('#listing-filters')).toBe(false);

          // Sorting sits in the toolbar.
          await page.click('.listing__sort a[data-value="asc_price"]');
          await page.waitForURL((url) => url.searchParams.get('sort') === 'asc_price');

          // The price form posts its range.
          await page.click('.listing__mobile-actions a[href="#listing-filters"]');
          await page.fill('#listing-filters input[name="price_max"]', '30');
          await page.click('#listing-filters .price-filter button[type="submit"]');
          await page.waitForURL((url) => url.searchParams.get('price_max') === '30');
          const prices = await page.$$eval('.product-grid .price:not(.price--original)', (els) =>
            els.map((e) => Number((e.textContent ?? '').replace(/[^\d,]/g, '').replace(',', '.'))),
          );
          expect(prices.length).toBeGreaterThan(0);
          expect(Math.max(...prices)).toBeLessThanOrEqual(30);

          // Paging.
          await page.goto(suite.site.url(host, list(locale)));
          await page.click('.pagination a[rel="next"]');
          await page.waitForURL((url) => url.pathname.endsWith('/-p--2'));
          expect(await page.getAttribute('.pagination a[aria-current="page"]', 'href')).toMatch(/-p--2$/);
        } finally {
          await page.close();
        }
      },
    );

    it.each(SITES)(
      'on %s at 1366 px the toolbar sits right above the results (no blank band)',
      async (host, locale) => {
        const { page } = await open(list(locale), host);
        // What the visitor sees of the toolbar is its count, sort and display buttons (the row may be taller).
        const counter = await box(page, '.listing__count');
        const toolbarBottom = await page.$$eval('.listing__toolbar > *', (els) =>
          Math.max(
            ...els.filter((el) => el.getClientRects().length > 0).map((el) => el.getBoundingClientRect().bottom),
          ),
        );
        const results = await box(page, '.listing__results');
        const filters = await box(page, '.listing__aside');
        expect(counter.y - filters.y).toBeLessThanOrEqual(24);
        expect(results.y - toolbarBottom).toBeLessThanOrEqual(24);
        await page.screenshot({ path: `/tmp/visitor-list-${locale}-1366.png` });
      },
    );

    it.each(SITES)(
      'on a phone (%s) the filter and sort panels are modal dialogs: focus in and kept, Escape and a close button, no page scroll, focus back',
      async (host, locale) => {
        const { page, logs } = await open(list(locale), host, PHONE);
        await page.evaluate(() => window.scrollTo(0, 300));
        const scrolled = await page.evaluate(() => window.scrollY);
        const opener = page.locator('button[aria-controls="listing-filters"]');
        await opener.click();
        const dialog = page.locator('#listing-filters[role="dialog"][aria-modal="true"]');
        await dialog.waitFor();
        const title = await page.textContent(`#${await dialog.getAttribute('aria-labelledby')}`);
        expect(title?.length).toBeGreaterThan(0);
        expect(await focusInside(page, '#listing-filters')).toBe(true);
        // A visible close button at the top; the filters show without scrolling past the expertises.
        const close = await box(page, '#listing-filters .panel-close');
        expect(close.y).toBeLessThan(60);
        expect(close.width).toBeGreaterThanOrEqual(24);
        expect((await box(page, '#listing-filters .filter-group')).y).toBeLessThan(PHONE.height / 2);
        await page.screenshot({ path: `/tmp/visitor-filter-dialog-${locale}-390.png` });
        // Tab and Shift+Tab never leave the dialog.
        for (let i = 0; i < 80; i++) {
          await page.keyboard.press('Tab');
          if (!(await focusInside(page, '#listing-filters')))
            throw new Error(`focus left the dialog after ${i + 1} Tabs`);
        }
        for (let i = 0; i < 5; i++) {
          await page.keyboard.press('Shift+Tab');
          expect(await focusInside(page, '#listing-filters')).toBe(true);
        }
        // The page behind does not move; the panel scrolls.
        await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
        for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 2000);
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
        expect(await page.locator('#listing-filters').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
        // Escape closes it, focus goes back to the opener.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(await page.isVisible('#listing-filters')).toBe(false);
        expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
        // So does the close button.
        await opener.click();
        await page.click('#listing-filters .panel-close');
        await dialog.waitFor({ state: 'detached' });
        expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
        // The sort panel is the same kind of dialog.
        const sortOpener = page.locator('button[aria-controls="listing-sort"]');
        await sortOpener.click();
        await page.locator('#listing-sort[role="dialog"][aria-modal="true"]').waitFor();
        expect(await focusInside(page, '#listing-sort')).toBe(true);
        expect((await box(page, '#listing-sort .panel-close')).y).toBeLessThan(60);
        await page.keyboard.press('Escape');
        await page.locator('#listing-sort[role="dialog"]').waitFor({ state: 'detached' });
        expect(await sortOpener.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
        expect(logs.problems).toEqual([]);
      },
    );

    it('in the phone panel the expertise list folds open on demand', async () => {
      const { page } = await open(list('fr'), FR_HOST, PHONE);
      await page.click('button[aria-controls="listing-filters"]');
      const toggle = page.locator('#listing-filters .listing__expertises-toggle');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.isVisible('#listing-expertises-list')).toBe(false);
      await toggle.click();
      expect(await page.isVisible('#listing-expertises-list')).toBe(true);
    });

    it('paging in place moves to the top of the results and reads the new page out', async () => {
      const { page, logs } = await open(list('fr'), FR_HOST);
      await page.locator('.pagination').scrollIntoViewIfNeeded();
      await page.click('.pagination a[rel="next"]');
      await page.waitForURL((url) => url.pathname.endsWith('/-p--2'));
      await page.waitForFunction(() => document.querySelector('.listing__count')?.textContent?.includes('2 sur'));
      await page.waitForFunction(() => {
        const top = document.querySelector('.listing__count')?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < 120;
      });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('listing-count');
      expect(await page.textContent('.listing__count')).toMatch(/^\d+ produits – page 2 sur \d+$/);
      expect(logs.problems).toEqual([]);
    });

    it.each(SITES)(
      'on %s in-place filtering keeps the site name in the document title and announces the count',
      async (host, locale) => {
        const { page } = await open(
          buildPath('productList', locale, { tail: { expertise: digestion?.texts[locale].slug, filters: [] } }),
          host,
        );
        const before = await page.title();
        expect(before).toMatch(/ - Laboratoire Santé Nature$/);
        await page.click('a[data-name="brand"][data-value="lactibiane"]');
        await page.waitForURL((url) => url.pathname.endsWith('/-brand--lactibiane'));
        await page.waitForFunction(() => document.querySelector('.listing [role="status"]')?.textContent !== '');
        expect(await page.title()).toBe(before);
        expect(await page.textContent('.listing [role="status"]')).toBe(await page.textContent('.listing__count'));
      },
    );
  });

  describe('product page', () => {
    it.each(SITES)('without JavaScript on %s the tabs are links to their sections', async (host, locale) => {
      const page = await openWithoutJs(productPath(locale), host);
      try {
        const links = page.locator('.product-tabs a.product-tabs__tab');
        expect(await links.count()).toBeGreaterThan(3);
        await page.click('.product-tabs a[href="#usage"]');
        await page.waitForURL((url) => url.hash === '#usage');
        const usage = await box(page, '#usage');
        expect(usage.y).toBeGreaterThanOrEqual(0);
        expect(usage.y).toBeLessThan(PHONE.height / 2);
        expect(await page.isVisible('#description')).toBe(true);
        await page.screenshot({ path: `/tmp/visitor-product-nojs-${locale}-390.png` });
      } finally {
        await page.close();
      }
    });

    it('tabs take Home and End, and on a phone the bar shows that it scrolls', async () => {
      const { page, logs } = await open(productPath('fr'), FR_HOST, PHONE);
      const tabs = page.locator('[role="tab"]');
      const last = (await tabs.count()) - 1;
      await tabs.first().focus();
      await page.keyboard.press('End');
      expect(await tabs.nth(last).getAttribute('aria-selected')).toBe('true');
      expect(await tabs.nth(last).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Home');
      expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
      expect(await tabs.first().evaluate((el) => el === document.activeElement)).toBe(true);
      // Every tab has its panel.
      for (const id of await tabs.evaluateAll((els) => els.map((el) => el.getAttribute('aria-controls'))))
        expect(await page.getAttribute(`#${id}`, 'role')).toBe('tabpanel');

      const bar = page.locator('.product-tabs__list');
      expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.isVisible('.product-tabs__hint--end')).toBe(true);
      expect(await page.isVisible('.product-tabs__hint--start')).toBe(false);
      await page.locator('#product-tabs').scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/visitor-tabs-phone.png' });
      await bar.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await page.waitForFunction(() => !!document.querySelector('.product-tabs__hint--end[hidden]'));
      expect(await page.isVisible('.product-tabs__hint--start')).toBe(true);
      expect(logs.problems).toEqual([]);
    });

    it.each([DESKTOP, PHONE])('at %p the zoom dialog shows the whole packshot', async (viewport) => {
      const { page } = await open(productPath('fr'), FR_HOST, viewport);
      await page.click('.gallery__zoom');
      const image = page.locator('dialog.modal--zoom[open] .modal__zoom-image img');
      await image.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('dialog[open] .modal__zoom-image img');
        return !!img?.complete;
      });
      const shown = await image.boundingBox();
      expect(shown).not.toBeNull();
      const { x, y, width, height } = shown as Box;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(viewport.width);
      expect(y + height).toBeLessThanOrEqual(viewport.height);
      expect(width).toBeGreaterThan(Math.min(viewport.width, viewport.height) * 0.6);
      expect(await page.locator('dialog[open]').evaluate((el) => el.scrollHeight - el.clientHeight)).toBe(0);
      await page.screenshot({ path: `/tmp/visitor-zoom-${viewport.width}.png` });
    });

    it('the gallery shows the packshot, the content visual and each active ingredient in order, then the video', async () => {
      const { page, logs } = await open(productPath('fr'), FR_HOST);
      const ingredients = Object.keys(product.caracteristics).filter((k) => /^active_ingredient_\d+$/.test(k)).length;
      const alts: string[] = [];
      for (let i = 0; i < 2 + ingredients; i++) {
        alts.push((await page.getAttribute('.gallery__stage img', 'alt')) ?? '');
        await page.waitForFunction(() => {
          const img = document.querySelector<HTMLImageElement>('.gallery__stage img');
          return !!img?.complete && img.naturalWidth > 0;
        });
        if (i === 1) {
          // A slide's zoom is its own large picture.
          await page.click('.gallery__zoom');
          const zoom = await page.getAttribute('dialog[open] .modal__zoom-image img', 'src');
          expect(zoom).toMatch(/^\/media\/slide\/[^/]+\/content\/[0-9a-f]+\/zoom\.png$/);
          await page.keyboard.press('Escape');
          await page.locator('dialog[open]').waitFor({ state: 'detached' });
        }
        await page.click('.gallery__nav--next');
      }
      expect(alts[0]).toBe(product.texts.fr.name);
      expect(alts[1]).toBe(`Contenu de ${product.texts.fr.name}`);
      expect(alts.slice(2).every((alt) => alt.startsWith('Actif\u00a0: '))).toBe(true);
      // Last comes the video.
      await page.waitForSelector('.gallery__stage .video-blocked');
      expect(await page.isVisible('.gallery__nav--next')).toBe(false);
      expect(logs.problems).toEqual([]);
    });
  });

  it.each(SITES)('on %s at 390 px the pause buttons of the rotating texts are at least 24 px', async (host) => {
    const { page } = await open('/', host, PHONE);
    for (const selector of ['.hero__play', '.rotating-text__toggle']) {
      const { width, height } = await box(page, selector);
      expect({ selector, small: width < 24 || height < 24 }).toEqual({ selector, small: false });
    }
  });

  describe('accessibility: axe-core finds nothing, whatever the impact', () => {
    const pages = (locale: Locale): Array<[string, string, number]> => [
      ['home', '/', 200],
      ['product list', list(locale), 200],
      [
        'filtered product list',
        buildPath('productList', locale, {
          tail: { expertise: digestion?.texts[locale].slug, filters: [{ name: 'brand', value: 'lactibiane' }] },
        }) + '?sort=desc_price',
        200,
      ],
      ['product', productPath(locale), 200],
      ['product FAQ', buildPath('productFaq', locale, { slug: product.texts[locale].slug }), 200],
      ['404', '/une-page-inconnue', 404],
      ['editor login', buildPath('login', locale), 200],
      ['editor logout', buildPath('logout', locale), 200],
      ['QR-code language choice', '/?utm_medium=QRcode', 200],
      ['advice list', buildPath('adviceList', locale), 200],
      ['innovation list', buildPath('innovationList', locale), 200],
      ...EDITORIAL_SAMPLES.map(
        ([name, route, slugs]) =>
          [`editorial page ${name}`, buildPath(route, locale, { slug: slugs[locale as 'fr' | 'de'] }), 200] as [
            string,
            string,
            number,
          ],
      ),
      ['help', buildPath('faq', locale), 200],
      ['search results', buildPath('results', locale, { tail: { text: 'magnesium', filters: [] } }), 200],
      [
        'search results, pages tab',
        buildPath('results', locale, { tail: { text: 'magnesium', filters: [] } }) + '?tab=pages',
        200,
      ],
      ['search without results', buildPath('results', locale, { tail: { text: 'xyzzyqwv', filters: [] } }), 200],
      ['store finder', buildPath('storeFinder', locale), 200],
      ['store finder results', `${buildPath('storeFinder', locale)}?q=1003`, 200],
      ['who can advise', `${buildPath('whoCanGiveYouAdvice', locale)}?q=3011`, 200],
      ['pharmacy page', buildPath('store', locale, { slug: FIRST_STORE }), 200],
      ['needs list', buildPath('needs', locale), 200],
      ['needs list with the selector message', `${buildPath('needs', locale)}?besoin=`, 400],
      ['need', buildPath('need', locale, { slug: locale === 'de' ? 'blahungen' : 'ballonnements' }), 200],
      ['brands list', buildPath('brands', locale), 200],
      ['brand landing', buildPath('brand', locale, { slug: 'noctalyne' }), 200],
      ['brand corner', buildPath('brandCorner', locale, { brand: 'lactibiane' }), 200],
      [
        'brand corner page',
        buildPath('brandCorner', locale, { brand: 'insudiet', slug: locale === 'de' ? 'die-methode' : 'la-methode' }),
        200,
      ],
    ];
    const cases = SITES.flatMap(([host, locale]) =>
      [PHONE, DESKTOP].flatMap((viewport) =>
        pages(locale).map(([name, path]) => [name, host, viewport.width, path, viewport] as const),
      ),
    );

    it.each(cases)('%s on %s at %i px', async (_name, host, _width, path, viewport) => {
      expect(await axeViolations(suite.browser, suite.site.url(host, path), viewport)).toEqual([]);
    });

    /** The session cookies of an editor signed in on each host (one login per host). */
    const sessions = new Map<string, Awaited<ReturnType<typeof suite.context.cookies>>>();
    const editorCookies = async (host: string, locale: Locale) => {
      if (!sessions.has(host)) {
        const context = await suite.browser.newContext();
        try {
          await signIn(context, suite.site, host, buildPath('login', locale), EDITOR);
          sessions.set(host, await context.cookies());
        } finally {
          await context.close();
        }
      }
      return sessions.get(host)!;
    };

    it.each(
      SITES.flatMap(([host, locale]) =>
        [PHONE, DESKTOP].map((viewport) => [host, viewport.width, locale, viewport] as const),
      ),
    )("the editors' preview on %s at %i px", async (host, _width, locale, viewport) => {
      const id = await firstAdviceId(suite.site.port, host);
      const cookies = await editorCookies(host, locale);
      expect(cookies.some((c) => c.httpOnly && c.sameSite === 'Lax')).toBe(true);
      // The audit must see the preview itself, not the login page an anonymous visitor gets.
      const check = await suite.browser.newContext();
      try {
        await check.addCookies(cookies);
        const page = await check.newPage();
        await page.goto(suite.site.url(host, `/preview/${id}`));
        expect(new URL(page.url()).pathname).toBe(`/preview/${id}`);
        expect(await page.locator('.preview-banner').count()).toBe(1);
      } finally {
        await check.close();
      }
      expect(await axeViolations(suite.browser, suite.site.url(host, `/preview/${id}`), viewport, cookies)).toEqual([]);
    });
  });
});
