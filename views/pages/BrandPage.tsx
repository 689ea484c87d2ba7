import type { ProductCardView } from '../../contracts/catalogue';
import { BRAND_SECTIONS, type BrandColour } from '../../contracts/brands';
import type { ParagraphView, SafeHtml } from '../../contracts/editorial';
import { CoverPicture } from '../components/CoverPicture';
import { ProductCard } from '../components/ProductCard';
import AnchorTabs from '../islands/AnchorTabs';
import { Island } from '../islands/Island';
import { Paragraphs } from '../paragraphs/Paragraph';
import { useCardLabels } from '../paragraphs/blocks';
import { useT } from '../render-context';
import type { EditorialPageProps } from './EditorialPage';

export interface BrandPageProps {
  page: Pick<EditorialPageProps, 'title' | 'cover' | 'coverMobile' | 'introduction' | 'content'>;
  colour: BrandColour;
  tabs: Array<{ id: string; title: string }>;
  presentation: { title: string; html: SafeHtml } | null;
  paragraphs: ParagraphView[];
  solutions: { title: string; products: ProductCardView[] };
  faqs: { title: string; items: Array<{ question: string; answer: SafeHtml }> } | null;
}

/**
 * Brand landing page (SPEC §2.2): header, anchor tabs (presentation if a description exists,
 * solutions, questions if FAQs exist), introduction, the brand's products, its FAQs.
 */
export function BrandPage(p: BrandPageProps) {
  const t = useT();
  const cardLabels = useCardLabels();
  return (
    <article className={`brand-page brand-theme--${p.colour}`}>
      <header className="brand-header">
        {p.page.cover && (
          <div className="editorial-cover">
            <CoverPicture cover={p.page.cover} mobile={p.page.coverMobile} />
          </div>
        )}
        <div className="container brand-header__text">
          <h1 className="editorial-title">{p.page.title}</h1>
          {p.page.introduction && (
            <div className="editorial-intro rich-text" dangerouslySetInnerHTML={{ __html: p.page.introduction }} />
          )}
        </div>
      </header>
      <Island component={AnchorTabs} props={{ tabs: p.tabs, label: t('brands.landing.tabs_label') }} />
      <div className="container brand-body">
        {p.presentation && (
          <section className="brand-section" id={BRAND_SECTIONS.presentation}>
            <h2>{p.presentation.title}</h2>
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: p.presentation.html }} />
          </section>
        )}
        {p.page.content && (
          <div className="editorial-content rich-text" dangerouslySetInnerHTML={{ __html: p.page.content }} />
        )}
        <Paragraphs items={p.paragraphs} />
        <section className="brand-section" id={BRAND_SECTIONS.solutions}>
          <h2>{p.solutions.title}</h2>
          <ul className="product-grid">
            {p.solutions.products.map((product) => (
              <li key={product.id} className="product-grid__item">
                <ProductCard product={product} labels={cardLabels} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
        {p.faqs && (
          <section className="brand-section brand-faqs" id={BRAND_SECTIONS.questions}>
            <h2>{p.faqs.title}</h2>
            <div className="faq-list">
              {p.faqs.items.map((item, index) => (
                <details key={index} className="faq-item">
                  <summary>{item.question}</summary>
                  <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.answer }} />
                </details>
              ))}
            </div>
          </section>
        )}
      </div>
    </article>
  );
}
