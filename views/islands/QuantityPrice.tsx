import { useId, useState } from 'react';
import { formatPrice, unitPriceFor } from '../../src/modules/catalogue/catalogue.rules';

interface Props {
  price: {
    amount: number;
    formatted: string;
    original: string | null;
    currency: string;
    tiers: Array<{ quantityMin: number; quantityMax: number; price: number; formatted: string }>;
  };
  labels: Record<string, string>;
}

/** The price and its volume-discount tiers (SPEC §4): the unit price follows the chosen quantity. */
export default function QuantityPrice({ price, labels }: Props) {
  const [quantity, setQuantity] = useState(1);
  const id = useId();
  const tiers = price.tiers.map((t) => ({ quantity_min: t.quantityMin, quantity_max: t.quantityMax, price: t.price }));
  const unit = unitPriceFor(price.amount, tiers, quantity);
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
              max={99}
              value={quantity}
              onChange={(e) => setQuantity(Math.min(99, Math.max(1, Number(e.target.value) || 1)))}
            />
          </label>
          <table className="tiers">
            <caption>{labels.tiers_title}</caption>
            <tbody>
              {price.tiers.map((tier) => (
                <tr
                  key={tier.quantityMin}
                  className={quantity >= tier.quantityMin && quantity < tier.quantityMax ? 'is-active' : undefined}
                >
                  <th scope="row">
                    {tier.quantityMax >= 99
                      ? labels.tier_from.replace('{min}', String(tier.quantityMin))
                      : labels.tier_range
                          .replace('{min}', String(tier.quantityMin))
                          .replace('{max}', String(tier.quantityMax - 1))}
                  </th>
                  <td>{tier.formatted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
