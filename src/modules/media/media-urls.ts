import { createHash } from 'node:crypto';
import { PICTURE_LABEL_LOCALE } from '../../database/schema';

/**
 * URLs of generated images (SPEC §9 sizes). A short hash of what the picture shows is part of the
 * path, so the files can be served as immutable and change URL when the product or brand changes.
 * `.webp` and `.png` twins feed <picture>; the media route also negotiates on Accept without one.
 */
export const PRODUCT_IMAGE_SIZES = {
  card: 140,
  card2x: 280,
  thumb: 300,
  slide: 600,
  zoom: 1000,
} as const;
export const BRAND_LOGO_SIZES = {
  logo: [80, 60],
  logo2x: [160, 120],
  thumb: [300, 300],
  icon: [40, 40],
} as const;

/** Editorial pictures (content/editorial/FORMAT.md "Pictures"), width x height. */
export const EDITORIAL_IMAGE_SIZES = {
  cover: [1440, 480],
  mobile: [780, 520],
  card: [360, 203],
  card2x: [720, 406],
  paragraph: [640, 480],
  paragraph2x: [1280, 960],
  slide: [480, 320],
  slide2x: [960, 640],
  icon: [40, 40],
  icon2x: [80, 80],
  thumb: [300, 300],
  thumb2x: [600, 600],
} as const;

export type ProductImageSize = keyof typeof PRODUCT_IMAGE_SIZES;
export type EditorialImageSize = keyof typeof EDITORIAL_IMAGE_SIZES;
export type BrandLogoSize = keyof typeof BRAND_LOGO_SIZES;
export type ImageFormat = 'webp' | 'png' | 'avif';

export function imageVersion(...parts: Array<string | number | null | undefined>): string {
  return createHash('sha1')
    .update(parts.map((p) => String(p ?? '')).join('|'))
    .digest('hex')
    .slice(0, 10);
}

export interface PictureSources {
  webp: string;
  fallback: string;
  webp2x?: string;
  fallback2x?: string;
  /** AVIF twins: editorial pictures only (docs/media.md "AVIF"). */
  avif?: string;
  avif2x?: string;
}

export function productImageUrl(
  reference: string,
  version: string,
  size: ProductImageSize,
  format: ImageFormat,
): string {
  return `/media/product/${encodeURIComponent(reference.toLowerCase())}/${version}/${size}.${format}`;
}

export function brandLogoUrl(key: string, version: string, size: BrandLogoSize, format: ImageFormat): string {
  return `/media/brand/${encodeURIComponent(key)}/${version}/${size}.${format}`;
}

/**
 * Bumped when the drawing of the generated images changes, so every URL changes with it and no
 * browser or CDN keeps an old drawing under an immutable URL.
 */
export const MEDIA_STYLE = 1;

/**
 * The locale whose names are printed on a packshot and a brand logo. Image URLs carry no locale, so
 * a picture is the same on every site: it shows the French product and brand names (the fallback
 * language), or, for a product without a French row, the name of its first locale in alphabetical
 * order. Callers pass those names to `productPicture` / `brandLogo` whatever the page's locale.
 */
export const LABEL_LOCALE = PICTURE_LABEL_LOCALE;

export interface ProductImageSubject {
  reference: string;
  /** Product name in LABEL_LOCALE. */
  name: string;
  /** Brand name in LABEL_LOCALE. */
  brandName: string;
  image: { shape: string; color: string };
}

export interface BrandLogoSubject {
  key: string;
  /** Brand name in LABEL_LOCALE. */
  name: string;
  color: string;
}

/** Version of a packshot: a hash of exactly what it draws. */
export function productImageVersion(p: ProductImageSubject): string {
  return imageVersion(MEDIA_STYLE, 'product', p.reference, p.name, p.brandName, p.image?.shape, p.image?.color);
}

export function brandLogoVersion(b: BrandLogoSubject): string {
  return imageVersion(MEDIA_STYLE, 'brand', b.key, b.name, b.color);
}

/** The sharper twin used for `2x` in srcset, when there is one of the same shape. */
const PRODUCT_2X: Partial<Record<ProductImageSize, ProductImageSize>> = { card: 'card2x', thumb: 'slide' };
const BRAND_2X: Partial<Record<BrandLogoSize, BrandLogoSize>> = { logo: 'logo2x' };

/**
 * Sources of a product's packshot for `<picture>`: WebP first, PNG fallback, and their `2x` twins
 * where one exists. Pure: `reference`, names, `image` come from the rows the caller already has.
 */
export function productPicture(
  reference: string,
  nameFr: string,
  brandName: string,
  image: { shape: string; color: string },
  size: ProductImageSize,
): PictureSources {
  const version = productImageVersion({ reference, name: nameFr, brandName, image });
  const twin = PRODUCT_2X[size];
  return {
    webp: productImageUrl(reference, version, size, 'webp'),
    fallback: productImageUrl(reference, version, size, 'png'),
    ...(twin
      ? {
          webp2x: productImageUrl(reference, version, twin, 'webp'),
          fallback2x: productImageUrl(reference, version, twin, 'png'),
        }
      : {}),
  };
}

/** Sources of a brand's logo for `<picture>` (same shape as `productPicture`). */
export function brandLogo(key: string, name: string, color: string, size: BrandLogoSize): PictureSources {
  const version = brandLogoVersion({ key, name, color });
  const twin = BRAND_2X[size];
  return {
    webp: brandLogoUrl(key, version, size, 'webp'),
    fallback: brandLogoUrl(key, version, size, 'png'),
    ...(twin
      ? { webp2x: brandLogoUrl(key, version, twin, 'webp'), fallback2x: brandLogoUrl(key, version, twin, 'png') }
      : {}),
  };
}

export function isProductImageSize(size: string): size is ProductImageSize {
  return Object.prototype.hasOwnProperty.call(PRODUCT_IMAGE_SIZES, size);
}

export function isBrandLogoSize(size: string): size is BrandLogoSize {
  return Object.prototype.hasOwnProperty.call(BRAND_LOGO_SIZES, size);
}

/**
 * A gallery visual other than the packshot (SPEC §3 Product caracteristics): `content` (what the
 * pack holds, listed in `slide_product`) or `ingredient-N` (the caracteristic `active_ingredient_N`).
 */
export interface SlideSubject {
  reference: string;
  visual: string;
  /** Raw `product.image.color`, as the packshot hashes it. */
  color: string;
  galenicFormat: string | null;
  /** For an ingredient visual: its name in LABEL_LOCALE and its amount as written in the content. */
  ingredient: { name: string; amount: string | null } | null;
}

/** `content`, or `ingredient-N` with N from 1 to 999. */
export const SLIDE_VISUAL = /^(?:content|ingredient-[1-9]\d{0,2})$/;

export function slideVersion(s: SlideSubject): string {
  return imageVersion(
    MEDIA_STYLE,
    'slide',
    s.reference,
    s.visual,
    s.color,
    s.galenicFormat,
    s.ingredient?.name,
    s.ingredient?.amount,
  );
}

export function slideImageUrl(
  reference: string,
  visual: string,
  version: string,
  size: ProductImageSize,
  format: ImageFormat,
): string {
  return `/media/slide/${encodeURIComponent(reference.toLowerCase())}/${visual}/${version}/${size}.${format}`;
}

/** Sources of a gallery visual for `<picture>` (same shape as `productPicture`). */
export function slidePicture(subject: SlideSubject, size: ProductImageSize): PictureSources {
  const version = slideVersion(subject);
  const twin = PRODUCT_2X[size];
  const url = (s: ProductImageSize, format: ImageFormat) =>
    slideImageUrl(subject.reference, subject.visual, version, s, format);
  return {
    webp: url(size, 'webp'),
    fallback: url(size, 'png'),
    ...(twin ? { webp2x: url(twin, 'webp'), fallback2x: url(twin, 'png') } : {}),
  };
}

/** What a product's gallery shows, in order (SPEC §3 Product caracteristics). */
export type GalleryVisual =
  | { visual: 'packshot' | 'content' }
  | { visual: `ingredient-${number}`; ingredientKey: string; amount: string | null };

const INGREDIENT_SLIDE = /^active_ingredient_([1-9]\d{0,2})$/;
const VOCABULARY_KEY = /^[a-z0-9_]{1,60}$/;

/**
 * The gallery of a product: the visuals of `slide_product` in their order ('packshot', 'content';
 * the packshot alone when there is none), then one slide per `active_ingredient_N` by increasing N
 * (numerically: 2 before 10). Malformed entries are left out.
 */
export function galleryVisuals(caracteristics: object | null | undefined): GalleryVisual[] {
  const c = (caracteristics ?? {}) as Record<string, unknown>;
  const listed: unknown[] = Array.isArray(c.slide_product) ? c.slide_product : [];
  const visuals = [...new Set(listed.filter((v): v is 'packshot' | 'content' => v === 'packshot' || v === 'content'))];
  const ingredients: GalleryVisual[] = [];
  for (const [key, value] of Object.entries(c)) {
    const n = INGREDIENT_SLIDE.exec(key)?.[1];
    const slide = value as { ingredient?: unknown; amount?: unknown } | null;
    if (!n || typeof slide?.ingredient !== 'string' || !VOCABULARY_KEY.test(slide.ingredient)) continue;
    ingredients.push({
      visual: `ingredient-${Number(n)}`,
      ingredientKey: slide.ingredient,
      amount: typeof slide.amount === 'string' && slide.amount.trim() ? slide.amount.trim() : null,
    });
  }
  const order = (v: GalleryVisual) => Number(v.visual.slice('ingredient-'.length));
  ingredients.sort((a, b) => order(a) - order(b));
  const shown: Array<'packshot' | 'content'> = visuals.length ? visuals : ['packshot'];
  return [...shown.map((visual) => ({ visual })), ...ingredients];
}

export interface EditorialImageSubject {
  motif: string;
  palette: string;
}

export function editorialImageVersion(e: EditorialImageSubject): string {
  return imageVersion(MEDIA_STYLE, 'editorial', e.motif, e.palette);
}

export function editorialImageUrl(
  e: EditorialImageSubject,
  version: string,
  size: EditorialImageSize,
  format: ImageFormat,
): string {
  return `/media/editorial/${encodeURIComponent(e.motif)}/${encodeURIComponent(e.palette)}/${version}/${size}.${format}`;
}

export function isEditorialImageSize(size: string): size is EditorialImageSize {
  return Object.prototype.hasOwnProperty.call(EDITORIAL_IMAGE_SIZES, size);
}

const EDITORIAL_2X: Partial<Record<EditorialImageSize, EditorialImageSize>> = {
  card: 'card2x',
  paragraph: 'paragraph2x',
  slide: 'slide2x',
  icon: 'icon2x',
  // The brand corner's 300x300 thumbnail, sharp on phone screens (Lighthouse: image-size-responsive).
  thumb: 'thumb2x',
};

/**
 * An editorial picture for `<picture>`: WebP and PNG, their `2x` twins where one exists, its size and
 * its text alternative (empty for a decorative picture).
 */
export function editorialPicture(
  subject: EditorialImageSubject,
  size: EditorialImageSize,
  alt: string,
): PictureSources & { width: number; height: number; alt: string } {
  const version = editorialImageVersion(subject);
  const twin = EDITORIAL_2X[size];
  const [width, height] = EDITORIAL_IMAGE_SIZES[size];
  return {
    avif: editorialImageUrl(subject, version, size, 'avif'),
    webp: editorialImageUrl(subject, version, size, 'webp'),
    fallback: editorialImageUrl(subject, version, size, 'png'),
    ...(twin
      ? {
          avif2x: editorialImageUrl(subject, version, twin, 'avif'),
          webp2x: editorialImageUrl(subject, version, twin, 'webp'),
          fallback2x: editorialImageUrl(subject, version, twin, 'png'),
        }
      : {}),
    width,
    height,
    alt,
  };
}
