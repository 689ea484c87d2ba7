/**
 * Price rules shared by the server (cards, product page, API) and the product page's quantity island
 * (SPEC §4 volume discounts, §9 price format). Pure: no imports.
 */

/** A volume-discount tier as stored: the unit price for quantity_min <= quantity < quantity_max. */
export interface PriceTier {
  quantity_min: number;
  quantity_max: number;
  price: number;
}

/** Price format of SPEC §9: comma decimal; two decimals when fractional or forced. "32,90", "25". */
export function formatPrice(
  value: number | string,
  options: { currency?: string; forceDecimals?: boolean } = {},
): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  const cents = Math.round(amount * 100);
  const fractional = cents % 100 !== 0;
  const whole = Math.trunc(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const sign = cents < 0 ? '-' : '';
  const decimals = fractional || options.forceDecimals ? `,${String(Math.abs(cents) % 100).padStart(2, '0')}` : '';
  const text = `${sign}${whole}${decimals}`;
  return options.currency ? `${options.currency} ${text}` : text;
}

/** The largest quantity the product page's quantity box accepts. */
export const QUANTITY_BOX_MAX = 99;

/** The tier of a quantity (SPEC §4): the first where quantity >= quantity_min and < quantity_max. */
function tierFor(tiers: readonly PriceTier[], quantity: number): PriceTier | undefined {
  return tiers.find((t) => quantity >= Number(t.quantity_min) && quantity < Number(t.quantity_max));
}

/** The unit price for a quantity: its tier's price, else the base price. */
export function unitPriceFor(base: number, tiers: readonly PriceTier[], quantity: number): number {
  const tier = tierFor(tiers, quantity);
  return tier ? Number(tier.price) : base;
}

/** A line of the tiers table: the quantities `from`…`to` it covers (`to` null: up to the box's max). */
export interface TierRow {
  from: number;
  to: number | null;
  price: number;
}

/**
 * The tiers table next to the quantity box, read from the same rule as the price (`tierFor`) at
 * every quantity the box allows: each line is a run of quantities that share a tier, so its label
 * ("from 4", "2 to 3") and its price agree with the price shown at each of those quantities.
 * "From N" only when the tier really lasts up to the box's max (a tier with quantity_max 99 ends at
 * 98); tiers the box cannot reach, or that an earlier tier hides, have no line.
 */
export function tierRows(tiers: readonly PriceTier[], boxMax = QUANTITY_BOX_MAX): TierRow[] {
  const rows: TierRow[] = [];
  let run: { tier: PriceTier; from: number } | null = null;
  for (let quantity = 1; quantity <= boxMax + 1; quantity++) {
    const tier = quantity <= boxMax ? tierFor(tiers, quantity) : undefined;
    if (run && tier !== run.tier) {
      rows.push({ from: run.from, to: quantity - 1 === boxMax ? null : quantity - 1, price: Number(run.tier.price) });
      run = null;
    }
    if (tier && !run) run = { tier, from: quantity };
  }
  return rows;
}

/** Whether a tiers-table line covers a quantity. */
export function rowCovers(row: TierRow, quantity: number): boolean {
  return quantity >= row.from && (row.to === null || quantity <= row.to);
}
