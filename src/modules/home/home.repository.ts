import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

/** SQL of the home page: its content (SPEC §3 "Homepage content") and the products it names. */
@Injectable()
export class HomeRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The home content of a site and language, with the ids of the published products its suggestions
   * name by reference (reference -> id), in one query: the page then reads their cards by id.
   */
  findContent(shopId: number, locale: string) {
    return this.db
      .selectFrom('home_content as h')
      .select([
        'h.content',
        sql<Record<string, number>>`(
          select coalesce(jsonb_object_agg(p.reference, p.id), '{}'::jsonb) from product p
          where p.published
            and p.reference in (select s->>'reference' from jsonb_array_elements(h.content->'suggestions') s)
        )`.as('product_ids'),
      ])
      .where('h.shop_id', '=', shopId)
      .where('h.locale', '=', locale)
      .executeTakeFirst();
  }
}
