import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

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
}
