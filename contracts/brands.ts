/**
 * Brands as the brands list, brand landing pages and brand corners show them (SPEC §2.2, §3 "Brand
 * card", "Corner"). Pure TypeScript.
 */
import type { Picture } from './catalogue';

/**
 * The 13 named brand colours (SPEC §3 "Brand colours: 13 named colours"): one per brand of the
 * catalogue, then the palette's own. A card, a landing page or a corner takes its theme from its
 * brand's class when it is one of them (`brand-theme--<name>` in the styles), `default` otherwise.
 */
export const BRAND_COLOURS = [
  'lactibiane',
  'insudiet',
  'formag',
  'noctalyne',
  'articoria',
  'cardiomer',
  'immunalpes',
  'eclatia',
  'blue',
  'green',
  'teal',
  'purple',
  'orange',
] as const;
export type BrandColour = (typeof BRAND_COLOURS)[number] | 'default';

export function brandColour(name: string | null | undefined): BrandColour {
  return (BRAND_COLOURS as readonly string[]).includes(name ?? '') ? (name as BrandColour) : 'default';
}

/** SPEC §3 "Brand card": title, content, thumbnail, link, brand class and logo, and its colour. */
export interface BrandCardView {
  id: number;
  title: string;
  content: string;
  href: string;
  thumbnail: Picture;
  logo: Picture;
  brandClass: string;
  colour: BrandColour;
  /** A brand corner (several pages) or a brand landing page. */
  kind: 'corner' | 'landing';
}

/** An entry of a brand corner's tab navigation (SPEC §2.2 "Brand corner"). */
export interface CornerTabView {
  label: string;
  href: string;
  current: boolean;
}

/** The ids of the brand landing page's sections, the anchor tabs' targets. */
export const BRAND_SECTIONS = {
  presentation: 'brand-presentation',
  solutions: 'brand-solutions',
  questions: 'brand-questions',
} as const;

/**
 * A brand landing page's anchor tabs (SPEC §2.2 "Brand landing page"): the presentation only when
 * the page has a description, the solutions always, the questions only when the brand has FAQs.
 */
export function brandTabs(
  titles: Record<keyof typeof BRAND_SECTIONS, string>,
  content: { description: boolean; faqs: number },
): Array<{ id: string; title: string }> {
  return [
    ...(content.description ? [{ id: BRAND_SECTIONS.presentation, title: titles.presentation }] : []),
    { id: BRAND_SECTIONS.solutions, title: titles.solutions },
    ...(content.faqs > 0 ? [{ id: BRAND_SECTIONS.questions, title: titles.questions }] : []),
  ];
}

/** A site path or an https:// address (FORMAT.md linkUrl): what a corner's 'all solutions' may link to. */
export const isCornerLink = (url: string | null | undefined): url is string =>
  !!url && (/^\/(?![/\\])\S*$/.test(url) || /^https:\/\/\S+$/.test(url));

/**
 * A brand corner's navigation (SPEC §2.2 "Brand corner"): 'Home', each associated page, then 'all
 * solutions' only when the corner has a valid contents_table_link_url.
 */
export function cornerNav(
  home: CornerTabView,
  pages: CornerTabView[],
  all: { label: string; url: string | null | undefined },
): { home: CornerTabView; pages: CornerTabView[]; all: CornerTabView | null } {
  return {
    home,
    pages,
    all: isCornerLink(all.url) ? { label: all.label, href: all.url, current: false } : null,
  };
}
