import type { VolumeDiscount } from '../../database/schema';

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

/** The unit price for a quantity: the tier where quantity >= quantity_min and < quantity_max. */
export function unitPriceFor(base: number, tiers: readonly VolumeDiscount[], quantity: number): number {
  const tier = tiers.find((t) => quantity >= t.quantity_min && quantity < t.quantity_max);
  return tier ? Number(tier.price) : base;
}

/** Meta description cut (SPEC §5): `max` characters then an ellipsis (product 249, category 247). */
export function cutText(text: string, max: number): string {
  const clean = stripHtml(text).replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max)}…`;
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

export const PRODUCT_META_MAX = 249;
export const CATEGORY_META_MAX = 247;
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
