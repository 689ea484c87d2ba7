import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { LABEL_LOCALE, type BrandLogoSubject, type ProductImageSubject } from './media-urls';

/** What the generated images draw, read from the catalogue tables. */
@Injectable()
export class MediaRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * A product by reference, case-insensitively (URLs carry it in lower case): the unique index answers
   * the usual upper-case references; other spellings fall back to comparing lower-cased values.
   */
  async findProduct(reference: string): Promise<ProductImageSubject | undefined> {
    return (
      (await this.productWhere('exact', reference.toUpperCase())) ??
      (await this.productWhere('lower', reference.toLowerCase()))
    );
  }

  async findBrand(key: string): Promise<BrandLogoSubject | undefined> {
    const row = await this.db
      .selectFrom('brand')
      .select(['brand.key', 'brand.color'])
      .select((eb) =>
        eb
          .selectFrom('brand_translation as bt')
          .select('bt.name')
          .whereRef('bt.brand_id', '=', 'brand.id')
          .orderBy(sql`bt.locale = ${LABEL_LOCALE}`, 'desc')
          .orderBy('bt.locale')
          .limit(1)
          .as('name'),
      )
      .where('brand.key', '=', key)
      .executeTakeFirst();
    return row ? { key: row.key, name: row.name ?? row.key, color: row.color } : undefined;
  }

  private async productWhere(match: 'exact' | 'lower', reference: string): Promise<ProductImageSubject | undefined> {
    const row = await this.db
      .selectFrom('product')
      .innerJoin('brand', 'brand.id', 'product.brand_id')
      .select(['product.reference', 'product.image', 'brand.key as brandKey'])
      .select((eb) => [
        eb
          .selectFrom('product_translation as t')
          .select('t.name')
          .whereRef('t.product_id', '=', 'product.id')
          .orderBy(sql`t.locale = ${LABEL_LOCALE}`, 'desc')
          .orderBy('t.locale')
          .limit(1)
          .as('name'),
        eb
          .selectFrom('brand_translation as bt')
          .select('bt.name')
          .whereRef('bt.brand_id', '=', 'brand.id')
          .orderBy(sql`bt.locale = ${LABEL_LOCALE}`, 'desc')
          .orderBy('bt.locale')
          .limit(1)
          .as('brandName'),
      ])
      .$if(match === 'exact', (q) => q.where('product.reference', '=', reference))
      .$if(match === 'lower', (q) => q.where(sql<string>`lower(product.reference)`, '=', reference))
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
}
