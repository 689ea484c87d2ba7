import type { Picture, ProductCardView } from '../../../contracts/catalogue';
import { Logger } from '@nestjs/common';
import { PARAGRAPH_TYPES, type ArticleCardView } from '../../../contracts/editorial';
import { STORED_PARAGRAPH_TYPES } from '../../database/editorial-schema';
import { mapParagraphs, paragraphReferences, type ParagraphContext, type ParagraphRow } from './paragraphs.mapper';

const picture = (subject: { motif: string; palette: string }, size: string): Picture => ({
  webp: `/media/editorial/${subject.motif}/${subject.palette}/v/${size}.webp`,
  fallback: `/media/editorial/${subject.motif}/${subject.palette}/v/${size}.png`,
  width: 1,
  height: 1,
  alt: '',
});
const card = (reference: string, id: number) => ({ id, reference, name: reference }) as unknown as ProductCardView;
const article = (key: string) =>
  ({ id: key.length, title: key, href: `/conseil/${key}` }) as unknown as ArticleCardView;
const refs = Array.from({ length: 9 }, (_, i) => `REF-00${i + 1}`);
const context: ParagraphContext = {
  locale: 'fr',
  picture,
  products: new Map(refs.map((r, i) => [r, card(r, i + 1)])),
  articles: new Map([['advice-a', article('advice-a')]]),
  cover: { motif: 'leaves', palette: 'green' },
  shopUrl: 'https://shop.example.ch/fr',
};
let id = 0;
const row = (type: string, data: Record<string, unknown>, texts: Record<string, unknown> | null): ParagraphRow => ({
  id: ++id,
  key: `p${id}`,
  type,
  data,
  texts,
});

describe('paragraphs mapper (SPEC §2.2, §9)', () => {
  it('shows at most 4 products and 7 solutions, skipping references that are not on sale here', () => {
    const [products, solutions] = mapParagraphs(
      [
        row('products', { products: ['NOPE', ...refs], allow_add_to_cart: true }, { title: 'P' }),
        row('our_solutions', { products: refs }, { title: 'S', text: '<p>x</p>' }),
      ],
      context,
    );
    expect(products).toMatchObject({ type: 'products', allowAddToCart: true });
    expect((products as { products: ProductCardView[] }).products.map((p) => p.reference)).toEqual(refs.slice(0, 4));
    expect((solutions as { products: ProductCardView[] }).products).toHaveLength(7);
    expect(mapParagraphs([row('products', { products: ['NOPE'] }, {})], context)).toEqual([]);
  });

  it('FAQ push: the first 3 questions, the link to all only with more than 3 and a path', () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ question: `Q${i}`, answer: `<p>A${i}</p>` }));
    const [more] = mapParagraphs(
      [row('faq', {}, { title: 'FAQ', items, link_label: 'Toutes', link_url: '/produit/x/questions-reponses' })],
      context,
    );
    expect(more).toMatchObject({ total: 5, more: { href: '/produit/x/questions-reponses', external: false } });
    expect((more as { items: unknown[] }).items).toHaveLength(3);
    const [three] = mapParagraphs(
      [row('faq', {}, { items: items.slice(0, 3), link_label: 'x', link_url: '/a' })],
      context,
    );
    expect(three).toMatchObject({ total: 3, more: null });
    const [noPath] = mapParagraphs([row('faq', {}, { items })], context);
    expect(noPath).toMatchObject({ more: null });
  });

  it('sanitises HTML again when rendering and drops unsafe links', () => {
    const [text, push] = mapParagraphs(
      [
        row(
          'text',
          {},
          { text: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>' },
        ),
        row(
          'color_push',
          { background: 'teal' },
          { title: 'T', text: '<p>t</p>', link_label: 'Go', link_url: 'javascript:alert(1)' },
        ),
      ],
      context,
    );
    expect((text as { text: string }).text).not.toMatch(/script|onclick|javascript/);
    expect(push).toMatchObject({ link: null });
    const [external] = mapParagraphs(
      [
        row(
          'text_image',
          { image: { motif: 'sun', palette: 'teal' } },
          { text: '<p>x</p>', link_label: 'L', link_url: 'https://example.org/a' },
        ),
      ],
      context,
    );
    expect(external).toMatchObject({ link: { href: 'https://example.org/a', external: true } });
  });

  it("points /~shop/ links at the ordering area of the visitor's country, or drops the link without one", () => {
    const text = '<p><a href="/~shop/panier">Panier</a> et <a href="/conseils">conseils</a></p>';
    const [linked] = mapParagraphs([row('text', {}, { text })], context);
    expect((linked as { text: string }).text).toBe(
      '<p><a href="https://shop.example.ch/fr/panier" rel="noopener noreferrer" target="_blank">Panier</a> et <a href="/conseils">conseils</a></p>',
    );
    const [plain] = mapParagraphs([row('text', {}, { text })], { ...context, shopUrl: null });
    expect((plain as { text: string }).text).toBe('<p>Panier et <a href="/conseils">conseils</a></p>');
  });

  it('anchors come from the key (the same in every language); a paragraph without texts in the locale is left out', () => {
    const [p] = mapParagraphs([row('tagline', {}, { text: 'Hello' }), row('tagline', {}, null)], context);
    expect(p).toMatchObject({ anchor: `paragraph-${p.key}` });
    expect(mapParagraphs([row('tagline', {}, null)], context)).toEqual([]);
  });

  it('a video needs an 11-character id; its thumbnail is drawn by the site from the page cover', () => {
    expect(mapParagraphs([row('video', { embed: 'bad' }, { title: 'V' })], context)).toEqual([]);
    const [video] = mapParagraphs([row('video', { embed: 'dQw4w9WgXcQ' }, { title: 'V' })], context);
    expect(video).toMatchObject({
      videoId: 'dQw4w9WgXcQ',
      thumbnail: { fallback: '/media/editorial/leaves/green/v/paragraph.png' },
    });
  });

  it('advice paragraphs show published pages only; store locator submits to the finder of the language', () => {
    expect(mapParagraphs([row('advice', { page: 'advice-gone' }, {})], context)).toEqual([]);
    const [group, locator] = mapParagraphs(
      [
        row('advice_pages_group', { pages: ['advice-gone', 'advice-a'] }, {}),
        row('store_locator', {}, { title: 'Find' }),
      ],
      { ...context, locale: 'de' },
    );
    expect((group as { pages: ArticleCardView[] }).pages.map((p) => p.href)).toEqual(['/conseil/advice-a']);
    expect(locator).toMatchObject({ action: '/eine-apotheke-finden', product: null });
  });

  it('maps every stored type; a row of a type without a schema is logged as an error and left out', () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      expect(mapParagraphs([row('carousel_3d', {}, { html: '<p>x</p>' })], context)).toEqual([]);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('unknown type "carousel_3d"'));
    } finally {
      error.mockRestore();
    }
    expect([...STORED_PARAGRAPH_TYPES].sort()).toEqual([...PARAGRAPH_TYPES].sort());
  });

  it('collects the product and page references of a page, to load them in one go', () => {
    expect(
      paragraphReferences([
        row('products', { products: ['A'] }, {}),
        row('product_assortment_group', { items: [{ products: ['B', 'A'] }] }, {}),
        row('advice', { page: 'x' }, {}),
        row('advice_pages_group', { pages: ['y', 'x'] }, {}),
        row('store_locator', { product: 'C' }, {}),
      ]),
    ).toEqual({ products: ['A', 'B', 'C'], pages: ['x', 'y'] });
  });

  it('store locator: the product in context by its slug in the page language, none when it is not on sale here', () => {
    const products = new Map([['INS-001', { ...card('INS-001', 1), name: 'Insudiet', href: '/produkt/insudiet-x' }]]);
    const [withProduct, gone] = mapParagraphs(
      [
        row('store_locator', { product: 'INS-001' }, { title: 'Find' }),
        row('store_locator', { product: 'NOPE' }, { title: 'F' }),
      ],
      { ...context, locale: 'de', products },
    );
    expect(withProduct).toMatchObject({
      action: '/eine-apotheke-finden',
      product: { slug: 'insudiet-x', name: 'Insudiet' },
    });
    expect(gone).toMatchObject({ product: null });
  });
});
