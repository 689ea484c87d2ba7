import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { Kysely, Migrator, PostgresDialect, type LogEvent, type MigrationResultSet } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import type { AppConfig } from '../config/app.config';
import { recordQuery } from '../common/timing/request-timing';
import { MIGRATIONS } from './migrations';
import { lockDataDir } from './data-dir-lock';
import { pgliteModule } from './pglite-module';
import { PGlitePool } from './pglite-pool';
import { preparingStatements } from './prepared-statements';
import type { DB } from './schema';

export type Database = Kysely<DB>;

/**
 * How long a request may wait for a connection (a new one, or a free one of the pool) before its
 * query fails: short, so that while the server is unreachable a page that needs it answers its error
 * page within 2 s instead of hanging (a refused connection fails at once anyway).
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 1500;

/** Opens the database of record: a PostgreSQL server with DATABASE_URL, otherwise embedded PGlite. */
export async function openDatabase(config: AppConfig): Promise<Database> {
  if (config.DATABASE_URL) {
    const pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_MAX,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30000,
      // A server that vanished without closing the connection (network cut) is noticed.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10000,
      statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
      // The default name; `?application_name=` in DATABASE_URL wins (tests name their own processes).
      application_name: 'catalogue-site',
    });
    if (config.DATABASE_PREPARED_STATEMENTS) preparingStatements(pool);
    const reachability = new DatabaseReachability();
    return new Kysely<DB>({
      dialect: new PostgresDialect({ pool: survivingOutages(pool, reachability) }),
      log: (event) => {
        countQueries(event);
        // A query that worked: the server is there (after an outage, the first one says so).
        if (event.level === 'query') reachability.reachable();
      },
    });
  }
  // The embedded PostgreSQL is a 30 MB WebAssembly module. Compiled with the baseline compiler
  // only, it takes ~60 MB less resident memory and starts faster; its queries are rarely on a hot
  // path (read models are cached). Must be set before the module is compiled.
  setFlagsFromString('--liftoff-only');
  let dataDir: string | undefined;
  let unlock = () => {};
  if (config.DATA_DIR !== ':memory:') {
    dataDir = resolve(join(config.DATA_DIR, 'pglite'));
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(resolve(config.DATA_DIR));
  }
  let pool: PGlitePool;
  try {
    const compiled = await pgliteModule(config.PGLITE_SHARED_BUFFERS_MB);
    if (!compiled)
      new Logger('Database').warn(
        `this PGlite build does not carry shared_buffers=128MB where expected: PGLITE_SHARED_BUFFERS_MB is not applied`,
      );
    // PGlite runs on its own thread (pglite-pool.ts), which gets the compiled module.
    pool = await PGlitePool.open({ dataDir, ...(compiled ? { wasmModule: compiled } : {}) }, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: pool as never }),
    log: countQueries,
  });
}

/** Each query (and failed query) adds its time to the request being served (Server-Timing). */
function countQueries(event: LogEvent): void {
  recordQuery(event.queryDurationMillis);
}

export function migrator(db: Database): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'kysely_migration',
    // Features are built on parallel branches, each with its own reserved migration number: a
    // database may have applied a later number before an earlier one lands. Each migration creates
    // its own tables, so the order between branches does not matter (docs/decisions.md).
    allowUnorderedMigrations: true,
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

/**
 * Whether the database server can be reached, as the process last saw it, logged once per change:
 * - unreachable when an attempt to open a connection fails (the server is down or refuses, or no
 *   connection came within DATABASE_CONNECT_TIMEOUT_MS): one warning, "database unavailable";
 * - reachable again when a connection opens or a query succeeds: one info, "database available again";
 * - a connection the server closes (`pg_terminate_backend` of one backend, a restart, a failover)
 *   says nothing of the others: it is logged on its own (info) and changes nothing; the pool opens
 *   another on demand, and that attempt tells whether the server is there. (Counting a lost
 *   connection as an outage left the state "down" while the other connections worked, and then kept
 *   quiet when a real outage came.)
 */
export class DatabaseReachability {
  private down = false;

  constructor(private readonly logger: Pick<Logger, 'warn' | 'log'> = new Logger('Database')) {}

  get available(): boolean {
    return !this.down;
  }

  unreachable(error: Error): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn(`database unavailable: ${error.message || String(error)}`);
  }

  reachable(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log('database available again');
  }

  connectionLost(error: Error): void {
    if (!this.down) this.logger.log(`database connection closed: ${error.message || String(error)}`);
  }
}

/**
 * A dropped connection or a server outage must never end the process, and the pool must heal by
 * itself when the server is back (connections are opened on demand, so it does once the failed ones
 * are gone):
 * - the pool's 'error' event (an idle connection was closed by the server: restart, failover,
 *   `pg_terminate_backend`) and each connection's own 'error' event (the same while a request holds
 *   it between two queries) have listeners; without one, Node throws them as uncaught exceptions;
 * - what that says of the server goes to `reachability` (logged once per change, not once per failed
 *   query; each request that failed still has its own error line).
 */
export function survivingOutages(pool: Pool, reachability = new DatabaseReachability()): Pool {
  const lost = (error: Error) => reachability.connectionLost(error);
  pool.on('error', lost);
  pool.on('connect', (client: PoolClient) => {
    client.on('error', lost);
    reachability.reachable();
  });
  // Failed attempts to open a connection (server down) reject `connect()`: Kysely's only call.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<PoolClient> | undefined;
  pool.connect = ((...args: unknown[]) => {
    if (args.length) return connect(...args); // pg's own callback form (pool.query)
    return (connect() as Promise<PoolClient>).catch((error: Error) => {
      reachability.unreachable(error);
      throw error;
    });
  }) as Pool['connect'];
  return pool;
}

/**
 * Whether an error means the database could not be reached or dropped the connection (rather than a
 * bad query): such a page answers 503, "try again shortly".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // PostgreSQL: connection exceptions (08…), shutdown / cannot connect now (57P01-57P03).
    if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
    // Node sockets.
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code))
      return true;
  }
  return (
    typeof message === 'string' &&
    // Kysely after `destroy()` (shutdown): a request still running when the pool closed.
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the embedded database stopped|driver has already been destroyed)/.test(
      message,
    )
  );
}
