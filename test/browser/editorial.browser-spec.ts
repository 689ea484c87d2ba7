import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserSuite, describeInBrowser, DESKTOP, FR_HOST, openPage, PHONE } from './support';

const ARTICLE = '/conseil/ballonnements-causes-et-bons-gestes';
const SLIDER = '/conseil/rituels-du-soir';
const VIDEO = '/qualite-innovation/etudes-cliniques-sur-nos-souches';
const COOKIES = '/gestion-des-cookies';

/**
 * The classic filter-evasion payloads (OWASP XSS cheat sheet), stored in a page's HTML fields; each
 * would set window.__xss if it ran.
 */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg onload="window.__xss=3"><circle r="1"/></svg>',
  '<a href="javascript:window.__xss=4">a</a>',
  '<a href="JaVaScRiPt:window.__xss=5">b</a>',
  '<a href="&#106;avascript:window.__xss=6">c</a>',
  '<a href=" &#14;javascript:window.__xss=7">d</a>',
  '<iframe src="javascript:window.__xss=8"></iframe>',
  '<div style="background:url(javascript:window.__xss=9)">e</div>',
  '<style>*{background:url("javascript:window.__xss=10")}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=11></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=12>"></p></noscript>',
  '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTM8L3NjcmlwdD4=">f</a>',
  '<<script>script>window.__xss=14<</script>/script>',
  '<object data="javascript:window.__xss=15"></object>',
  '<input autofocus onfocus="window.__xss=16">',
  '<details open ontoggle="window.__xss=17"><summary>g</summary></details>',
  '<p><!--<img src="--><img src=x onerror=window.__xss=18//">--></p>',
  '<form action="javascript:window.__xss=19"><button>h</button></form>',
  '<a href="//evil.example/x">i</a><base href="javascript:window.__xss=20//">',
].join('');

function contentWithPayloads(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-xss-'));
  cpSync(join(process.cwd(), 'content'), dir, { recursive: true });
  const texts = (title: string) => ({
    title,
    slug: 'essai-xss',
    meta_description: 'Page de test',
    introduction: `<p>Intro</p>${PAYLOADS}`,
    content: PAYLOADS,
    excerpt: 'x',
  });
  const page = {
    key: 'xss-test',
    type: 'cms_page',
    texts: { fr: texts('Essai "><script>window.__xss=99</script>'), de: { ...texts('Test'), slug: 'xss-test' } },
    paragraphs: [
      { key: 'p1', type: 'html', texts: { fr: { html: PAYLOADS }, de: { html: PAYLOADS } } },
      { key: 'p2', type: 'text', texts: { fr: { title: 'T', text: PAYLOADS }, de: { title: 'T', text: PAYLOADS } } },
      {
        key: 'p3',
        type: 'faq',
        texts: {
          fr: { items: [{ question: '<b>q</b>', answer: PAYLOADS }] },
          de: { items: [{ question: 'q', answer: PAYLOADS }] },
        },
      },
    ],
  };
  writeFileSync(join(dir, 'editorial/pages/cms_page/xss-test.json'), JSON.stringify(page));
  return dir;
}

describeInBrowser('editorial pages (browser)', () => {
  let content: string;
  const suite = browserSuite({
    env: () => {
      content = contentWithPayloads();
      return { CONTENT_DIR: content };
    },
    cleanup: () => {
      rmSync(content, { recursive: true, force: true });
    },
    // First visits: the video and audience tests start with nothing chosen.
    consent: null,
  });

  const open = (path: string, viewport = DESKTOP) => openPage(suite.context, suite.site.url(FR_HOST, path), viewport);

  it('runs none of the stored XSS payloads, and keeps no handler, script, javascript: URL or frame from them', async () => {
    const { page, logs } = await open('/essai-xss');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    for (const summary of await page.locator('.paragraph summary').all()) await summary.click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const found = await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      const all = [...main.querySelectorAll('*')];
      return {
        handlers: all.filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
        scripts: main.querySelectorAll('script:not([type="application/json"])').length,
        frames: main.querySelectorAll('iframe, object, embed, base, form[action^="javascript"]').length,
        styles: main.querySelectorAll('style, [style]').length,
        badLinks: [...main.querySelectorAll('a[href]')]
          .map((a) => a.getAttribute('href') ?? '')
          .filter((h) => /^\s*(javascript|data|vbscript):/i.test(h) || h.startsWith('//')),
      };
    });
    expect(found).toEqual({ handlers: 0, scripts: 0, frames: 0, styles: 0, badLinks: [] });
    expect(await page.title()).toContain('Essai "><script>');
    expect(logs.hydration).toEqual([]);
  });

  it('table of contents: scrolls to a paragraph in 500 ms, stays in view, marks the paragraph being read; hidden on phones', async () => {
    const { page, logs } = await open(ARTICLE);
    const toc = page.locator('.toc');
    await expect(toc.isVisible()).resolves.toBe(true);
    const links = page.locator('.toc__link');
    const count = await links.count();
    expect(count).toBeGreaterThan(2);
    const last = links.nth(count - 1);
    const anchor = (await last.getAttribute('href'))!.slice(1);
    // The link in view first (the click would scroll to it), then every scroll position with its time.
    await last.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.evaluate(() => {
      const samples: Array<[number, number]> = [[performance.now(), window.scrollY]];
      (window as unknown as { __scroll: typeof samples }).__scroll = samples;
      window.addEventListener('scroll', () => samples.push([performance.now(), window.scrollY]), { passive: true });
    });
    await last.click();
    await page.waitForFunction((id) => location.hash === `#${id}`, anchor);
    const samples = await page.evaluate(() => (window as unknown as { __scroll: Array<[number, number]> }).__scroll);
    const from = samples[0][1];
    const to = samples[samples.length - 1][1];
    expect(to - from).toBeGreaterThan(1000);
    const moving = samples.filter(([, y]) => y !== from);
    const arrived = moving.findIndex(([, y]) => y === to);
    // SPEC §9: 500 ms from the first move to the arrival (a frame or so either way on a busy machine)…
    const duration = moving[arrived][0] - moving[0][0];
    expect(duration).toBeGreaterThan(400);
    expect(duration).toBeLessThan(700);
    // …and linear: the positions on the way lie on one straight line of time, whose slope covers the
    // distance in 500 ms (the CSS eases are 12–21 % off their best line: ease-in-out 12, ease-out 14,
    // ease 21; a scroll event dispatched a frame or two late on a busy machine puts a sample 3–7 %
    // off it, hence 10 %).
    const way = moving.slice(0, arrived);
    expect(way.length).toBeGreaterThan(5);
    const n = way.length;
    const mt = way.reduce((a, [t]) => a + t, 0) / n;
    const my = way.reduce((a, [, y]) => a + y, 0) / n;
    const slope = way.reduce((a, [t, y]) => a + (t - mt) * (y - my), 0) / way.reduce((a, [t]) => a + (t - mt) ** 2, 0);
    const worst = Math.max(...way.map(([t, y]) => Math.abs(my + slope * (t - mt) - y)));
    expect(worst / (to - from)).toBeLessThan(0.1);
    expect((slope * 500) / (to - from)).toBeGreaterThan(0.85);
    expect((slope * 500) / (to - from)).toBeLessThan(1.15);
    const top = await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, anchor);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
    await expect(last.getAttribute('aria-current')).resolves.toBe('location');
    expect(await toc.evaluate((e) => e.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(page.url()).toContain(`#${anchor}`);
    expect(logs.problems).toEqual([]);
    const phone = await open(ARTICLE, PHONE);
    await expect(phone.page.locator('.toc').isVisible()).resolves.toBe(false);
  });

  it('FAQ push: 3 questions of 4, a link to all; folds open and close independently', async () => {
    const { page } = await open('/conseil/menopause-ce-qui-change');
    const items = page.locator('.paragraph--faq details');
    expect(await items.count()).toBe(3);
    await expect(page.locator('.faq-more a').getAttribute('href')).resolves.toBe('/aide-en-ligne');
    await items.nth(0).locator('summary').click();
    await items.nth(1).locator('summary').click();
    expect(await items.evaluateAll((all) => all.slice(0, 2).map((d) => (d as HTMLDetailsElement).open))).toEqual([
      true,
      true,
    ]);
    await items.nth(0).locator('summary').click();
    expect(await items.evaluateAll((all) => all.slice(0, 2).map((d) => (d as HTMLDetailsElement).open))).toEqual([
      false,
      true,
    ]);
  });

  it('sliders: Swiper takes the row once hydrated, previous hidden at the start, next moves on', async () => {
    const { page, logs } = await open(SLIDER);
    const slider = page.locator('.paragraph-slider').first();
    await slider.scrollIntoViewIfNeeded();
    await page.waitForSelector(
      '.paragraph-slider .swiper-initialized, .paragraph-slider.swiper-initialized, .swiper.swiper-initialized',
    );
    const prev = slider.getByRole('button', { name: 'Précédent' });
    const next = slider.getByRole('button', { name: 'Suivant' });
    await expect(prev.isVisible()).resolves.toBe(false);
    await next.click();
    await page.waitForTimeout(400);
    await expect(prev.isVisible()).resolves.toBe(true);
    expect(logs.problems).toEqual([]);
    expect(logs.hydration).toEqual([]);
  });

  it('video: nothing from the platform before consent; accepting shows the player and is remembered', async () => {
    const requests: string[] = [];
    suite.context.on('request', (r) => requests.push(r.url()));
    const { page } = await open(VIDEO);
    const player = page.locator('.video-player').first();
    await player.scrollIntoViewIfNeeded();
    await expect(player.locator('.video-blocked').isVisible()).resolves.toBe(true);
    expect(requests.filter((u) => /youtube|ytimg/.test(u))).toEqual([]);
    await player.getByRole('button').click();
    await expect(page.locator('iframe.video-frame').getAttribute('src')).resolves.toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    const again = await open(VIDEO);
    await expect(again.page.locator('iframe.video-frame').count()).resolves.toBe(1);
  });

  it('on a phone the pages with tables (cookies, data protection) are no wider than the screen', async () => {
    for (const path of [COOKIES, '/donnees-personnelles']) {
      const { page } = await open(path, PHONE);
      expect(await page.locator('main table').count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    }
  });

  it('audience opt-out: the consent manager statistics category, refused until chosen; kept 12 months, one event when allowed', async () => {
    const { page } = await open(COOKIES);
    const box = page.getByRole('checkbox');
    await expect(box.isEnabled()).resolves.toBe(true);
    // Nothing chosen yet: statistics are not allowed, so the opt-out box is checked.
    await expect(box.isChecked()).resolves.toBe(true);
    await page.evaluate(() => ((window as unknown as { dataLayer: unknown[] }).dataLayer = []));
    await box.uncheck();
    await page.waitForTimeout(400);
    let cookie = (await suite.context.cookies()).find((c) => c.name === 'privacy');
    expect(cookie?.value).toBe('optin,novideo');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toEqual([
      { event: 'optout', value: false },
    ]);
    // The banner followed the same choice: it is gone.
    await expect(page.locator('[data-consent-banner]').count()).resolves.toBe(0);
    await box.check();
    await page.waitForTimeout(400);
    cookie = (await suite.context.cookies()).find((c) => c.name === 'privacy');
    expect(cookie?.value).toBe('optout,novideo');
    // Refused: that toggle's event is dropped.
    expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toHaveLength(1);
    const again = await open(COOKIES);
    await expect(again.page.getByRole('checkbox').isChecked()).resolves.toBe(true);
  });

  it('without JavaScript: the TOC links go to their paragraphs, a scrollable slider with every slide, the video linked on the platform', async () => {
    const desktop = await suite.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      const page = await desktop.newPage();
      await page.goto(suite.site.url(FR_HOST, ARTICLE));
      const links = page.locator('.toc__link');
      expect(await links.count()).toBeGreaterThan(2);
      await expect(page.locator('.toc').isVisible()).resolves.toBe(true);
      const targets = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
      for (const href of targets) expect(await page.locator(`${href}.paragraph`).count()).toBe(1);
      const last = targets[targets.length - 1];
      await links.last().click();
      await page.waitForURL((url) => url.hash === last);
      const top = await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, last.slice(1));
      expect(Math.abs(top)).toBeLessThan(150);
    } finally {
      await desktop.close();
    }
    const nojs = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await nojs.newPage();
      await page.goto(suite.site.url(FR_HOST, SLIDER));
      const slides = page.locator('.paragraph-slider__slide');
      expect(await slides.count()).toBeGreaterThan(2);
      const track = page.locator('.paragraph-slider__track').first();
      expect(await track.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
      await page.goto(suite.site.url(FR_HOST, VIDEO));
      await expect(page.locator('.video-blocked a').getAttribute('href')).resolves.toMatch(
        /^https:\/\/www\.youtube\.com\/watch\?v=/,
      );
    } finally {
      await nojs.close();
    }
  });
});
