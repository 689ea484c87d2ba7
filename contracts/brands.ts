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
