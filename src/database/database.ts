import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { join, resolve } from 'node:path';
import { Kysely, Migrator, PostgresDialect, type MigrationResultSet } from 'kysely';
import { Pool } from 'pg';
import type { AppConfig } from '../config/app.config';
import { MIGRATIONS } from './migrations';
import { PGlitePool } from './pglite-pool';
import type { DB } from './schema';

export type Database = Kysely<DB>;

/** Opens the database of record: a PostgreSQL server with DATABASE_URL, otherwise embedded PGlite. */
export async function openDatabase(config: AppConfig): Promise<Database> {
  if (config.DATABASE_URL) {
    const pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_MAX,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
      statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
      application_name: 'catalogue-site',
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  // The embedded PostgreSQL is a 30 MB WebAssembly module. Compiled with the baseline compiler
  // only, it takes ~60 MB less resident memory and starts faster; its queries are rarely on a hot
  // path (read models are cached). Must be set before the module is compiled.
  setFlagsFromString('--liftoff-only');
  // Loaded lazily: the WASM build is only paid for by the embedded mode.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  let dataDir: string | undefined;
  if (config.DATA_DIR !== ':memory:') {
    dataDir = resolve(join(config.DATA_DIR, 'pglite'));
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) as never }) });
}

export function migrator(db: Database): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
}

export async function migrateToLatest(db: Database): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** True when every known migration has been applied (readiness). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const migrations = await migrator(db).getMigrations();
  return migrations.every((m) => m.executedAt !== undefined);
}
