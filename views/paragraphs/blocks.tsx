import type { ReactNode } from 'react';
import type {
  AdvicePagesGroupParagraph,
  AdviceParagraph,
  CitationParagraph,
  ColorPushParagraph,
  ColorWithImagePushParagraph,
  FaqParagraph,
  HtmlParagraph,
  ImagePushParagraph,
  LinkView,
  OptOutParagraph,
  OurSolutionsParagraph,
  ProductAssortmentGroupParagraph,
  ProductsParagraph,
  SliderParagraph,
  SmallCardsGroupParagraph,
  StepsSliderParagraph,
  StoreLocatorParagraph,
  TaglineParagraph,
  TextAboveImageParagraph,
  TextImageParagraph,
  TextParagraph,
  VideoParagraph,
  WhiteCardsGroupParagraph,
} from '../../contracts/editorial';
import type { ProductCardView } from '../../contracts/catalogue';
import { ArticleCard } from '../components/ArticleCard';
import { Picture } from '../components/Picture';
import { ProductCard, type ProductCardLabels } from '../components/ProductCard';
import AudienceOptOut from '../islands/AudienceOptOut';
import { Island } from '../islands/Island';
import ParagraphSlider from '../islands/ParagraphSlider';
import type { SliderPreset } from '../islands/paragraph-slider';
import VideoPlayer from '../islands/VideoPlayer';
import { useT } from '../render-context';

/*
 * One component per paragraph type (SPEC §2.2 "Editorial (CMS) page"), each taking its view model
 * from contracts/editorial.ts. The page title is the h1: a paragraph's title is an h2, what it lists
 * h3. HTML fields arrive sanitised (SafeHtml).
 */

const html = (value: string) => ({ __html: value });

function Title({ title, id }: { title: string | null; id?: string }) {
  return title ? (
    <h2 className="paragraph__title" id={id}>
      {title}
    </h2>
  ) : null;
}

export function ContentLink({ link, className = 'button' }: { link: LinkView | null; className?: string }) {
  if (!link) return null;
  return (
    <a
      className={className}
      href={link.href}
      {...(link.external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}
    >
      {link.label}
    </a>
  );
}

export function useCardLabels(): ProductCardLabels {
  const t = useT();
  return {
    new: t('product.labels.new'),
    promoted: t('product.labels.promoted'),
    new_formula: t('product.labels.new_formula'),
    free: t('product.labels.free'),
    see_product: t('product.labels.see_product'),
  };
}

function useSliderLabels() {
  const t = useT();
  return {
    previous: t('cms.paragraphs.previous'),
    next: t('cms.paragraphs.next'),
    slide_n: t('cms.paragraphs.slide_n', { n: '{n}', count: '{count}' }),
    carousel: t('shell.carousel'),
  };
}

/** Server-rendered slides handed to the slider island as slots `s0`, `s1`… */
function Slider({ slides, preset, label }: { slides: ReactNode[]; preset: SliderPreset; label: string }) {
  const labels = useSliderLabels();
  return (
    <Island
      component={ParagraphSlider}
      props={{ count: slides.length, preset, label, labels }}
      slots={Object.fromEntries(slides.map((slide, i) => [`s${i}`, slide]))}
    />
  );
}

export function TextBlock({ paragraph: p }: { paragraph: TextParagraph }) {
  return (
    <>
      <Title title={p.title} />
      <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />
    </>
  );
}

export function HtmlBlock({ paragraph: p }: { paragraph: HtmlParagraph }) {
  return (
    <>
      <Title title={p.title} />
      <div className="rich-text" dangerouslySetInnerHTML={html(p.html)} />
    </>
  );
}

export function TaglineBlock({ paragraph: p }: { paragraph: TaglineParagraph }) {
  return <p className={`tagline theme-${p.theme ?? 'light'}`}>{p.text}</p>;
}

export function CitationBlock({ paragraph: p }: { paragraph: CitationParagraph }) {
  return (
    <figure className={`citation theme-${p.theme ?? 'light'}`}>
      <blockquote>
        <p>{p.text}</p>
      </blockquote>
      <figcaption>{p.author}</figcaption>
    </figure>
  );
}

export function TextImageBlock({ paragraph: p }: { paragraph: TextImageParagraph }) {
  return (
    <div className={`text-image text-image--${p.type === 'image_text' ? 'image-first' : 'text-first'}`}>
      <div className="text-image__text">
        <Title title={p.title} />
        <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />
        <ContentLink link={p.link} className="button button--outline" />
      </div>
      <Picture picture={p.image} className="text-image__picture" />
    </div>
  );
}

export function TextAboveImageBlock({ paragraph: p }: { paragraph: TextAboveImageParagraph }) {
  return (
    <>
      <Title title={p.title} />
      <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />
      <Picture picture={p.image} className="text-above-image__picture" />
    </>
  );
}

export function ImagePushBlock({ paragraph: p }: { paragraph: ImagePushParagraph }) {
  return (
    <div className="image-push">
      <Picture picture={p.image} className="image-push__picture" />
      <div className="image-push__body">
        <Title title={p.title} />
        {p.text && <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />}
        <ContentLink link={p.link} />
      </div>
    </div>
  );
}

export function ColorPushBlock({ paragraph: p }: { paragraph: ColorPushParagraph | ColorWithImagePushParagraph }) {
  return (
    <div
      className={`color-push theme-${p.background}${p.type === 'color_with_image_push' ? ' color-push--image' : ''}`}
    >
      <div className="color-push__body">
        <Title title={p.title} />
        <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />
        <ContentLink link={p.link} className="button button--light" />
      </div>
      {p.type === 'color_with_image_push' && <Picture picture={p.image} className="color-push__picture" />}
    </div>
  );
}

/** SPEC §2.2: the first 3 questions, each folding on its own, and a link to all when there are more. */
export function FaqBlock({ paragraph: p }: { paragraph: FaqParagraph }) {
  const t = useT();
  return (
    <>
      <Title title={p.title} />
      <div className="faq-list">
        {p.items.map((item) => (
          <details key={item.question} className="faq-item">
            <summary>{item.question}</summary>
            <div className="rich-text" dangerouslySetInnerHTML={html(item.answer)} />
          </details>
        ))}
      </div>
      {p.more && (
        <p className="faq-more">
          <a href={p.more.href}>{t('cms.paragraphs.faq_all', { count: p.total })}</a>
        </p>
      )}
    </>
  );
}

export function VideoBlock({ paragraph: p }: { paragraph: VideoParagraph }) {
  const t = useT();
  const title = p.title ?? '';
  return (
    <>
      <Title title={p.title} />
      {p.text && <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />}
      <Island
        component={VideoPlayer}
        props={{
          videoId: p.videoId,
          title,
          labels: {
            blocked: t('cms.paragraphs.video_blocked'),
            accept: t('cms.paragraphs.video_accept'),
            watch: t('cms.paragraphs.video_watch', { title }),
          },
        }}
      />
    </>
  );
}

export function SliderBlock({ paragraph: p }: { paragraph: SliderParagraph }) {
  const t = useT();
  return (
    <>
      <Title title={p.title} />
      <Slider
        preset="essentials"
        label={p.title ?? t('cms.paragraphs.next')}
        slides={p.items.map((item) => (
          <article className={`slide-card slide-card--${p.type}`} key={item.title}>
            <Picture picture={item.image} className="slide-card__picture" />
            <div className="slide-card__body">
              <h3>{item.title}</h3>
              <p>{item.text}</p>
              <ContentLink link={item.link} className="slide-card__link" />
            </div>
          </article>
        ))}
      />
    </>
  );
}

export function StepsSliderBlock({ paragraph: p }: { paragraph: StepsSliderParagraph }) {
  const t = useT();
  return (
    <>
      <Title title={p.title} />
      <Slider
        preset="essentials"
        label={p.title ?? t('cms.paragraphs.step', { n: 1 })}
        slides={p.items.map((item, i) => (
          <article className="step-card" key={item.title}>
            <p className="step-card__number">
              <span className="visually-hidden">{t('cms.paragraphs.step', { n: i + 1 })}</span>
              <span aria-hidden="true">{i + 1}</span>
            </p>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </article>
        ))}
      />
    </>
  );
}

export function SmallCardsBlock({ paragraph: p }: { paragraph: SmallCardsGroupParagraph }) {
  return (
    <>
      <Title title={p.title} />
      <ul className="small-cards">
        {p.items.map((item) => (
          <li key={item.title} className="small-card">
            <Picture picture={item.icon} className="small-card__icon" />
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

export function WhiteCardsBlock({ paragraph: p }: { paragraph: WhiteCardsGroupParagraph }) {
  return (
    <>
      <Title title={p.title} />
      <ul className="white-cards">
        {p.items.map((item) => (
          <li key={item.title} className="white-card">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
            <ContentLink link={item.link} className="white-card__link" />
          </li>
        ))}
      </ul>
    </>
  );
}

function ProductRow({ products, order }: { products: ProductCardView[]; order: boolean }) {
  const labels = useCardLabels();
  const t = useT();
  return (
    <ul className="product-row paragraph-products">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} labels={labels} headingLevel="h3" />
          {order && (
            <p className="paragraph-products__order">
              <a
                className="button button--small"
                href={product.href}
                aria-label={`${t('cms.paragraphs.order')} ${product.name}`}
              >
                {t('cms.paragraphs.order')}
              </a>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** At most 4 products (the mapper cuts); the order button only when the paragraph allows it. */
export function ProductsBlock({ paragraph: p }: { paragraph: ProductsParagraph }) {
  return (
    <>
      <Title title={p.title} />
      <ProductRow products={p.products} order={p.allowAddToCart} />
    </>
  );
}

/** Our solutions: up to 7 products in a slider (SPEC §9 solutions slider). */
export function OurSolutionsBlock({ paragraph: p }: { paragraph: OurSolutionsParagraph }) {
  const labels = useCardLabels();
  const t = useT();
  return (
    <>
      <Title title={p.title} />
      {p.text && <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />}
      <Slider
        preset="solutions"
        label={p.title ?? t('cms.paragraphs.next')}
        slides={p.products.map((product) => (
          <ProductCard key={product.id} product={product} labels={labels} headingLevel="h3" />
        ))}
      />
    </>
  );
}

export function ProductAssortmentBlock({ paragraph: p }: { paragraph: ProductAssortmentGroupParagraph }) {
  return (
    <>
      <Title title={p.title} />
      {p.items.map((item) => (
        <div className="assortment" key={item.title}>
          <div className="assortment__intro">
            <Picture picture={item.image} className="assortment__picture" />
            <div>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </div>
          </div>
          <ProductRow products={item.products} order={false} />
        </div>
      ))}
    </>
  );
}

export function AdviceBlock({ paragraph: p }: { paragraph: AdviceParagraph }) {
  return (
    <>
      <Title title={p.title} />
      <div className="advice-push">
        <ArticleCard card={p.page} headingLevel={3} large />
      </div>
    </>
  );
}

export function AdvicePagesBlock({ paragraph: p }: { paragraph: AdvicePagesGroupParagraph }) {
  return (
    <>
      <Title title={p.title} />
      <ul className="article-cards">
        {p.pages.map((card) => (
          <li key={card.id}>
            <ArticleCard card={card} headingLevel={3} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** A pharmacy search form that submits to the store finder (a plain GET form). */
export function StoreLocatorBlock({ paragraph: p }: { paragraph: StoreLocatorParagraph }) {
  const t = useT();
  const field = `store-locator-${p.key}`;
  return (
    <div className="store-locator">
      <Title title={p.title} />
      {p.text && <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />}
      <form
        className="store-locator__form"
        method="get"
        action={p.action}
        role="search"
        aria-label={p.title ?? undefined}
      >
        {p.product && <input type="hidden" name="product" value={p.product.slug} />}
        <label htmlFor={field}>{t('cms.paragraphs.store_label')}</label>
        <div className="store-locator__field">
          <input id={field} name="q" type="search" autoComplete="postal-code" minLength={2} required />
          <button type="submit" className="button">
            {t('cms.paragraphs.store_submit')}
          </button>
        </div>
      </form>
    </div>
  );
}

export function OptOutBlock({ paragraph: p }: { paragraph: OptOutParagraph }) {
  const t = useT();
  return (
    <>
      <Title title={p.title} />
      <div className="rich-text" dangerouslySetInnerHTML={html(p.text)} />
      <Island
        component={AudienceOptOut}
        props={{
          labels: {
            label: t('cms.paragraphs.optout_label'),
            refused: t('cms.paragraphs.optout_refused'),
            accepted: t('cms.paragraphs.optout_accepted'),
            nojs: t('cms.paragraphs.optout_nojs'),
          },
        }}
      />
    </>
  );
}
