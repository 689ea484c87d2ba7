import type { VolumeDiscount } from '../../database/schema';
import { truncate } from '../../render/page-view';

/**
 * Pure catalogue rules (SPEC §4, §5, §9), unit-tested in catalogue.rules.spec.ts.
 */

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

/** A product is new while now lies between is_new_from and is_new_to (both inclusive). */
export function isNew(from: Date | string | null, to: Date | string | null, now: Date = new Date()): boolean {
  if (!from || !to) return false;
  const start = new Date(from).getTime();
  const end = new Date(to).getTime();
  const t = now.getTime();
  return t >= start && t <= end;
}

/** The largest quantity the product page's quantity box accepts. */
export const QUANTITY_BOX_MAX = 99;

/** The tier of a quantity (SPEC §4): the first where quantity >= quantity_min and < quantity_max. */
function tierFor(tiers: readonly VolumeDiscount[], quantity: number): VolumeDiscount | undefined {
  return tiers.find((t) => quantity >= Number(t.quantity_min) && quantity < Number(t.quantity_max));
}

/** The unit price for a quantity: its tier's price, else the base price. */
export function unitPriceFor(base: number, tiers: readonly VolumeDiscount[], quantity: number): number {
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
export function tierRows(tiers: readonly VolumeDiscount[], boxMax = QUANTITY_BOX_MAX): TierRow[] {
  const rows: TierRow[] = [];
  let run: { tier: VolumeDiscount; from: number } | null = null;
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

/** Text of HTML cut for display: at most `max` characters, the ellipsis included (see `truncate`). */
export function cutText(text: string, max: number): string {
  return truncate(stripHtml(text), max);
}

export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** SPEC §5: the product page's meta description is 249 characters plus the ellipsis. */
export const PRODUCT_META_MAX = 250;
/** SPEC §5: the category's meta description is 247 characters plus the ellipsis. */
export const CATEGORY_META_MAX = 248;
/** SPEC §9 truncation: the category text shown as an extract (list banner). */
export const CATEGORY_EXTRACT_MAX = 100;
/** SPEC §9 truncation: promo text. */
export const PROMO_TEXT_MAX = 300;
export const PRODUCT_FAQ_LIMIT = 4;

/** Expertise in the URL: letters only, lower-cased and accent-stripped (SPEC §2.1). */
export function expertiseSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Which product tabs show (SPEC §2.2 "Product detail"). */
export function productTabs(p: {
  productType: string;
  hasUsage: boolean;
  hasIngredientsOrNutrition: boolean;
  notSoldInStore: boolean;
  hasDocuments: boolean;
  hasAdvices: boolean;
  hasRelated: boolean;
}): Array<{ id: string; titleKey: string }> {
  const tabs: Array<{ id: string; titleKey: string }> = [
    {
      id: 'description',
      titleKey: p.productType === 'insudiet' ? 'product.tabs.advice_tips' : 'product.tabs.description',
    },
  ];
  if (p.hasUsage) tabs.push({ id: 'usage', titleKey: 'product.tabs.usage' });
  if (p.hasIngredientsOrNutrition) tabs.push({ id: 'composition', titleKey: 'product.tabs.composition' });
  if (!p.notSoldInStore) tabs.push({ id: 'store-locator', titleKey: 'product.tabs.store_locator' });
  if (p.hasDocuments) tabs.push({ id: 'documents', titleKey: 'product.tabs.documents' });
  if (p.hasAdvices) tabs.push({ id: 'advices', titleKey: 'product.tabs.advices' });
  if (p.hasRelated) tabs.push({ id: 'related', titleKey: 'product.tabs.related' });
  return tabs;
}
