import type { ProductCardView } from '../../contracts/catalogue';
import type { ArticleCardView, ParagraphView, SafeHtml, StoreLocatorParagraph } from '../../contracts/editorial';
import { NEED_SECTIONS, type SectionTabView } from '../../contracts/needs';
import { ArticleCard } from '../components/ArticleCard';
import { CoverPicture } from '../components/CoverPicture';
import { ProductCard } from '../components/ProductCard';
import AnchorTabs from '../islands/AnchorTabs';
import { Island } from '../islands/Island';
import NeedSelector, { type NeedSelectorProps } from '../islands/NeedSelector';
import { Paragraphs } from '../paragraphs/Paragraph';
import { StoreLocatorBlock, useCardLabels } from '../paragraphs/blocks';
import { useT } from '../render-context';
import type { EditorialPageProps } from './EditorialPage';

export interface NeedPageProps {
  page: Pick<EditorialPageProps, 'title' | 'cover' | 'coverMobile' | 'introduction' | 'content' | 'link'>;
  /** The parent need, shown above the title. */
  parent: { label: string; href: string } | null;
  tabs: SectionTabView[];
  ingredient: SafeHtml | null;
  /** The page's paragraphs, but its solutions and store locator, which have their own sections. */
  paragraphs: ParagraphView[];
  solutions: { title: string; text: SafeHtml | null; products: ProductCardView[] };
  storeLocator: StoreLocatorParagraph;
  selector: NeedSelectorProps;
  advices: ArticleCardView[];
}

/**
 * Need detail (SPEC §2.2): anchor tabs (need title, key notions or ingredients, our solutions, advice
 * in store, our advices: each only with content), cover, introduction, ingredients, the need's
 * products as the product list's cards, the store locator, the need selector and the advice articles.
 */
export function NeedPage(p: NeedPageProps) {
  const t = useT();
  const cardLabels = useCardLabels();
  const has = new Set(p.tabs.map((tab) => tab.id));
  return (
    <article className="need-page">
      <header className="need-header" id={NEED_SECTIONS.title}>
        {p.page.cover && (
          <div className="editorial-cover">
            <CoverPicture cover={p.page.cover} mobile={p.page.coverMobile} />
          </div>
        )}
        <div className="container need-header__text">
          {p.parent && (
            <p className="need-header__parent">
              <a href={p.parent.href}>{p.parent.label}</a>
            </p>
          )}
          <h1 className="editorial-title">{p.page.title}</h1>
          {p.page.introduction && (
            <div className="editorial-intro rich-text" dangerouslySetInnerHTML={{ __html: p.page.introduction }} />
          )}
        </div>
      </header>
      <Island component={AnchorTabs} props={{ tabs: p.tabs, label: t('needs.detail.tabs_label') }} />
      <div className="container need-body">
        {p.page.content && (
          <div className="editorial-content rich-text" dangerouslySetInnerHTML={{ __html: p.page.content }} />
        )}
        {p.ingredient && has.has(NEED_SECTIONS.ingredients) && (
          <section className="need-section need-ingredients" id={NEED_SECTIONS.ingredients}>
            <h2>{t('needs.detail.ingredients')}</h2>
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: p.ingredient }} />
          </section>
        )}
        <Paragraphs items={p.paragraphs} />
        {has.has(NEED_SECTIONS.solutions) && (
          <section className="need-section need-solutions" id={NEED_SECTIONS.solutions}>
            <h2>{p.solutions.title}</h2>
            {p.solutions.text && <div className="rich-text" dangerouslySetInnerHTML={{ __html: p.solutions.text }} />}
            <ul className="product-grid need-products">
              {p.solutions.products.map((product) => (
                <li key={product.id} className="product-grid__item">
                  <ProductCard product={product} labels={cardLabels} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="need-section need-store" id={NEED_SECTIONS.store}>
          <StoreLocatorBlock paragraph={p.storeLocator} />
        </section>
        <section className="need-section need-selector-block" id="need-selector">
          <Island component={NeedSelector} props={p.selector} />
        </section>
        {p.advices.length > 0 && (
          <section className="need-section need-advices" id={NEED_SECTIONS.advices}>
            <h2>{t('needs.detail.advices')}</h2>
            <ul className="article-cards">
              {p.advices.map((card) => (
                <li key={card.id}>
                  <ArticleCard card={card} headingLevel={3} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </article>
  );
}
