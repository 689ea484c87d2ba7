import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import { migrationsApplied, type Database } from '../../database/database';

@Injectable()
export class HealthRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async ping(): Promise<boolean> {
    const result = await sql<{ ok: number }>`select 1 as ok`.execute(this.db);
    return result.rows[0]?.ok === 1;
  }

  migrationsApplied(): Promise<boolean> {
    return migrationsApplied(this.db);
  }

  /** The contact feature's mail outbox (migration 0017): mails waiting, and given up (marked for the team). */
  async mailBacklog(): Promise<{ pending: number; failed: number }> {
    const result = await sql<{ pending: number; failed: number }>`
      select count(*) filter (where sent_at is null and failed_at is null)::int as pending,
             count(*) filter (where failed_at is not null)::int as failed
      from mail_outbox`.execute(this.db);
    const row = result.rows[0];
    return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
  }
}
