import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import type { PageType } from '../../database/schema';

/** A need in a locale (SPEC §3 "Need"), with the slug of its own page when it has a published one. */
export interface NeedRow {
  id: number;
  key: string;
  parent_id: number | null;
  order: number;
  label: string;
  slug: string;
  page_id: number | null;
  page_slug: string | null;
}

/** SQL of the needs (SPEC §3 "Need", §7 "Needs"). */
@Injectable()
export class NeedsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Every need of a locale, parents and children, in need order. */
  all(locale: string): Promise<NeedRow[]> {
    return this.db
      .selectFrom('need as n')
      .innerJoin('need_translation as nt', (j) => j.onRef('nt.need_id', '=', 'n.id').on('nt.locale', '=', locale))
      .leftJoin('page as p', (j) =>
        j.onRef('p.need_id', '=', 'n.id').on('p.type', '=', 'standard').on('p.published', '=', true),
      )
      .leftJoin('page_translation as pt', (j) =>
        j.onRef('pt.page_id', '=', 'p.id').on('pt.locale', '=', locale).on('pt.route', '=', 'need'),
      )
      .select([
        'n.id',
        'n.key',
        'n.parent_id',
        'n.order',
        'nt.label',
        'nt.slug',
        sql<number | null>`case when pt.slug is null then null else p.id end`.as('page_id'),
        'pt.slug as page_slug',
      ])
      .orderBy('n.order')
      .orderBy('nt.label')
      .orderBy('n.id')
      .execute();
  }

  /** Ids of the needs that published pages of these types name (the need index's page_type). */
  async needIdsWithPages(types: PageType[]): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('page')
      .select('need_id')
      .distinct()
      .where('type', 'in', types)
      .where('published', '=', true)
      .where('need_id', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.need_id as number));
  }
}
