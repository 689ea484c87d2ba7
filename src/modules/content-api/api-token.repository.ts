import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

export interface ApiTokenRow {
  id: number;
  name: string;
  secret_hash: string;
  scopes: string[];
  shops: number[] | null;
  revoked_at: Date | null;
}

/** The bearer tokens of the write API (migration 0019). */
@Injectable()
export class ApiTokenRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  byId(id: number): Promise<ApiTokenRow | undefined> {
    return this.db
      .selectFrom('api_token')
      .select(['id', 'name', 'secret_hash', 'scopes', 'shops', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A new token; `undefined` when a live token already has the name. */
  async create(row: {
    name: string;
    secret_hash: string;
    scopes: string[];
    shops: number[] | null;
  }): Promise<number | undefined> {
    const inserted = await this.db
      .insertInto('api_token')
      .values(row)
      .onConflict((oc) => oc.column('name').where('revoked_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  /** Revokes the live token of that name; false when there is none. */
  async revoke(name: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('api_token')
      .set({ revoked_at: sql<string>`now()` })
      .where('name', '=', name)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** Last use, written at most once a minute per token (not one write per request). */
  async touch(id: number): Promise<void> {
    await this.db
      .updateTable('api_token')
      .set({ last_used_at: sql<string>`now()` })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]),
      )
      .execute();
  }
}
