import type { Labels } from '../../contracts/i18n';
import type { StoreView } from '../../contracts/storefinder';
import { Island } from '../islands/Island';
import { StoreCard } from '../islands/StoreFinder';
import StoreLocationMap, { type StoreLocationMapProps } from '../islands/StoreLocationMap';

export interface StorePageProps {
  store: StoreView;
  /** Finder search around this pharmacy (its neighbours, and the map). */
  finderHref: string;
  labels: Labels<'storefinder.finder'>;
  page: Labels<'storefinder.store'>;
  /** The small map (an island: with JavaScript only). */
  map: StoreLocationMapProps;
}

/** One pharmacy (beyond SPEC §2.2): address, phone, directions, Insudiet partnership, a small map, its neighbours. */
export function StorePage({ store, finderHref, labels, page, map }: StorePageProps) {
  return (
    <div className="container store-page">
      <article
        className={store.insudiet ? 'store-card store-card--page store-card--insudiet' : 'store-card store-card--page'}
      >
        <h1 className="page-title">{store.name}</h1>
        <StoreCardBody store={store} labels={labels} />
        {store.insudiet && <p className="store-page__insudiet">{page.insudiet_text}</p>}
      </article>
      <Island component={StoreLocationMap} props={map} />
      <p>
        <a className="button button--light" href={finderHref}>
          {page.back}
        </a>
      </p>
    </div>
  );
}

/** The card without its name heading (the page's h1 is the name). */
function StoreCardBody({ store, labels }: { store: StoreView; labels: Labels<'storefinder.finder'> }) {
  return (
    <div className="store-page__body">
      <StoreCard store={store} labels={labels} productName={null} headingless />
    </div>
  );
}
