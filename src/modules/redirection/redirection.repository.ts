import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

@Injectable()
export class RedirectionRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The rules of a shop's site in one language: its own first, then those of every language. */
  findForSite(shopId: number, locale: string) {
    return this.db
      .selectFrom('redirection')
      .select(['match', 'source', 'target', 'code'])
      .where((eb) => eb.or([eb('shop_id', '=', shopId), eb('shop_id', 'is', null)]))
      .where((eb) => eb.or([eb('locale', '=', locale), eb('locale', 'is', null)]))
      .orderBy(sql`locale is null`)
      .orderBy('id')
      .execute();
  }
}
