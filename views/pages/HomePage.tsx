import { labelsOf } from '../../contracts/i18n';
import { ArrowIcon, ChatIcon, PinIcon } from '../components/icons';
import HeaderSearch from '../islands/HeaderSearch';
import HeaderSlider from '../islands/HeaderSlider';
import { Island } from '../islands/Island';
import { useT } from '../render-context';

export interface HomeSlideView {
  title: string;
  text: string;
  linkLabel: string;
  href: string;
  theme: string;
}

export interface HomeProps {
  slides: HomeSlideView[];
  seo: { title: string; text: string } | null;
  storeFinderHref: string;
  searchAction: string;
  /** The "who can advise you" page (in-store advice call to action). */
  adviceHref?: string;
  /** Brand corners offered under the search box. */
  brands?: Array<{ label: string; href: string }>;
}

/**
 * Home (SPEC §1, §2.2): header slider, product and brand search, in-store advice call to action,
 * find-a-pharmacy block and the search-engine text. The only JavaScript is the slider and the search
 * box (the same island as the header's: no extra chunk).
 */
export function HomePage({ slides, seo, storeFinderHref, searchAction, adviceHref, brands = [] }: HomeProps) {
  const t = useT();
  return (
    <div className="home">
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      {slides.length > 0 && (
        <Island
          component={HeaderSlider}
          props={{
            slides,
            labels: {
              region: t('home.slider_label'),
              carousel: t('home.slider_carousel'),
              slideRole: t('home.slider_slide'),
              slide: t('home.slider_position'),
              goTo: t('home.slider_go_to'),
              previous: t('home.slider_previous'),
              next: t('home.slider_next'),
              pause: t('home.slider_pause'),
              play: t('home.slider_play'),
            },
          }}
        />
      )}
      <section className="home-search" aria-labelledby="home-search-title">
        <div className="container home-search__inner">
          <div className="home-search__intro">
            <h2 className="section-title" id="home-search-title">
              {t('home.search_title')}
            </h2>
            <p>{t('home.search_text')}</p>
          </div>
          <div className="home-search__box">
            <Island
              component={HeaderSearch}
              props={{
                action: searchAction,
                inputId: 'home-search',
                collapsible: false,
                labels: {
                  label: t('home.search_label'),
                  placeholder: t('home.search_placeholder'),
                  submit: t('shell.search_submit'),
                  open: t('shell.search_open'),
                  close: t('shell.search_close'),
                  history: t('shell.search_history'),
                  clearHistory: t('shell.search_history_clear'),
                  minChars: t('shell.search_min_chars'),
                },
                suggestLabels: labelsOf(t, 'search.suggest'),
              }}
            />
            {brands.length > 0 && (
              <div className="home-brands">
                <p className="home-brands__title" id="home-brands-title">
                  {t('home.brands_title')}
                </p>
                <ul className="home-brands__list" aria-labelledby="home-brands-title">
                  {brands.map((brand) => (
                    <li key={brand.href}>
                      <a className="chip" href={brand.href}>
                        {brand.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </div>
      </section>
      <div className="container home-services">
        {adviceHref && (
          <section className="service-card service-card--advice" aria-labelledby="home-advice-title">
            <ChatIcon className="service-card__icon" />
            <h2 className="service-card__title" id="home-advice-title">
              {t('home.advice_title')}
            </h2>
            <p>{t('home.advice_text')}</p>
            <a className="button" href={adviceHref}>
              {t('home.advice_link')}
              <ArrowIcon className="inline-icon" />
            </a>
          </section>
        )}
        <section className="service-card service-card--stores" aria-labelledby="home-stores-title">
          <PinIcon className="service-card__icon" />
          <h2 className="service-card__title" id="home-stores-title">
            {t('home.pharmacy_title')}
          </h2>
          <p>{t('home.pharmacy_text')}</p>
          <a className="button button--light" href={storeFinderHref}>
            {t('home.pharmacy_link')}
            <ArrowIcon className="inline-icon" />
          </a>
        </section>
      </div>
      {seo && (
        <section className="home-seo" aria-labelledby="home-seo-title">
          <div className="container home-seo__inner">
            <h2 className="section-title" id="home-seo-title">
              {seo.title}
            </h2>
            <p>{seo.text}</p>
          </div>
        </section>
      )}
    </div>
  );
}
