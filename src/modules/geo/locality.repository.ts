import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

/** The official Swiss localities (migration 0008). Look-ups are restricted to Switzerland. */
@Injectable()
export class LocalityRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The distinct names of the Swiss localities a postcode serves, alphabetically (index on postcode). */
  async namesByPostcode(postcode: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('locality')
      .select('name')
      .distinct()
      .where('postcode', '=', postcode)
      .where('country', '=', 'CH')
      .orderBy('name')
      .execute();
    return rows.map((r) => r.name);
  }
}
