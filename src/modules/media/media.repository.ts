import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { LABEL_LOCALE, type BrandLogoSubject, type ProductImageSubject } from './media-urls';

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
}
