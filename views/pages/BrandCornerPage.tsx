import type { BrandColour, CornerTabView } from '../../contracts/brands';
import type { Picture as PictureModel } from '../../contracts/catalogue';
import type { ParagraphView, SafeHtml } from '../../contracts/editorial';
import { Picture } from '../components/Picture';
import CornerNav from '../islands/CornerNav';
import { Island } from '../islands/Island';
import { Paragraphs } from '../paragraphs/Paragraph';
import { useT } from '../render-context';

export interface BrandCornerPageProps {
  brand: { name: string; class: string };
  colour: BrandColour;
  /** The corner's home (its main page) or one of its associated pages. */
  home: boolean;
  hero: { thumbnail: PictureModel; description: SafeHtml | null };
  /** Non-home pages: their header (optional 40x40 icon, title, excerpt). */
  header: { icon: PictureModel | null; title: string; excerpt: string } | null;
  /** The corner home's own title when it is not the brand name (shown under the hero). */
  title: string;
  introduction: SafeHtml | null;
  nav: { home: CornerTabView; pages: CornerTabView[]; all: CornerTabView | null };
  paragraphs: ParagraphView[];
}

/**
 * Brand corner (SPEC §2.2): hero with the brand thumbnail (300x300), the brand name as the main
 * heading on the corner home only, the description and 'discover our range' (to the content); the
 * sticky tab navigation, repeated as a list on phones; on other pages the page header; then the
 * paragraphs in the brand's theme colour.
 */
export function BrandCornerPage(p: BrandCornerPageProps) {
  const t = useT();
  const label = t('brands.corner.nav_label', { brand: p.brand.name });
  return (
    <article className={`corner brand-theme--${p.colour} brand-${p.brand.class}`}>
      <section className="corner-hero" aria-label={p.brand.name}>
        <div className="container corner-hero__inner">
          <Picture picture={p.hero.thumbnail} className="corner-hero__thumbnail" loading="eager" fetchPriority="high" />
          <div className="corner-hero__text">
            {p.home ? (
              <h1 className="corner-hero__title">{p.brand.name}</h1>
            ) : (
              <p className="corner-hero__title">{p.brand.name}</p>
            )}
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
