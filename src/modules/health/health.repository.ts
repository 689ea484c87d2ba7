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
}
