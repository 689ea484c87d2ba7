import type { ArticleCardView, StoreLocatorParagraph } from '../../contracts/editorial';
import { ArticleCard } from '../components/ArticleCard';
import { Island } from '../islands/Island';
import NeedSelector, { type NeedSelectorProps } from '../islands/NeedSelector';
import NeedsFinder, { type NeedsFinderProps } from '../islands/NeedsFinder';
import { StoreLocatorBlock } from '../paragraphs/blocks';
import { useT } from '../render-context';

export interface NeedsPageProps {
  finder: NeedsFinderProps;
  selector: NeedSelectorProps;
  storeLocator: StoreLocatorParagraph;
  advices: ArticleCardView[];
  advicesHref: string;
}

/** Needs list (SPEC §2.2): search, parent needs with their children, store locator, advice articles. */
export function NeedsPage(p: NeedsPageProps) {
  const t = useT();
  return (
    <div className="needs-page container">
      <header className="needs-page__header">
        <h1>{t('needs.list.title')}</h1>
        <p className="needs-page__intro">{t('needs.list.intro')}</p>
      </header>
      {p.selector.error || p.selector.parent !== null ? (
        <section className="needs-page__selector" id="need-selector">
          <Island component={NeedSelector} props={p.selector} />
        </section>
      ) : null}
      <Island component={NeedsFinder} props={p.finder} />
      <section className="needs-page__store" aria-label={p.storeLocator.title ?? undefined}>
        <StoreLocatorBlock paragraph={p.storeLocator} />
      </section>
      {p.advices.length > 0 && (
        <section className="needs-page__advices" aria-labelledby="needs-advices-title">
          <h2 id="needs-advices-title">{t('needs.list.advices_title')}</h2>
          <ul className="article-cards">
            {p.advices.map((card) => (
              <li key={card.id}>
                <ArticleCard card={card} headingLevel={3} />
              </li>
            ))}
          </ul>
          <p className="editorial-related-all">
            <a className="button button--secondary" href={p.advicesHref}>
              {t('needs.list.advices_all')}
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
