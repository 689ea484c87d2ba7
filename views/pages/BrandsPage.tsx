import type { BrandCardView } from '../../contracts/brands';
import { BrandCard } from '../components/BrandCard';
import BrandSlider from '../islands/BrandSlider';
import { Island } from '../islands/Island';
import { useT } from '../render-context';

export interface BrandsPageProps {
  /** The brand landing pages, in the slider. */
  landings: BrandCardView[];
  /** Every brand page: the brand corners' main pages, then the brand landing pages. */
  cards: BrandCardView[];
}

/** Brands list (SPEC §2.2): a slider of the brand landing pages, then a card per brand corner and landing page. */
export function BrandsPage({ landings, cards }: BrandsPageProps) {
  const t = useT();
  return (
    <div className="brands-page container">
      <header className="brands-page__header">
        <h1>{t('brands.list.title')}</h1>
        <p className="brands-page__intro">{t('brands.list.intro')}</p>
      </header>
      {landings.length > 0 && (
        <section className="brands-page__slider">
          <h2 id="brands-slider-title">{t('brands.list.slider_title')}</h2>
          <Island
            component={BrandSlider}
            props={{
              items: landings,
              label: t('brands.list.slider_title'),
              labels: {
                previous: t('brands.slider.previous'),
                next: t('brands.slider.next'),
                carousel: t('shell.carousel'),
              },
            }}
          />
        </section>
      )}
      <section className="brands-page__all" aria-labelledby="brands-all-title">
        <h2 id="brands-all-title">{t('brands.list.all_title')}</h2>
        <ul className="brand-cards">
          {cards.map((card) => (
            <li key={card.id}>
              <BrandCard card={card} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
