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
}

export function HomePage({ slides, seo }: HomeProps) {
  const t = useT();
  return (
    <div className="home">
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <ul className="home-slides">
        {slides.map((slide) => (
          <li key={slide.title} className={`home-slide theme-${slide.theme}`}>
            <h2>{slide.title}</h2>
            <p>{slide.text}</p>
            <a href={slide.href}>{slide.linkLabel}</a>
          </li>
        ))}
      </ul>
      {seo && (
        <section className="home-seo">
          <h2>{seo.title}</h2>
          <p>{seo.text}</p>
        </section>
      )}
    </div>
  );
}
