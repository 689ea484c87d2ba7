import type { ReactNode } from 'react';
import type { BrandColour, CornerTabView } from '../../contracts/brands';
import type { Picture as PictureModel } from '../../contracts/catalogue';
import type { ParagraphView, SafeHtml } from '../../contracts/editorial';
import { ArrowIcon } from '../components/icons';
import { Picture } from '../components/Picture';
import CornerHeroSlider from '../islands/CornerHeroSlider';
import CornerNav from '../islands/CornerNav';
import { Island } from '../islands/Island';
import { Paragraphs } from '../paragraphs/Paragraph';
import { useT } from '../render-context';

/** A slide of the corner's hero after the brand's own: one of the corner's pages. */
export interface CornerSlideView {
  title: string;
  excerpt: string;
  href: string;
  /** The page being shown. */
  current: boolean;
  /** 300x300, like the brand thumbnail. */
  picture: PictureModel;
}

export interface BrandCornerPageProps {
  brand: { name: string; class: string };
  colour: BrandColour;
  /** The corner's home (its main page) or one of its associated pages. */
  home: boolean;
  hero: {
    /** The brand thumbnail, 300x300 (SPEC §2.2), on the first slide. */
    thumbnail: PictureModel;
    description: SafeHtml | null;
    /** The main page's own title when it is not the brand name, under the brand name on the corner home. */
    tagline: string | null;
    slides: CornerSlideView[];
  };
  /** Non-home pages: their header (optional 40x40 icon, title, excerpt). */
  header: { icon: PictureModel | null; title: string; excerpt: string } | null;
  introduction: SafeHtml | null;
  nav: { home: CornerTabView; pages: CornerTabView[]; all: CornerTabView | null };
  paragraphs: ParagraphView[];
}

/** The hero's first slide: the brand thumbnail, its name (the page's h1 on the corner home), 'discover our range'. */
function BrandSlide({ p }: { p: BrandCornerPageProps }) {
  const t = useT();
  return (
    <div className="corner-slide corner-slide--brand">
      <Picture picture={p.hero.thumbnail} className="corner-slide__picture" loading="eager" fetchPriority="high" />
      <div className="corner-slide__text">
        {p.home ? (
          <h1 className="corner-hero__title">{p.brand.name}</h1>
        ) : (
          <p className="corner-hero__title">{p.brand.name}</p>
        )}
        {p.home && p.hero.tagline && <p className="corner-hero__tagline">{p.hero.tagline}</p>}
        {p.hero.description && (
          <div
            className="corner-hero__description rich-text"
            dangerouslySetInnerHTML={{ __html: p.hero.description }}
          />
        )}
        <a className="button corner-hero__discover" href="#corner-content">
          {t('brands.corner.discover')}
        </a>
      </div>
    </div>
  );
}

function PageSlide({ slide, brand }: { slide: CornerSlideView; brand: string }) {
  const t = useT();
  return (
    <div className="corner-slide">
      <Picture picture={slide.picture} className="corner-slide__picture" />
      <div className="corner-slide__text">
        <p className="corner-slide__eyebrow">{brand}</p>
        <p className="corner-slide__title">{slide.title}</p>
        {slide.excerpt && <p className="corner-slide__excerpt">{slide.excerpt}</p>}
        <a
          className="button corner-slide__link"
          href={slide.current ? '#corner-content' : slide.href}
          aria-current={slide.current ? 'page' : undefined}
        >
          {slide.current ? t('brands.corner.slide_current') : t('brands.corner.slide_read')}
          <ArrowIcon className="inline-icon" />
        </a>
      </div>
    </div>
  );
}

/**
 * Brand corner (SPEC §2.2): a hero slider whose first slide is the brand (thumbnail 300x300, the
 * brand name as the main heading on the corner home only, the description, 'discover our range' to
 * the content) and the others the corner's pages; the sticky tab navigation, repeated as a list on
 * phones; on other pages the page header; then the paragraphs in the brand's theme colour.
 */
export function BrandCornerPage(p: BrandCornerPageProps) {
  const t = useT();
  const label = t('brands.corner.nav_label', { brand: p.brand.name });
  const slides = { s0: <BrandSlide p={p} /> } as Record<string, ReactNode>;
  p.hero.slides.forEach((slide, i) => (slides[`s${i + 1}`] = <PageSlide slide={slide} brand={p.brand.name} />));
  return (
    <article className={`corner brand-theme--${p.colour} brand-${p.brand.class}`}>
      <section className="corner-hero">
        <div className="container">
          <Island
            component={CornerHeroSlider}
            props={{
              count: p.hero.slides.length + 1,
              label: t('brands.corner.slider_label', { brand: p.brand.name }),
              labels: {
                carousel: t('shell.carousel'),
                slideRole: t('brands.corner.slider_slide_role'),
                slide: t('brands.corner.slider_slide'),
                previous: t('brands.corner.slider_previous'),
                next: t('brands.corner.slider_next'),
                goTo: t('brands.corner.slider_go_to'),
              },
            }}
            slots={slides}
          />
        </div>
      </section>
      <Island component={CornerNav} props={{ ...p.nav, label }} />
      <div className="container corner-body" id="corner-content" tabIndex={-1}>
        {p.header && (
          <header className="corner-header">
            {p.header.icon && <Picture picture={p.header.icon} className="corner-header__icon" />}
            <h1 className="corner-header__title">{p.header.title}</h1>
            {p.header.excerpt && <p className="corner-header__excerpt">{p.header.excerpt}</p>}
          </header>
        )}
        {p.introduction && (
          <div className="editorial-intro rich-text" dangerouslySetInnerHTML={{ __html: p.introduction }} />
        )}
        <Paragraphs items={p.paragraphs} />
      </div>
      <nav
        className="corner-mobile-nav container"
        aria-label={t('brands.corner.mobile_nav_label', { brand: p.brand.name })}
      >
        <ul>
          {[p.nav.home, ...p.nav.pages, ...(p.nav.all ? [p.nav.all] : [])].map((tab) => (
            <li key={tab.href}>
              <a href={tab.href} aria-current={tab.current ? 'page' : undefined}>
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
