import type { ComponentType } from 'react';
import type { ParagraphType, ParagraphView } from '../../contracts/editorial';
import {
  AdviceBlock,
  AdvicePagesBlock,
  CitationBlock,
  ColorPushBlock,
  FaqBlock,
  HtmlBlock,
  ImagePushBlock,
  OptOutBlock,
  OurSolutionsBlock,
  ProductAssortmentBlock,
  ProductsBlock,
  SliderBlock,
  SmallCardsBlock,
  StepsSliderBlock,
  StoreLocatorBlock,
  TaglineBlock,
  TextAboveImageBlock,
  TextBlock,
  TextImageBlock,
  VideoBlock,
  WhiteCardsBlock,
} from './blocks';

type Renderer<T extends ParagraphType> = ComponentType<{ paragraph: Extract<ParagraphView, { type: T }> }>;

/**
 * THE registry of paragraph types: a new type is its view model in contracts/editorial.ts, its
 * component, and one line here (a missing line fails the type check).
 */
export const RENDERERS: { [T in ParagraphType]: Renderer<T> } = {
  text: TextBlock,
  html: HtmlBlock,
  tagline: TaglineBlock,
  citation: CitationBlock,
  text_image: TextImageBlock,
  image_text: TextImageBlock,
  text_above_image: TextAboveImageBlock,
  image_push: ImagePushBlock,
  color_push: ColorPushBlock,
  color_with_image_push: ColorPushBlock,
  faq: FaqBlock,
  video: VideoBlock,
  slider: SliderBlock,
  horizontal_slider: SliderBlock,
  steps_slider: StepsSliderBlock,
  small_cards_group: SmallCardsBlock,
  white_cards_group: WhiteCardsBlock,
  products: ProductsBlock,
  our_solutions: OurSolutionsBlock,
  product_assortment_group: ProductAssortmentBlock,
  advice: AdviceBlock,
  advice_pages_group: AdvicePagesBlock,
  store_locator: StoreLocatorBlock,
  opt_out_at_internet: OptOutBlock,
};

export function Paragraph({ paragraph }: { paragraph: ParagraphView }) {
  const Renderer = RENDERERS[paragraph.type] as ComponentType<{ paragraph: ParagraphView }>;
  return (
    <section id={paragraph.anchor} className={`paragraph paragraph--${paragraph.type.replace(/_/g, '-')}`}>
      <Renderer paragraph={paragraph} />
    </section>
  );
}

/** The paragraphs of a page, in order, each a section with its anchor (stable across languages). */
export function Paragraphs({ items }: { items: ParagraphView[] }) {
  return (
    <div className="paragraphs">
      {items.map((paragraph) => (
        <Paragraph key={paragraph.key} paragraph={paragraph} />
      ))}
    </div>
  );
}
