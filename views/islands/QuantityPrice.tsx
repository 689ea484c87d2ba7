import { useId, useState } from 'react';
import { countLabel, fillLabel, type Labels } from '../../contracts/i18n';
import { formatPrice, QUANTITY_BOX_MAX, rowCovers, tierRows, unitPriceFor, type TierRow } from '../../contracts/prices';

/** The texts of product.labels the price box shows. */
export const PRICE_LABELS = [
  'unit_price',
  'quantity',
  'tiers_title',
  'tier_range',
  'tier_from_one',
  'tier_from_other',
  'tier_exact_one',
  'tier_exact_other',
] as const;

type PriceLabels = Pick<Labels<'product.labels'>, (typeof PRICE_LABELS)[number]>;

interface Props {
  price: {
    amount: number;
    formatted: string;
    original: string | null;
    currency: string;
    tiers: Array<{ quantityMin: number; quantityMax: number; price: number; formatted: string }>;
  };
  labels: PriceLabels;
  /** The page's language: the tiers' counts in words ("À partir de 1 produit", "2 produits"). */
  locale: string;
}

/** A tiers-table line's quantities in words: "De 2 à 3 produits", "À partir de 4 produits", "2 produits". */
export function tierLabel(row: TierRow, labels: PriceLabels, locale: string): string {
  if (row.to === null) return countLabel(locale, row.from, labels.tier_from_one, labels.tier_from_other);
  if (row.to === row.from) return countLabel(locale, row.from, labels.tier_exact_one, labels.tier_exact_other);
  return fillLabel(labels.tier_range, { min: row.from, max: row.to });
}

/**
 * The price and its volume-discount tiers (SPEC §4): the unit price follows the chosen quantity, and
 * the tiers table is read from the same rule, so the highlighted line and its label agree with the
 * price at every quantity the box allows.
 */
export default function QuantityPrice({ price, labels, locale }: Props) {
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
                  <th scope="row">{tierLabel(row, labels, locale)}</th>
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
