import type { Picture as PictureModel } from '../../contracts/catalogue';
import { Picture } from '../components/Picture';
import { Island } from '../islands/Island';
import StoreFinder, { type StoreFinderProps } from '../islands/StoreFinder';

export interface StoreFinderPageProps {
  title: string;
  intro: string;
  finder: StoreFinderProps;
}

/**
 * The pharmacy finder (SPEC §2.2 "Store finder"): search, result count, list and map. The finder is
 * one island whose server HTML is the whole no-JavaScript page (GET form and list).
 */
export function StoreFinderPage({ title, intro, finder }: StoreFinderPageProps) {
  return (
    <div className="container finder-page">
      <h1 className="page-title">{title}</h1>
      <p className="finder-page__intro">{intro}</p>
      <Island component={StoreFinder} props={finder} />
    </div>
  );
}

export interface AdvicePageProps {
  title: string;
  intro: string;
  image: PictureModel;
  specialistTitle: string;
  finder: StoreFinderProps;
  postal: { title: string; text: string; address: string; phone: string | null } | null;
  knowMore: { label: string; href: string } | null;
}

/**
 * Who can advise you (SPEC §2.2): header image, the specialist search (the same finder), the
 * laboratory's postal contact and the know-more link of the country settings.
 */
export function AdvicePage(p: AdvicePageProps) {
  return (
    <div className="advice-page">
      <header className="advice-page__header">
        <Picture picture={p.image} className="advice-page__image" loading="eager" fetchPriority="high" />
        <div className="container advice-page__heading">
          <h1 className="page-title">{p.title}</h1>
          <p className="advice-page__intro">{p.intro}</p>
        </div>
      </header>
      <div className="container">
        <section className="advice-page__finder" aria-labelledby="specialist-title">
          <h2 className="section-title" id="specialist-title">
            {p.specialistTitle}
          </h2>
          <Island component={StoreFinder} props={p.finder} />
        </section>
        {(p.postal || p.knowMore) && (
          <section className="advice-page__contact" aria-labelledby="postal-title">
            {p.postal && (
              <>
                <h2 className="section-title" id="postal-title">
                  {p.postal.title}
                </h2>
                <p>{p.postal.text}</p>
                <address className="advice-page__address">
                  {p.postal.address.split(/,\s*/).map((line, i) => (
                    <span key={i} className="advice-page__line">
                      {line}
                    </span>
                  ))}
                </address>
                {p.postal.phone && <p>{p.postal.phone}</p>}
              </>
            )}
            {p.knowMore && (
              <p>
                <a className="button" href={p.knowMore.href}>
                  {p.knowMore.label}
                </a>
              </p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
