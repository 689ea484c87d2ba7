/**
 * View models of editorial (CMS) content: the paragraphs of a page and the cards that list pages.
 * The cms module builds them from stored pages (content/editorial/FORMAT.md describes the stored
 * form); views/paragraphs renders them through one registry, one component per type. Everything here
 * is resolved for one locale: HTML is already sanitised, pictures are URLs, links are paths.
 */
import type { Picture, ProductCardView } from './catalogue';

/** HTML produced by the server's sanitiser (allow-list), safe to inject as it is. */
export type SafeHtml = string & { readonly __safeHtml?: true };

export interface LinkView {
  label: string;
  href: string;
  /** An https:// address outside the site (opens with rel="noopener"). */
  external: boolean;
}

/** Light, dark, the page's brand colour, or a colour name of the catalogue vocabulary. */
export type ParagraphTheme = string;

/** A card of an article (advice, quality/innovation, news) in lists and paragraphs. */
export interface ArticleCardView {
  id: number;
  type: 'advice' | 'innovation' | 'actualite' | 'cms_page' | 'standard';
  title: string;
  /** Plain text cut to 150 characters (500 for the highlighted one), ellipsis included. */
  excerpt: string;
  href: string;
  cover: Picture;
  expertise: { name: string; class: string } | null;
  need: { label: string } | null;
  /** ISO date of publication. */
  publishedAt: string | null;
  highlighted: boolean;
}

interface ParagraphBase<T extends string> {
  type: T;
  /** The paragraph's key in its page: the same in every language. */
  key: string;
  /** Anchor id made on the server from the key (stable across languages), e.g. "paragraph-p3". */
  anchor: string;
  title: string | null;
}

export interface TextParagraph extends ParagraphBase<'text'> {
  text: SafeHtml;
}
export interface HtmlParagraph extends ParagraphBase<'html'> {
  html: SafeHtml;
}
export interface TaglineParagraph extends ParagraphBase<'tagline'> {
  text: string;
  theme: ParagraphTheme | null;
}
export interface CitationParagraph extends ParagraphBase<'citation'> {
  text: string;
  author: string;
  theme: ParagraphTheme | null;
}
/** text_image: text left, picture right; image_text: picture left, text right. */
export interface TextImageParagraph extends ParagraphBase<'text_image' | 'image_text'> {
  text: SafeHtml;
  image: Picture;
  link: LinkView | null;
}
export interface TextAboveImageParagraph extends ParagraphBase<'text_above_image'> {
  text: SafeHtml;
  image: Picture;
}
export interface ImagePushParagraph extends ParagraphBase<'image_push'> {
  text: SafeHtml | null;
  image: Picture;
  link: LinkView;
}
export interface ColorPushParagraph extends ParagraphBase<'color_push'> {
  text: SafeHtml;
  background: ParagraphTheme;
  link: LinkView | null;
}
export interface ColorWithImagePushParagraph extends ParagraphBase<'color_with_image_push'> {
  text: SafeHtml;
  background: ParagraphTheme;
  image: Picture;
  link: LinkView | null;
}
export interface FaqItemView {
  question: string;
  answer: SafeHtml;
}
/** SPEC §2.2: the first 3 questions, and a link to all of them when there are more and a path. */
export interface FaqParagraph extends ParagraphBase<'faq'> {
  items: FaqItemView[];
  total: number;
  more: LinkView | null;
}
export interface VideoParagraph extends ParagraphBase<'video'> {
  /** The video platform's id (11 characters). */
  videoId: string;
  text: SafeHtml | null;
  /** Served by the site, so the browser contacts the video platform only after consent. */
  thumbnail: Picture;
}
export interface SlideView {
  title: string;
  text: string;
  image: Picture;
  link: LinkView | null;
}
export interface SliderParagraph extends ParagraphBase<'slider' | 'horizontal_slider'> {
  items: SlideView[];
}
export interface StepsSliderParagraph extends ParagraphBase<'steps_slider'> {
  items: Array<{ title: string; text: string }>;
}
export interface SmallCardsGroupParagraph extends ParagraphBase<'small_cards_group'> {
  items: Array<{ title: string; text: string; icon: Picture }>;
}
export interface WhiteCardsGroupParagraph extends ParagraphBase<'white_cards_group'> {
  items: Array<{ title: string; text: string; link: LinkView | null }>;
}
/** At most 4 products (SPEC §9); add-to-cart only when allowed. */
export interface ProductsParagraph extends ParagraphBase<'products'> {
  products: ProductCardView[];
  allowAddToCart: boolean;
}
/** At most 7 products (SPEC §9). */
export interface OurSolutionsParagraph extends ParagraphBase<'our_solutions'> {
  text: SafeHtml | null;
  products: ProductCardView[];
}
export interface ProductAssortmentGroupParagraph extends ParagraphBase<'product_assortment_group'> {
  items: Array<{ title: string; text: string; image: Picture; products: ProductCardView[] }>;
}
export interface AdviceParagraph extends ParagraphBase<'advice'> {
  page: ArticleCardView;
}
export interface AdvicePagesGroupParagraph extends ParagraphBase<'advice_pages_group'> {
  pages: ArticleCardView[];
}
/** A pharmacy search form that submits (GET) to the store finder route. */
export interface StoreLocatorParagraph extends ParagraphBase<'store_locator'> {
  text: SafeHtml | null;
  /** The store finder's path in the page's language. */
  action: string;
  /** A product in context: the finder marks the pharmacies that stock it (its slug travels as `product`). */
  product: { slug: string; name: string } | null;
}
/** The audience-measurement opt-out checkbox (SPEC §4 "Analytics opt-out"). */
export interface OptOutParagraph extends ParagraphBase<'opt_out_at_internet'> {
  text: SafeHtml;
}

export type ParagraphView =
  | TextParagraph
  | HtmlParagraph
  | TaglineParagraph
  | CitationParagraph
  | TextImageParagraph
  | TextAboveImageParagraph
  | ImagePushParagraph
  | ColorPushParagraph
  | ColorWithImagePushParagraph
  | FaqParagraph
  | VideoParagraph
  | SliderParagraph
  | StepsSliderParagraph
  | SmallCardsGroupParagraph
  | WhiteCardsGroupParagraph
  | ProductsParagraph
  | OurSolutionsParagraph
  | ProductAssortmentGroupParagraph
  | AdviceParagraph
  | AdvicePagesGroupParagraph
  | StoreLocatorParagraph
  | OptOutParagraph;

export type ParagraphType = ParagraphView['type'];

/** Every paragraph type of SPEC §2.2 (the raw-HTML default is `html`). */
export const PARAGRAPH_TYPES = [
  'text',
  'html',
  'tagline',
  'citation',
  'text_image',
  'image_text',
  'text_above_image',
  'image_push',
  'color_push',
  'color_with_image_push',
  'faq',
  'video',
  'slider',
  'horizontal_slider',
  'steps_slider',
  'small_cards_group',
  'white_cards_group',
  'products',
  'our_solutions',
  'product_assortment_group',
  'advice',
  'advice_pages_group',
  'store_locator',
  'opt_out_at_internet',
] as const satisfies readonly ParagraphType[];

/** An entry of the table of contents (`paragraphs_display`). */
export interface TocEntryView {
  anchor: string;
  title: string;
}
