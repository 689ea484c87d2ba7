import { buildPath, type Locale } from '../../common/routing/route-table';
import { brandLogoUrl, imageVersion, productImageUrl } from '../media/media-urls';
import type { SiteContext } from '../shop/shop.types';
import { formatPrice, isNew } from './catalogue.rules';
import type { ProductCardRow } from './catalogue.types';
import type { Picture, ProductCardView } from './catalogue.views';

export function productPicture(
  row: { reference: string; image: { shape: string; color: string }; name: string },
  size: 'card' | 'thumb' | 'slide' | 'zoom',
): Omit<Picture, 'alt'> {
  const version = imageVersion(row.reference.toLowerCase(), row.image.shape, row.image.color);
  const px = { card: 140, thumb: 300, slide: 600, zoom: 1000 }[size];
  const twice = size === 'card' ? ('card2x' as const) : size === 'thumb' ? ('slide' as const) : undefined;
  return {
    webp: productImageUrl(row.reference, version, size, 'webp'),
    fallback: productImageUrl(row.reference, version, size, 'png'),
    ...(twice
      ? {
          webp2x: productImageUrl(row.reference, version, twice, 'webp'),
          fallback2x: productImageUrl(row.reference, version, twice, 'png'),
        }
      : {}),
    width: px,
    height: px,
  };
}

export function brandPicture(brand: { key: string; name: string; color?: string }): Picture {
  const version = imageVersion(brand.key, brand.name, brand.color ?? '');
  return {
    webp: brandLogoUrl(brand.key, version, 'logo', 'webp'),
    fallback: brandLogoUrl(brand.key, version, 'logo', 'png'),
    webp2x: brandLogoUrl(brand.key, version, 'logo2x', 'webp'),
    fallback2x: brandLogoUrl(brand.key, version, 'logo2x', 'png'),
    width: 80,
    height: 60,
    alt: brand.name,
  };
}

/** A product card (SPEC §2.2: image 140x140, brand logo 80x60, flags, price). */
export function toProductCard(
  row: ProductCardRow,
  site: Pick<SiteContext, 'locale' | 'salesPlan'>,
  brandColors: Map<string, string>,
  galenicLabels: Map<string, string>,
  now = new Date(),
): ProductCardView {
  const price = Number(row.price);
  const original = row.original_price === null ? null : Number(row.original_price);
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    href: buildPath('product', site.locale as Locale, { slug: row.slug }),
    tagline: row.tagline,
    brand: {
      name: row.brand_name,
      class: row.brand_class,
      logo: brandPicture({ key: row.brand_key, name: row.brand_name, color: brandColors.get(row.brand_key) }),
    },
    image: { ...productPicture(row, 'card'), alt: row.name },
    price: row.is_free ? null : formatPrice(price, { currency: site.salesPlan.currencySymbol }),
    originalPrice:
      original !== null && original > price ? formatPrice(original, { currency: site.salesPlan.currencySymbol }) : null,
    flags: {
      isNew: isNew(row.is_new_from, row.is_new_to, now),
      promoted: row.promoted,
      newFormula: row.is_new_formulae,
    },
    isFree: row.is_free,
    galenicFormat: row.galenic_format ? (galenicLabels.get(row.galenic_format) ?? null) : null,
  };
}
