import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { PICTURE_LABEL_LOCALE } from '../../database/schema';

/** SQL of the brand pages: brands list, brand landing pages, brand corners (SPEC §3 "Brand card", "Corner"). */
@Injectable()
export class BrandsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The published brand corner main pages then the brand landing pages (SPEC §7 "Brand pages": type
   * brand_corner_main then brand_landing, by order), each with its brand.
   */
  brandPages(locale: string) {
    return this.db
      .selectFrom('page as p')
      .innerJoin('page_translation as t', (j) => j.onRef('t.page_id', '=', 'p.id').on('t.locale', '=', locale))
      .innerJoin('brand as b', 'b.id', 'p.brand_id')
      .innerJoin('brand_translation as bt', (j) => j.onRef('bt.brand_id', '=', 'b.id').on('bt.locale', '=', locale))
      .innerJoin('brand_translation as bf', (j) =>
        j.onRef('bf.brand_id', '=', 'b.id').on('bf.locale', '=', PICTURE_LABEL_LOCALE),
      )
      .select([
        'p.id',
        'p.type',
        'p.cover',
        't.title',
        't.slug',
        't.route',
        't.excerpt',
        't.extra',
        'b.id as brand_id',
        'b.key as brand_key',
        'b.class as brand_class',
        'b.color as brand_color',
        'bt.name as brand_name',
        'bf.name as brand_name_fr',
      ])
      .where('p.type', 'in', ['brand_corner_main', 'brand_landing'])
      .where('p.published', '=', true)
      .orderBy(sql`case when p.type = 'brand_corner_main' then 0 else 1 end`)
      .orderBy('p.position')
      .orderBy('b.position')
      .orderBy('p.id')
      .execute();
  }

  /** The published pages of a brand corner (its tabs), by order. */
  cornerPages(brandId: number, locale: string) {
    return this.db
      .selectFrom('page as p')
      .innerJoin('page_translation as t', (j) => j.onRef('t.page_id', '=', 'p.id').on('t.locale', '=', locale))
      .select(['p.id', 'p.icon', 'p.cover', 't.slug', 't.title', 't.excerpt', 't.extra'])
      .where('p.type', '=', 'brand_corner_page')
      .where('p.brand_id', '=', brandId)
      .where('p.published', '=', true)
      .orderBy('p.position')
      .orderBy('p.id')
      .execute();
  }
}

export type BrandPageRow = Awaited<ReturnType<BrandsRepository['brandPages']>>[number];
export type CornerPageRow = Awaited<ReturnType<BrandsRepository['cornerPages']>>[number];
