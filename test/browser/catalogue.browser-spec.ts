import type { Page } from 'playwright-core';
import { pick } from '../support/content';
import { browserSuite, DE_HOST, describeInBrowser, DESKTOP, FR_HOST, openPage, PHONE } from './support';

describeInBrowser('catalogue (browser)', () => {
  const suite = browserSuite();

  const open = (path: string, host = FR_HOST, viewport = DESKTOP) =>
    openPage(suite.context, suite.site.url(host, path), viewport, (status) => status === 200);

  const count = async (page: Page) => Number(/\d+/.exec((await page.textContent('.listing__count')) ?? '')?.[0]);

  it.each([
    [FR_HOST, '/produits', '-brand--formag'],
    [DE_HOST, '/produkte', '-brand--formag'],
  ])(
    'on %s desktop, a filter click updates the URL and the results without a reload; back restores them',
    async (host, path, segment) => {
      const { page, logs } = await open(path, host);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      const before = await count(page);
      await page.click('a[data-name="brand"][data-value="formag"]');
      await page.waitForURL((url) => url.pathname.endsWith(segment));
      await page.waitForFunction(
        (n) => !document.querySelector('.listing__count')?.textContent?.includes(String(n)),
        before,
      );
      const after = await count(page);
      expect(after).toBeLessThan(before);
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      expect(await page.getAttribute('a[data-name="brand"][data-value="formag"]', 'aria-checked')).toBe('true');
      // A second type narrows further; sorting and paging are in-place too.
      await page.click('a[data-listing="sort"][data-value="desc_price"]');
      await page.waitForURL((url) => url.search.includes('sort=desc_price'));
      await page.goBack();
      await page.waitForURL((url) => !url.search.includes('sort'));
      await page.goBack();
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForFunction(
        (n) => document.querySelector('.listing__count')?.textContent?.includes(String(n)),
        before,
      );
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      expect(logs.problems).toEqual([]);
    },
  );

  it('on a phone, the filter panel applies on confirmation and the button shows the number of active filters', async () => {
    const { page, logs } = await open('/produits', FR_HOST, PHONE);
    await page.click('button[aria-controls="listing-filters"]');
    expect(await page.isVisible('#listing-filters')).toBe(true);
    await page.click('#listing-filters a[data-name="brand"][data-value="formag"]');
    await page.click('.filter-group--brand .link-button');
    await page.click('#listing-filters a[data-name="brand"][data-value="lactibiane"]');
    // Nothing applied yet: same URL, the confirm button counts the draft.
    expect(new URL(page.url()).pathname).toBe('/produits');
    expect(await page.textContent('#listing-filters .panel-actions .badge')).toBe('2');
    await page.screenshot({ path: '/tmp/catalogue-mobile-panel.png' });
    await page.click('#listing-filters .panel-actions .button');
    await page.waitForURL((url) => url.pathname === '/produits/-brand--formag/-brand--lactibiane');
    await page.waitForSelector('button[aria-controls="listing-filters"] .badge');
    expect(await page.textContent('button[aria-controls="listing-filters"] .badge')).toBe('2');
    expect(await page.isVisible('#listing-filters')).toBe(false);
    // The sort panel applies on confirmation too.
    await page.click('button[aria-controls="listing-sort"]');
    await page.click('#listing-sort a[data-value="asc_price"]');
    expect(page.url()).not.toContain('sort=');
    await page.click('#listing-sort .panel-actions .button');
    await page.waitForURL((url) => url.search.includes('sort=asc_price'));
    await page.screenshot({ path: '/tmp/catalogue-list-phone.png', fullPage: true });
    expect(logs.problems).toEqual([]);
  });

  it('product page: tabs switch panels, "find my office" opens the store locator, the label modal and the zoom modal open and close', async () => {
    const product = pick(
      (p) => p.brand === 'lactibiane' && !p.is_free && !p.caracteristics.not_sold_in_store,
      'lactibiane product',
    );
    const { page, logs } = await open(`/produit/${product.texts.fr.slug}`);
    expect(await page.isVisible('#description')).toBe(true);
    expect(await page.isVisible('#usage')).toBe(false);
    await page.click('#tab-usage');
    expect(await page.isVisible('#usage')).toBe(true);
    expect(await page.isVisible('#description')).toBe(false);
    await page.click('a[data-tab-link="store-locator"]');
    await page.waitForFunction(() => !(document.getElementById('store-locator') as HTMLElement).hidden);
    expect(await page.getAttribute('#tab-store-locator', 'aria-selected')).toBe('true');
    // A clickable label opens its modal; Escape closes it.
    await page.click('.label-badge__button');
    await page.waitForSelector('dialog.modal[open] #label-modal-title');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.modal[open]', { state: 'detached' }).catch(() => undefined);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    // Zoom modal with the large packshot.
    await page.click('.gallery__zoom');
    await page.waitForSelector('dialog.modal--zoom[open] .modal__zoom-image img');
    expect(await page.getAttribute('dialog.modal--zoom[open] .modal__zoom-image img', 'width')).toBe('1000');
    await page.click('dialog.modal--zoom[open] .modal__close');
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await page.screenshot({ path: '/tmp/catalogue-product-desktop.png', fullPage: true });
    expect(logs.problems).toEqual([]);
  });

  it('product page: the tabs island owns its panels (server HTML slots) and changes nothing outside its root', async () => {
    const product = pick(
      (p) => p.brand === 'lactibiane' && !p.is_free && !p.caracteristics.not_sold_in_store,
      'lactibiane product',
    );
    const { page, logs } = await open(`/produit/${product.texts.fr.slug}`);
    // Every panel is a section inside the island's root, hydrated without a mismatch.
    const panels = await page.$$eval('[data-island="ProductTabs"] section[data-tab-panel]', (sections) =>
      sections.map((s) => ({ id: s.id, role: s.getAttribute('role'), slot: s.getAttribute('data-slot') })),
    );
    expect(panels.length).toBeGreaterThan(2);
    for (const panel of panels) expect(panel).toEqual({ id: panel.id, role: 'tabpanel', slot: panel.id });
    expect(await page.locator('section[data-tab-panel]').count()).toBe(panels.length);
    // The panels' content is not sent twice: the island's props hold the tab titles, not the texts.
    const props = await page.$eval('[data-island="ProductTabs"] + script', (s) => s.textContent ?? '');
    expect(Object.keys(JSON.parse(props))).toEqual(['tabs', 'label']);
    // Switching tabs, by click, key or a link elsewhere on the page, mutates the island's DOM only.
    await page.evaluate(() => {
      const outside: string[] = [];
      (window as unknown as { outside: string[] }).outside = outside;
      new MutationObserver((records) => {
        for (const r of records)
          if (!(r.target as Element).closest?.('[data-island]'))
            outside.push(`${r.type} ${(r.target as Element).outerHTML?.slice(0, 80)}`);
      }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    });
    await page.click('#tab-usage');
    await page.keyboard.press('End');
    await page.click('a[data-tab-link="store-locator"]');
    await page.waitForFunction(() => !(document.getElementById('store-locator') as HTMLElement).hidden);
    expect(await page.evaluate(() => (window as unknown as { outside: string[] }).outside)).toEqual([]);
    expect(logs.hydration).toEqual([]);
    expect(logs.problems).toEqual([]);
  });

  it('product page: the video shows only after video consent', async () => {
    const product = pick((p) => !!p.caracteristics.embed_push_video, 'product with video');
    const { page } = await open(`/produit/${product.texts.fr.slug}`);
    // The video comes after the pictures (SPEC §3 slides, then the video).
    for (let i = 0; i < 12 && !(await page.isVisible('.gallery__stage .video-blocked')); i++)
      await page.click('.gallery__nav--next');
    await page.waitForSelector('.video-blocked');
    expect(await page.locator('iframe.video-frame').count()).toBe(0);
    await page.click('.video-blocked button');
    await page.waitForSelector('iframe.video-frame');
    expect(await page.getAttribute('iframe.video-frame', 'src')).toContain(
      `youtube-nocookie.com/embed/${product.caracteristics.embed_push_video}`,
    );
  });

  it('product page: the packaging selector goes to the chosen packaging', async () => {
    const product = pick((p) => !!p.packaging_group, 'packaged product');
    const { page } = await open(`/produit/${product.texts.fr.slug}`, FR_HOST, PHONE);
    const options = await page
      .locator('.packaging__select option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    const target = options.find((value) => !value.endsWith(product.texts.fr.slug)) as string;
    await page.selectOption('.packaging__select', target);
    await page.waitForURL((url) => url.pathname === target);
    await page.screenshot({ path: '/tmp/catalogue-product-phone.png', fullPage: true });
  });

  it.each([
    [PHONE, 1],
    [{ width: 700, height: 900 }, 2],
    [{ width: 1366, height: 900 }, 2],
    [{ width: 1500, height: 900 }, 4],
  ])('at %p the pharmacy card sits at position %i of the grid', async (viewport, position) => {
    const { page } = await open('/produits', FR_HOST, viewport);
    // Reading order on screen: by row (top), then by column (left).
    const order = await page.$$eval('.product-grid > li', (items) =>
      items
        .map((li) => ({ pharmacy: li.classList.contains('product-grid__pharmacy'), box: li.getBoundingClientRect() }))
        .sort((a, b) => Math.round(a.box.top) - Math.round(b.box.top) || a.box.left - b.box.left)
        .map((item) => item.pharmacy),
    );
    expect(order.indexOf(true) + 1).toBe(position);
  });
});
