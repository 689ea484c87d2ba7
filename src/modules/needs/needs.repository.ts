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

  /**
   * Every need of a locale, parents and children, in need order, each once. Its page is its published
   * `standard` page with a slug in this locale (route family "need"); should editors publish two, the
   * first by page order then id is the need's page (a plain join would list the need twice).
   */
  all(locale: string): Promise<NeedRow[]> {
    return this.db
      .selectFrom('need as n')
      .innerJoin('need_translation as nt', (j) => j.onRef('nt.need_id', '=', 'n.id').on('nt.locale', '=', locale))
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('page as p')
            .innerJoin('page_translation as pt', (j) =>
              j.onRef('pt.page_id', '=', 'p.id').on('pt.locale', '=', locale).on('pt.route', '=', 'need'),
            )
            .select(['p.id', 'pt.slug'])
            .whereRef('p.need_id', '=', 'n.id')
            .where('p.type', '=', 'standard')
            .where('p.published', '=', true)
            .orderBy('p.position')
            .orderBy('p.id')
            .limit(1)
            .as('own'),
        (j) => j.onTrue(),
      )
      .select([
        'n.id',
        'n.key',
        'n.parent_id',
        'n.order',
        'nt.label',
        'nt.slug',
        'own.id as page_id',
        'own.slug as page_slug',
      ])
      .orderBy('n.order')
      .orderBy('nt.label')
      .orderBy('n.id')
      .execute();
  }

  /**
   * Ids of the needs that published pages of these types name in this locale (the need index's
   * page_type): a page without a text in the visitor's language is no page of that site.
   */
  async needIdsWithPages(types: PageType[], locale: string): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('page as p')
      .select('p.need_id')
      .distinct()
      .where('p.type', 'in', types)
      .where('p.published', '=', true)
      .where('p.need_id', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('page_translation as pt')
            .select(sql`1`.as('one'))
            .whereRef('pt.page_id', '=', 'p.id')
            .where('pt.locale', '=', locale),
        ),
      )
      .execute();
    return new Set(rows.map((r) => r.need_id as number));
  }
}
