import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import {
  galleryVisuals,
  LABEL_LOCALE,
  type BrandLogoSubject,
  type ProductImageSubject,
  type SlideSubject,
} from './media-urls';

/**
 * A label in the picture language (LABEL_LOCALE), or the first other translation when there is none:
 * pictures carry one text on every site.
 */
function labelOf(owner: 'product' | 'brand') {
  const table = owner === 'product' ? 'product_translation' : 'brand_translation';
  return sql<string | null>`(select l.name from ${sql.table(table)} l
    where ${sql.ref(`l.${owner}_id`)} = ${sql.ref(`${owner}.id`)}
    order by l.locale = ${LABEL_LOCALE} desc, l.locale limit 1)`;
}

/** What the generated images draw, read from the catalogue tables. */
@Injectable()
export class MediaRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A product by reference, case-insensitively (URLs carry it in lower case; index on lower(reference)). */
  async findProduct(reference: string): Promise<ProductImageSubject | undefined> {
    const row = await this.db
      .selectFrom('product')
      .innerJoin('brand', 'brand.id', 'product.brand_id')
      .select(['product.reference', 'product.image', 'brand.key as brandKey'])
      .select([labelOf('product').as('name'), labelOf('brand').as('brandName')])
      .where(sql<string>`lower(product.reference)`, '=', reference.toLowerCase())
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      reference: row.reference,
      name: row.name ?? row.reference,
      brandName: row.brandName ?? row.brandKey,
      // Raw values, as the catalogue passes them to productPicture: both sides hash the same strings.
      image: { shape: String(row.image?.shape ?? ''), color: String(row.image?.color ?? '') },
    };
  }

  async findBrand(key: string): Promise<BrandLogoSubject | undefined> {
    const row = await this.db
      .selectFrom('brand')
      .select(['brand.key', 'brand.color'])
      .select(labelOf('brand').as('name'))
      .where('brand.key', '=', key)
      .executeTakeFirst();
    return row ? { key: row.key, name: row.name ?? row.key, color: row.color } : undefined;
  }

  /** A gallery visual of a product (`content` or `ingredient-N`), when the product has it. */
  async findSlide(reference: string, visual: string): Promise<SlideSubject | undefined> {
    const row = await this.db
      .selectFrom('product')
      .select(['product.reference', 'product.image', 'product.caracteristics'])
      .where(sql<string>`lower(product.reference)`, '=', reference.toLowerCase())
      .executeTakeFirst();
    const found = row && galleryVisuals(row.caracteristics).find((v) => v.visual === visual);
    if (!row || !found || found.visual === 'packshot') return undefined;
    const ingredient =
      'ingredientKey' in found
        ? {
            name: (await this.vocabularyLabel('active_ingredient', found.ingredientKey)) ?? found.ingredientKey,
            amount: found.amount,
          }
        : null;
    return {
      reference: row.reference,
      visual,
      color: String(row.image?.color ?? ''),
      galenicFormat: row.caracteristics?.galenic_format ?? null,
      ingredient,
    };
  }

  /** A vocabulary label in the picture language, or its first other translation. */
  private async vocabularyLabel(kind: string, key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('vocabulary')
      .select('label')
      .where('kind', '=', kind)
      .where('key', '=', key)
      .orderBy(sql`locale = ${LABEL_LOCALE}`, 'desc')
      .orderBy('locale')
      .executeTakeFirst();
    return row?.label;
  }
}
