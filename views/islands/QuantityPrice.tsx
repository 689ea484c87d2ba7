import { useId, useState } from 'react';
import type { Labels } from '../../contracts/i18n';
import { formatPrice, QUANTITY_BOX_MAX, rowCovers, tierRows, unitPriceFor } from '../../contracts/prices';

/** The texts of product.labels the price box shows. */
export const PRICE_LABELS = ['unit_price', 'quantity', 'tiers_title', 'tier_range', 'tier_from'] as const;

interface Props {
  price: {
    amount: number;
    formatted: string;
    original: string | null;
    currency: string;
    tiers: Array<{ quantityMin: number; quantityMax: number; price: number; formatted: string }>;
  };
  labels: Pick<Labels<'product.labels'>, (typeof PRICE_LABELS)[number]>;
}

/**
 * The price and its volume-discount tiers (SPEC §4): the unit price follows the chosen quantity, and
 * the tiers table is read from the same rule, so the highlighted line and its label agree with the
 * price at every quantity the box allows.
 */
export default function QuantityPrice({ price, labels }: Props) {
  const [quantity, setQuantity] = useState(1);
  const id = useId();
  const tiers = price.tiers.map((t) => ({ quantity_min: t.quantityMin, quantity_max: t.quantityMax, price: t.price }));
  const unit = unitPriceFor(price.amount, tiers, quantity);
  const rows = tierRows(tiers);
  return (
    <div className="product-price">
      <p className="product-price__current" aria-live="polite">
        {price.original && quantity === 1 && <del className="price price--original">{price.original}</del>}
        <span className="price">
          {unit === price.amount ? price.formatted : formatPrice(unit, { currency: price.currency })}
        </span>
        {price.tiers.length > 0 && <span className="product-price__unit"> {labels.unit_price}</span>}
      </p>
      {price.tiers.length > 0 && (
        <>
          <label className="product-price__quantity" htmlFor={id}>
            {labels.quantity}
            <input
              id={id}
              type="number"
              min={1}
              max={QUANTITY_BOX_MAX}
              value={quantity}
              onChange={(e) => setQuantity(Math.min(QUANTITY_BOX_MAX, Math.max(1, Number(e.target.value) || 1)))}
            />
          </label>
          <table className="tiers">
            <caption>{labels.tiers_title}</caption>
            <tbody>
              {rows.map((row) => (
                <tr key={row.from} className={rowCovers(row, quantity) ? 'is-active' : undefined}>
                  <th scope="row">
                    {row.to === null
                      ? labels.tier_from.replace('{min}', String(row.from))
                      : labels.tier_range.replace('{min}', String(row.from)).replace('{max}', String(row.to))}
                  </th>
                  <td>{formatPrice(row.price, { currency: price.currency, forceDecimals: true })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
