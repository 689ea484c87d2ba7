import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import type { DrawnPicture } from '../../database/schema';

/** A published page a header slide names, in the slide's language (its link, title, excerpt and cover). */
export interface SlidePageRow {
  key: string;
  cover: DrawnPicture | null;
  route: string;
  slug: string;
  title: string;
  excerpt: string;
}

/** SQL of the home page: its content (SPEC §3 "Homepage content") and the products and pages it names. */
@Injectable()
export class HomeRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The home content of a site and language in one query, with what it names: the ids of the published
   * products its suggestions and slides name by reference (reference -> id), and the published pages
   * its slides name by key, in that language (key -> page). The page then reads their cards by id.
   */
  findContent(shopId: number, locale: string) {
    return this.db
      .selectFrom('home_content as h')
      .select([
        'h.content',
        sql<Record<string, number>>`(
          select coalesce(jsonb_object_agg(p.reference, p.id), '{}'::jsonb) from product p
          where p.published
            and p.reference in (
              select s->>'reference' from jsonb_array_elements(coalesce(h.content->'suggestions', '[]'::jsonb)) s
              union all
              select jsonb_array_elements_text(coalesce(sl->'products', '[]'::jsonb))
              from jsonb_array_elements(coalesce(h.content->'slider', '[]'::jsonb)) sl
            )
        )`.as('product_ids'),
        sql<Record<string, SlidePageRow>>`(
          select coalesce(jsonb_object_agg(p.key, jsonb_build_object(
            'key', p.key, 'cover', p.cover, 'route', t.route, 'slug', t.slug, 'title', t.title, 'excerpt', t.excerpt
          )), '{}'::jsonb)
          from page p join page_translation t on t.page_id = p.id and t.locale = h.locale
          where p.published
            and p.key in (
              select sl->>'page' from jsonb_array_elements(coalesce(h.content->'slider', '[]'::jsonb)) sl
            )
        )`.as('slide_pages'),
      ])
      .where('h.shop_id', '=', shopId)
      .where('h.locale', '=', locale)
      .executeTakeFirst();
  }
}
