import { pick } from '../support/content';
import { browserSuite, DE_HOST, describeInBrowser, DESKTOP, FR_HOST, openPage, PHONE } from './support';

/** SPEC §4 volume discounts, as a visitor sees them while changing the quantity. */
describeInBrowser('quantity and tier prices (browser)', () => {
  const suite = browserSuite({ context: {} });
  const product = pick((p) => p.volume_discounts.length > 1 && !p.is_free, 'product with two volume-discount tiers');

  it.each([
    [FR_HOST, `/produit/${product.texts.fr.slug}`, DESKTOP],
    [DE_HOST, `/produkt/${product.texts.de.slug}`, PHONE],
  ])(
    'on %s (%s), the price shown at every quantity from 1 to 99 is the one of the highlighted line, whose label covers it',
    async (host, path, viewport) => {
      const { page, logs } = await openPage(
        suite.context,
        suite.site.url(host, path),
        viewport,
        (status) => status === 200,
      );
      const box = page.locator('.product-price__quantity input');
      expect(await box.getAttribute('max')).toBe('99');
      const base = (await page.textContent('.product-price__current .price'))?.trim();
      const mismatches: string[] = [];
      for (let quantity = 1; quantity <= 99; quantity++) {
        await box.fill(String(quantity));
        const seen = await page.evaluate(() => ({
          price: document.querySelector('.product-price__current .price')?.textContent?.trim(),
          rows: [...document.querySelectorAll('.tiers tbody tr')].map((row) => ({
            label: row.querySelector('th')?.textContent ?? '',
            price: row.querySelector('td')?.textContent?.trim(),
            active: row.classList.contains('is-active'),
          })),
        }));
        // The lines whose label ("De 2 à 3 produits", "Ab 4 Produkten", "2 Produkte") takes in this quantity.
        const covering = seen.rows.filter((row) => {
          const [from, last] = (row.label.match(/\d+/g) ?? []).map(Number);
          const to = /^\d/.test(row.label) ? from : last;
          return quantity >= from && (to === undefined || quantity <= to);
        });
        const active = seen.rows.filter((row) => row.active);
        const agrees =
          covering.length <= 1 &&
          active.length === covering.length &&
          (covering.length ? covering[0].active && seen.price === covering[0].price : seen.price === base);
        if (!agrees) mismatches.push(`${quantity}: ${seen.price} with ${JSON.stringify(seen.rows)}`);
      }
      expect(mismatches).toEqual([]);
      // The demo's last tier lasts up to the box max: 99 products pay its price, under "from N".
      expect(await page.locator('.tiers tr.is-active th').textContent()).toMatch(/^(À partir de|Ab) \d+/);
      expect(logs.problems).toEqual([]);
    },
  );
});
