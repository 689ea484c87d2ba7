import type { Picture as PictureModel, ProductCardView } from '../../contracts/catalogue';
import type { ArticleCardView } from '../../contracts/editorial';
import { ArticleCard } from '../components/ArticleCard';
import { labelsOf } from '../../contracts/i18n';
import { ArrowIcon, ChatIcon, MailIcon, PinIcon } from '../components/icons';
import { Picture } from '../components/Picture';
import { ProductCard } from '../components/ProductCard';
import BrandSlider, { type BrandSliderProps } from '../islands/BrandSlider';
import HeaderSearch from '../islands/HeaderSearch';
import HeaderSlider from '../islands/HeaderSlider';
import VideoPlayer, { type VideoPlayerProps } from '../islands/VideoPlayer';
import { Island } from '../islands/Island';
import NeedSelector, { type NeedSelectorProps } from '../islands/NeedSelector';
import { useCardLabels } from '../paragraphs/blocks';
import { useT } from '../render-context';

export interface HomeSlideView {
  title: string;
  text: string;
  linkLabel: string;
  href: string;
  theme: string;
  image?: PictureModel | null;
  /** Packshots standing on the picture (a product range). */
  products?: PictureModel[];
}

/** A current suggestion (SPEC §1): a product, an article or a promotion. */
export type HomeSuggestionView =
  | { kind: 'product'; key: string; product: ProductCardView }
  | { kind: 'article'; key: string; article: ArticleCardView }
  | {
      kind: 'promo';
      key: string;
      title: string;
      text: string;
      link: { label: string; href: string };
      image: PictureModel;
    };

export interface HomeProps {
  slides: HomeSlideView[];
  seo: { title: string; text: string } | null;
  storeFinderHref: string;
  /** The newsletter sign-up (issue 13: reached from the footer and the home page). */
  newsletterHref?: string;
  searchAction: string;
  /** The "who can advise you" page (in-store advice call to action). */
  adviceHref?: string;
  /** Brand corners offered under the search box. */
  brands?: Array<{ label: string; href: string }>;
  suggestions?: HomeSuggestionView[];
  needSelector?: NeedSelectorProps | null;
  /** The picture beside the need selector. */
  needPicture?: PictureModel | null;
  video?: { title: string; legend: string; player: VideoPlayerProps } | null;
  brandSlider?: BrandSliderProps | null;
  brandsHref?: string;
}

/**
 * Home (SPEC §1, §2.2): header slider, product and brand search, in-store advice call to action,
 * current suggestions, find-a-pharmacy block, find a solution by need, the optional news video, the
 * slider of brand landing pages and the search-engine text.
 */
export function HomePage({
  slides,
  seo,
  storeFinderHref,
  newsletterHref,
  searchAction,
  adviceHref,
  brands = [],
  suggestions = [],
  needSelector = null,
  needPicture = null,
  video = null,
  brandSlider = null,
  brandsHref,
}: HomeProps) {
  const t = useT();
  const cardLabels = useCardLabels();
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
              carousel: t('shell.carousel'),
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
        {newsletterHref && (
          <section className="service-card service-card--newsletter" aria-labelledby="home-newsletter-title">
            <MailIcon className="service-card__icon" />
            <div className="service-card__body">
              <h2 className="service-card__title" id="home-newsletter-title">
                {t('home.newsletter_title')}
              </h2>
              <p>{t('home.newsletter_text')}</p>
            </div>
            <a className="button" href={newsletterHref}>
              {t('home.newsletter_link')}
              <ArrowIcon className="inline-icon" />
            </a>
          </section>
        )}
      </div>
      {suggestions.length > 0 && (
        <section className="home-section home-suggestions" aria-labelledby="home-suggestions-title">
          <div className="container">
            <h2 className="section-title" id="home-suggestions-title">
              {t('home.suggestions_title')}
            </h2>
            <ul className="home-suggestions__list">
              {suggestions.map((s) => (
                <li key={s.key}>
                  {s.kind === 'product' && <ProductCard product={s.product} labels={cardLabels} headingLevel="h3" />}
                  {s.kind === 'article' && <ArticleCard card={s.article} headingLevel={3} />}
                  {s.kind === 'promo' && (
                    <article className="promo-card">
                      <Picture picture={s.image} className="promo-card__image" />
                      <div className="promo-card__body">
                        <p className="promo-card__badge">{t('home.promo_badge')}</p>
                        <h3 className="promo-card__title">
                          <a className="promo-card__link" href={s.link.href}>
                            {s.title}
                          </a>
                        </h3>
                        <p>{s.text}</p>
                        <p className="promo-card__cta" aria-hidden="true">
                          {s.link.label} <ArrowIcon className="inline-icon" />
                        </p>
                      </div>
                    </article>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {needSelector && (
        <section className="home-section home-section--tint home-needs" aria-labelledby={needSelector.headingId}>
          <div className={needPicture ? 'container home-needs__grid' : 'container'}>
            {needPicture && <Picture picture={needPicture} className="home-needs__picture" />}
            <Island component={NeedSelector} props={needSelector} />
          </div>
        </section>
      )}
      {video && (
        <section className="home-section home-video" aria-labelledby="home-video-title">
          <div className="container home-video__grid">
            <Island component={VideoPlayer} props={video.player} />
            <div className="home-video__text">
              <h2 className="section-title" id="home-video-title">
                {video.title}
              </h2>
              <p>{video.legend}</p>
            </div>
          </div>
        </section>
      )}
      {brandSlider && brandSlider.items.length > 0 && (
        <section className="home-section home-section--tint home-brand-slider">
          <div className="container">
            <div className="home-section__head">
              <h2 className="section-title" id="home-brand-slider-title">
                {brandSlider.label}
              </h2>
              {brandsHref && <a href={brandsHref}>{t('home.brands_all')}</a>}
            </div>
            <Island component={BrandSlider} props={brandSlider} />
          </div>
        </section>
      )}
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
