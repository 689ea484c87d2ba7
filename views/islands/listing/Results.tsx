import type { ReactNode } from 'react';
import type { ProductCardView, PromoPushView } from '../../../contracts/catalogue';
import { fillLabel } from '../../../contracts/i18n';
import { ProductCard } from '../../components/ProductCard';
import type { ListingData, ListingLabels } from './types';

/** The promotional pushes above the results (an expertise's). */
export function PromoPushes({ pushes }: { pushes: PromoPushView[] }) {
  if (pushes.length === 0) return null;
  return (
    <ul className="listing__pushes">
      {pushes.map((push) => (
        <li key={push.title} className={`promo-push theme-${push.theme}`}>
          <h2 className="promo-push__title">{push.title}</h2>
          <p>{push.text}</p>
          {push.href && <a href={push.href}>{push.linkLabel}</a>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The product cards in a grid (or a list), or the "no results" message. `pharmacyHref` adds the
 * pharmacy card after the products (its place in the grid is the stylesheet's).
 */
export function ResultsGrid(props: {
  products: ProductCardView[];
  display: ListingData['display'];
  labels: ListingLabels;
  pharmacyHref?: string;
}) {
  const { products, labels } = props;
  if (products.length === 0) return <p className="listing__empty">{labels.no_results}</p>;
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.id} className="product-grid__item">
          <ProductCard product={product} labels={labels} layout={props.display} headingLevel="h2" />
        </li>
      ))}
      {props.pharmacyHref !== undefined && (
        <li className="product-grid__item product-grid__pharmacy">
          <div className="pharmacy-card">
            <h2 className="pharmacy-card__title">{labels.pharmacy_title}</h2>
            <p>{labels.pharmacy_text}</p>
            <a className="button" href={props.pharmacyHref}>
              {labels.pharmacy_link}
            </a>
          </div>
        </li>
      )}
    </ul>
  );
}

/** Previous, the page numbers and next, as links (in place once hydrated); nothing for one page. */
export function Pagination({
  data,
}: {
  data: Pick<ListingData, 'pagination' | 'previousHref' | 'nextHref' | 'labels'>;
}) {
  const labels = data.labels;
  if (data.pagination.length <= 1) return null;
  return (
    <nav className="pagination" aria-label={labels.pagination}>
      {data.previousHref && (
        <a href={data.previousHref} data-listing="page" rel="prev">
          {labels.previous}
        </a>
      )}
      <ul>
        {data.pagination.map((p, i) => (
          <li key={p.page}>
            {i > 0 && p.page - data.pagination[i - 1].page > 1 && (
              <span className="pagination__gap" aria-hidden="true">
                …
              </span>
            )}
            <a
              href={p.href}
              data-listing="page"
              aria-current={p.current ? 'page' : undefined}
              aria-label={fillLabel(labels.page_n, { page: p.page })}
            >
              {p.page}
            </a>
          </li>
        ))}
      </ul>
      {data.nextHref && (
        <a href={data.nextHref} data-listing="page" rel="next">
          {labels.next}
        </a>
      )}
    </nav>
  );
}

/** The results column: a failure notice, what the page puts first (pushes), the grid, the pages. */
export function ListingResults(props: {
  data: ListingData;
  failed: boolean;
  pharmacyHref?: string;
  children?: ReactNode;
}) {
  const { data } = props;
  return (
    <div className="listing__results" id="listing-results">
      {props.failed && (
        <p className="toast toast--danger" role="alert">
          {data.labels.error_api}
        </p>
      )}
      {props.children}
      <ResultsGrid
        products={data.products}
        display={data.display}
        labels={data.labels}
        pharmacyHref={props.pharmacyHref}
      />
      <Pagination data={data} />
    </div>
  );
}
