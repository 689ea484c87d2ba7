import type { ProductCardView } from '../../contracts/catalogue';
import { Picture } from './Picture';

export interface ProductCardLabels {
  new: string;
  promoted: string;
  new_formula: string;
  free: string;
  see_product: string;
}

interface Props {
  product: ProductCardView;
  labels: ProductCardLabels;
  layout?: 'grid' | 'horizontal';
  headingLevel?: 'h2' | 'h3';
}

/** The product card (SPEC §2.2): image 140x140, brand logo 80x60, flags, price; links to the product. */
export function ProductCard({ product, labels, layout = 'grid', headingLevel: Heading = 'h3' }: Props) {
  const flags = [
    product.flags.isNew && { key: 'new', label: labels.new },
    product.flags.promoted && { key: 'promoted', label: labels.promoted },
    product.flags.newFormula && { key: 'new-formula', label: labels.new_formula },
  ].filter((f): f is { key: string; label: string } => !!f);
  return (
    <article className={`product-card product-card--${layout} brand-${product.brand.class}`}>
      <div className="product-card__media">
        <Picture picture={product.image} className="product-card__image" />
        {flags.length > 0 && (
          <ul className="product-card__flags">
            {flags.map((f) => (
              <li key={f.key} className={`flag flag--${f.key}`}>
                {f.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="product-card__body">
        <Picture picture={product.brand.logo} className="product-card__brand" />
        <Heading className="product-card__name">
          <a href={product.href} className="product-card__link">
            {product.name}
          </a>
        </Heading>
        {product.tagline && <p className="product-card__tagline">{product.tagline}</p>}
        {product.galenicFormat && <p className="product-card__format">{product.galenicFormat}</p>}
        <p className="product-card__price">
          {product.isFree ? (
            <span className="price price--free">{labels.free}</span>
          ) : (
            <>
              {product.originalPrice && <del className="price price--original">{product.originalPrice}</del>}
              <span className="price">{product.price}</span>
            </>
          )}
        </p>
      </div>
    </article>
  );
}
