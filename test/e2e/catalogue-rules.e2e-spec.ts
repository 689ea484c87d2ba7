import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { contentExpertises, contentProducts, pick } from '../support/content';
import { decodeHtml } from '../support/http';

const cards = (html: string) => (html.match(/<article class="product-card /g) ?? []).length;
const metaDescription = (html: string) =>
  decodeHtml(/<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? '');
const length = (text: string) => Array.from(text).length;

/** SPEC §5, §7, §9 rules of the catalogue pages that depend on configuration or on cut texts. */
describe('catalogue rules (e2e)', () => {
  let t: TestApp;
  const listed = contentProducts().filter((p) => p.published && !p.is_free).length;

  beforeAll(async () => {
    t = await startTestApp({ PRODUCT_PER_PAGE: '5' });
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('PRODUCT_PER_PAGE', () => {
    it('sets the products per page of the list and its number of pages, in both languages', async () => {
      const pages = Math.ceil(listed / 5);
      for (const [host, path] of [
        [FR, '/produits'],
        [DE, '/produkte'],
      ]) {
        const first = await request(t.server).get(path).set('Host', host).expect(200);
        expect(cards(first.text)).toBe(5);
        const last = await request(t.server).get(`${path}/-p--${pages}`).set('Host', host).expect(200);
        expect(cards(last.text)).toBe(listed - 5 * (pages - 1));
        await request(t.server)
          .get(`${path}/-p--${pages + 1}`)
          .set('Host', host)
          .expect(404);
      }
    });

    it('links a window of pages (first, last, two either side of the current one), not every page', async () => {
      const pages = Math.ceil(listed / 5);
      expect(pages).toBeGreaterThanOrEqual(10);
      const res = await request(t.server).get('/produits/-p--6').set('Host', FR).expect(200);
      const nav = /<nav class="pagination"[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '';
      const numbers = [...nav.matchAll(/aria-label="[^"]*">(\d+)<\/a>/g)].map((m) => Number(m[1]));
      expect(numbers).toEqual([1, 4, 5, 6, 7, 8, pages]);
      expect(nav.match(/pagination__gap/g)).toHaveLength(2);
      expect(nav).toContain('aria-current="page"');
      const listing = await request(t.server).get('/api/v1/listing?path=/produits/-p--6').set('Host', FR).expect(200);
      expect(listing.body.data.pageCount).toBe(pages);
      expect(listing.body.data.pagination.map((p: { page: number }) => p.page)).toEqual([1, 4, 5, 6, 7, 8, pages]);
    });

    it('is the default perPage of the API and of the listing island', async () => {
      const api = await request(t.server).get('/api/v1/product').set('Host', FR).expect(200);
      expect(api.body.data.items).toHaveLength(5);
      const listing = await request(t.server).get('/api/v1/listing?path=/produits').set('Host', FR).expect(200);
      expect(listing.body.data.products).toHaveLength(5);
      const asked = await request(t.server).get('/api/v1/product?perPage=7').set('Host', FR).expect(200);
      expect(asked.body.data.items).toHaveLength(7);
    });
  });

  describe('cut texts', () => {
    const longest = [...contentExpertises()].sort(
      (a, b) => (b.texts.fr as { text?: string }).text!.length - (a.texts.fr as { text?: string }).text!.length,
    )[0];

    it('shows the category text as an extract of 100 characters, ellipsis included (SPEC §9)', async () => {
      const res = await request(t.server).get(`/produits/${longest.texts.fr.slug}`).set('Host', FR).expect(200);
      const extract = decodeHtml(/<p class="list-banner__text">([^<]*)<\/p>/.exec(res.text)![1]);
      expect(length(extract)).toBe(100);
      expect(extract.endsWith('…')).toBe(true);
    });

    it('cuts the product meta description at 249 characters plus the ellipsis (SPEC §5)', async () => {
      /** The text the description is cut from, as characters (tags out, spaces collapsed). */
      const source = (p: ReturnType<typeof contentProducts>[number]) => {
        const fr = p.texts.fr as Record<string, string | undefined>;
        const text = fr.meta_description || fr.intro_text || fr.description || '';
        return Array.from(
          text
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
        );
      };
      // Longer than 250, and no space at the cut (a cut before a space would drop it: 248 + ellipsis).
      const product = pick((p) => source(p).length > 250 && source(p)[248] !== ' ', 'product with a long description');
      const res = await request(t.server).get(`/produit/${product.texts.fr.slug}`).set('Host', FR).expect(200);
      const description = metaDescription(res.text);
      expect(length(description)).toBe(250);
      expect(description).toBe(`${source(product).slice(0, 249).join('')}…`);
    });
  });
});
