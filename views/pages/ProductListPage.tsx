import ProductListing, { type ListingProps } from '../islands/ProductListing';
import { Island } from '../islands/Island';

export interface ProductListProps {
  heading: string;
  banner: { title: string; text: string; className: string };
  listing: ListingProps;
}

/** SPEC §2.2 "Product list": banner, then the listing island (filters, results, pagination). */
export function ProductListPage({ heading, banner, listing }: ProductListProps) {
  return (
    <div className="product-list-page">
      <header className={`list-banner list-banner--${banner.className}`}>
        <h1 className="list-banner__heading">{heading}</h1>
        <p className="list-banner__title">{banner.title}</p>
        {banner.text && <p className="list-banner__text">{banner.text}</p>}
      </header>
      <Island component={ProductListing} props={listing} />
    </div>
  );
}
