import { buildPath, type Locale } from '../../../contracts/route-table';
import { brandLogo, PRODUCT_IMAGE_SIZES, productPicture as mediaProductPicture } from '../media';
import type { SiteContext } from '../shop';
import { formatPrice } from '../../../contracts/prices';
import { isNew } from './catalogue.rules';
import type { ProductCardRow } from './catalogue.types';
import type { Picture, ProductCardView } from '../../../contracts/catalogue';

type PictureSubject = {
  reference: string;
  name_fr: string;
  brand_name_fr: string;
  image: { shape: string; color: string };
};

export function productPicture(row: PictureSubject, size: 'card' | 'thumb' | 'slide' | 'zoom'): Omit<Picture, 'alt'> {
  const px = PRODUCT_IMAGE_SIZES[size];
  return {
    ...mediaProductPicture(row.reference, row.name_fr, row.brand_name_fr, row.image, size),
    width: px,
    height: px,
  };
}

export function brandPicture(brand: { key: string; name_fr: string; color: string; alt: string }): Picture {
  return { ...brandLogo(brand.key, brand.name_fr, brand.color, 'logo'), width: 80, height: 60, alt: brand.alt };
}

/** A product card (SPEC §2.2: image 140x140, brand logo 80x60, flags, price). */
export function toProductCard(
  row: ProductCardRow,
  site: Pick<SiteContext, 'locale' | 'salesPlan'>,
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
      logo: brandPicture({
        key: row.brand_key,
        name_fr: row.brand_name_fr,
        color: row.brand_color,
        alt: row.brand_name,
      }),
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
    galenicFormat: row.galenic_format ? row.galenic_label : null,
  };
}
