import { Logger } from '@nestjs/common';
import type { Picture, ProductCardView } from '../../../contracts/catalogue';
import type { ArticleCardView, LinkView, ParagraphType, ParagraphView } from '../../../contracts/editorial';
import { buildPath, matchRoute, type Locale } from '../../../contracts/route-table';
import type { DrawnPicture } from '../../database/schema';
import { PARAGRAPH_SCHEMAS, type StoredParagraphType } from '../../database/editorial-schema';
import { sanitize } from '../../common/security/sanitize';
import {
  FAQ_PUSH,
  linkView,
  OUR_SOLUTIONS_MAX,
  paragraphAnchor,
  PRODUCTS_MAX,
  resolveShopLinks,
} from './editorial.rules';

/** A stored paragraph with this locale's texts (cms.repository `pageDetail`). */
export interface ParagraphRow {
  id: number;
  key: string;
  type: string;
  data: Record<string, unknown>;
  texts: Record<string, unknown> | null;
}

export type PictureSize = 'paragraph' | 'slide' | 'icon';

/** What mapping needs besides the rows: resolved references, pictures, links. */
export interface ParagraphContext {
  locale: Locale;
  picture: (subject: DrawnPicture, size: PictureSize, alt: string) => Picture;
  /** Product cards by reference (published, priced on this site); unknown references are skipped. */
  products: Map<string, ProductCardView>;
  /** Article cards by page key (published pages only). */
  articles: Map<string, ArticleCardView>;
  /** The page's cover: the video thumbnail's motif, and the palette of the small cards' icons. */
  cover: DrawnPicture;
  /** The ordering area of the site's country (`shop_url` setting), for `/~shop/` links. */
  shopUrl: string | null;
}

type Fields = Record<string, unknown>;
const str = (f: Fields, k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
const opt = (f: Fields, k: string): string | null =>
  typeof f[k] === 'string' && f[k] !== '' ? (f[k] as string) : null;
const list = (f: Fields, k: string): Fields[] => (Array.isArray(f[k]) ? (f[k] as Fields[]) : []);
const link = (f: Fields): LinkView | null => linkView(opt(f, 'link_label'), opt(f, 'link_url'));

/** Product and page references a set of paragraphs names, to load them in one go. */
export function paragraphReferences(rows: ParagraphRow[]): { products: string[]; pages: string[] } {
  const products = new Set<string>();
  const pages = new Set<string>();
  for (const row of rows) {
    const d = row.data;
    if (Array.isArray(d.products)) for (const r of d.products) products.add(String(r));
    if (row.type === 'store_locator' && typeof d.product === 'string') products.add(d.product);
    if (row.type === 'product_assortment_group')
      for (const item of list(d, 'items')) for (const r of (item.products as string[]) ?? []) products.add(String(r));
    if (row.type === 'advice' && typeof d.page === 'string') pages.add(d.page);
    if (row.type === 'advice_pages_group' && Array.isArray(d.pages)) for (const k of d.pages) pages.add(String(k));
  }
  return { products: [...products], pages: [...pages] };
}

/**
 * The stored types (a schema each, src/database/editorial-schema.ts) and the view types (a component
 * each, views/paragraphs/Paragraph.tsx) are one set: a type added on one side only fails the type check
 * here.
 */
type OnOneSideOnly = Exclude<StoredParagraphType, ParagraphType> | Exclude<ParagraphType, StoredParagraphType>;
export const PARAGRAPH_TYPES_AGREE: [OnOneSideOnly] extends [never] ? true : OnOneSideOnly = true;

const logger = new Logger('Paragraphs');

function isStoredType(type: string): type is StoredParagraphType {
  return Object.prototype.hasOwnProperty.call(PARAGRAPH_SCHEMAS, type);
}

/**
 * Stored paragraphs to the view models of contracts/editorial.ts, for one locale, applying the
 * rules of SPEC §2.2/§9 (products at most 4, our solutions at most 7, FAQ push 3 and a link to all).
 * A paragraph without texts in this locale, or whose references all vanished (unpublished products or
 * pages), is left out rather than shown empty. A type with no schema cannot be stored (the loader
 * refuses it); a row written around the loader is logged as an error and left out.
 */
export function mapParagraphs(rows: ParagraphRow[], ctx: ParagraphContext): ParagraphView[] {
  return rows.flatMap((row) => {
    if (isStoredType(row.type)) {
      const view = mapParagraph({ ...row, type: row.type }, ctx);
      return view ? [view] : [];
    }
    logger.error(`paragraph ${row.key} (id ${row.id}) has the unknown type "${row.type}": left out`);
    return [];
  });
}

/** One case per stored type: a type without its case fails the type check (the `never` below). */
function mapParagraph(row: ParagraphRow & { type: StoredParagraphType }, ctx: ParagraphContext): ParagraphView | null {
  if (!row.texts) return null;
  /** HTML again through the allow-list: stored sanitised, rendered sanitised (defence in depth). */
  const html = (f: Fields, k: string): string => resolveShopLinks(sanitize(str(f, k)), ctx.shopUrl);
  const optHtml = (f: Fields, k: string): string | null => (opt(f, k) ? html(f, k) : null);
  const t = row.texts;
  const d = row.data;
  const base = { key: row.key, anchor: paragraphAnchor(row.key), title: opt(t, 'title') };
  const picture = (subject: unknown, size: PictureSize, alt: string) => ctx.picture(subject as DrawnPicture, size, alt);
  const theme = opt(d, 'theme');
  const cards = (refs: unknown, max: number) =>
    (Array.isArray(refs) ? refs : [])
      .map((r) => ctx.products.get(String(r)))
      .filter((c): c is ProductCardView => !!c)
      .slice(0, max);
  switch (row.type) {
    case 'text':
      return { ...base, type: 'text', text: html(t, 'text') };
    case 'html':
      return { ...base, type: 'html', html: html(t, 'html') };
    case 'tagline':
      return { ...base, type: 'tagline', text: str(t, 'text'), theme };
    case 'citation':
      return { ...base, type: 'citation', text: str(t, 'text'), author: str(t, 'author'), theme };
    case 'text_image':
    case 'image_text':
      return {
        ...base,
        type: row.type,
        text: html(t, 'text'),
        image: picture(d.image, 'paragraph', ''),
        link: link(t),
      };
    case 'text_above_image':
      return { ...base, type: 'text_above_image', text: html(t, 'text'), image: picture(d.image, 'paragraph', '') };
    case 'image_push': {
      const target = link(t);
      if (!target) return null;
      return {
        ...base,
        type: 'image_push',
        text: optHtml(t, 'text'),
        image: picture(d.image, 'paragraph', ''),
        link: target,
      };
    }
    case 'color_push':
      return { ...base, type: 'color_push', text: html(t, 'text'), background: str(d, 'background'), link: link(t) };
    case 'color_with_image_push':
      return {
        ...base,
        type: 'color_with_image_push',
        text: html(t, 'text'),
        background: str(d, 'background'),
        image: picture(d.image, 'paragraph', ''),
        link: link(t),
      };
    case 'faq': {
      const items = list(t, 'items').map((i) => ({ question: str(i, 'question'), answer: html(i, 'answer') }));
      if (!items.length) return null;
      // SPEC §2.2: the first 3, and a link to all when there are more and a path.
      const more = items.length > FAQ_PUSH ? link(t) : null;
      return { ...base, type: 'faq', items: items.slice(0, FAQ_PUSH), total: items.length, more };
    }
    case 'video': {
      const videoId = str(d, 'embed');
      if (!/^[A-Za-z0-9_-]{11}$/.test(videoId)) return null;
      return {
        ...base,
        type: 'video',
        videoId,
        text: optHtml(t, 'text'),
        thumbnail: picture(ctx.cover, 'paragraph', ''),
      };
    }
    case 'slider':
    case 'horizontal_slider': {
      const shared = list(d, 'items');
      const items = list(t, 'items').map((item, i) => ({
        title: str(item, 'title'),
        text: str(item, 'text'),
        image: picture(shared[i]?.image, 'slide', ''),
        link: link(item),
      }));
      return items.length ? { ...base, type: row.type, items } : null;
    }
    case 'steps_slider': {
      const items = list(t, 'items').map((item) => ({ title: str(item, 'title'), text: str(item, 'text') }));
      return items.length ? { ...base, type: 'steps_slider', items } : null;
    }
    case 'small_cards_group': {
      const shared = list(d, 'items');
      const items = list(t, 'items').map((item, i) => ({
        title: str(item, 'title'),
        text: str(item, 'text'),
        icon: picture({ motif: String(shared[i]?.icon ?? ctx.cover.motif), palette: ctx.cover.palette }, 'icon', ''),
      }));
      return items.length ? { ...base, type: 'small_cards_group', items } : null;
    }
    case 'white_cards_group': {
      const items = list(t, 'items').map((item) => ({
        title: str(item, 'title'),
        text: str(item, 'text'),
        link: link(item),
      }));
      return items.length ? { ...base, type: 'white_cards_group', items } : null;
    }
    case 'products': {
      const products = cards(d.products, PRODUCTS_MAX);
      return products.length
        ? { ...base, type: 'products', products, allowAddToCart: d.allow_add_to_cart === true }
        : null;
    }
    case 'our_solutions': {
      const products = cards(d.products, OUR_SOLUTIONS_MAX);
      return products.length ? { ...base, type: 'our_solutions', text: optHtml(t, 'text'), products } : null;
    }
    case 'product_assortment_group': {
      const shared = list(d, 'items');
      const items = list(t, 'items')
        .map((item, i) => ({
          title: str(item, 'title'),
          text: str(item, 'text'),
          image: picture(shared[i]?.image, 'paragraph', ''),
          products: cards(shared[i]?.products, PRODUCTS_MAX),
        }))
        .filter((item) => item.products.length);
      return items.length ? { ...base, type: 'product_assortment_group', items } : null;
    }
    case 'advice': {
      const page = ctx.articles.get(String(d.page));
      return page ? { ...base, type: 'advice', page } : null;
    }
    case 'advice_pages_group': {
      const pages = (Array.isArray(d.pages) ? d.pages : [])
        .map((k) => ctx.articles.get(String(k)))
        .filter((c): c is ArticleCardView => !!c);
      return pages.length ? { ...base, type: 'advice_pages_group', pages } : null;
    }
    case 'store_locator': {
      // The product in context, when it is published on this site (else the plain finder).
      const card = typeof d.product === 'string' ? ctx.products.get(d.product) : undefined;
      const slug = card ? matchRoute('product', ctx.locale, card.href)?.slug : undefined;
      return {
        ...base,
        type: 'store_locator',
        text: optHtml(t, 'text'),
        action: buildPath('storeFinder', ctx.locale),
        product: card && typeof slug === 'string' ? { slug, name: card.name } : null,
      };
    }
    case 'opt_out_at_internet':
      return { ...base, type: 'opt_out_at_internet', text: html(t, 'text') };
    default: {
      const unmapped: never = row.type;
      throw new Error(`no mapping for the paragraph type "${String(unmapped)}"`);
    }
  }
}
