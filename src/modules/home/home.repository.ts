import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import type { DrawnPicture } from '../../database/schema';

/** SQL of the home page: its content (SPEC §3 "Homepage content") and the products it names. */
@Injectable()
export class HomeRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  findContent(shopId: number, locale: string) {
    return this.db
      .selectFrom('home_content')
      .select('content')
      .where('shop_id', '=', shopId)
      .where('locale', '=', locale)
      .executeTakeFirst();
  }

  /** Ids of published products by reference (the suggestions name products by reference). */
  async productIds(references: string[]): Promise<Map<string, number>> {
    if (!references.length) return new Map();
    const rows = await this.db
      .selectFrom('product')
      .select(['id', 'reference'])
      .where('reference', 'in', references)
      .where('published', '=', true)
      .execute();
    return new Map(rows.map((r) => [r.reference, r.id]));
  }

  /** The published pages the header slider names, by key, with their cover and slug in a locale. */
  async slidePages(keys: string[], locale: string) {
    if (!keys.length) return new Map<string, SlidePageRow>();
    const rows = await this.db
      .selectFrom('page as p')
      .innerJoin('page_translation as t', (j) => j.onRef('t.page_id', '=', 'p.id').on('t.locale', '=', locale))
      .select(['p.key', 'p.cover', 't.route', 't.slug', 't.title', 't.excerpt'])
      .where('p.key', 'in', keys)
      .where('p.published', '=', true)
      .execute();
    return new Map(rows.map((r) => [r.key, r]));
  }
}

export interface SlidePageRow {
  key: string;
  cover: DrawnPicture | null;
  route: string;
  slug: string;
  title: string;
  excerpt: string;
}
