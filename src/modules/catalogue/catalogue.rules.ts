import type { TranslationKey } from '../../../contracts/i18n';
import { truncate } from '../../render/page-view';

/**
 * Pure catalogue rules (SPEC §4, §5, §9), unit-tested in catalogue.rules.spec.ts. The price rules the
 * browser needs too (format, volume tiers) are in contracts/prices.ts.
 */

/** A product is new while now lies between is_new_from and is_new_to (both inclusive). */
export function isNew(from: Date | string | null, to: Date | string | null, now: Date = new Date()): boolean {
  if (!from || !to) return false;
  const start = new Date(from).getTime();
  const end = new Date(to).getTime();
  const t = now.getTime();
  return t >= start && t <= end;
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
}): Array<{ id: string; titleKey: TranslationKey }> {
  const tabs: Array<{ id: string; titleKey: TranslationKey }> = [
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
