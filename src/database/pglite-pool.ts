import type { PGlite } from '@electric-sql/pglite';

/**
 * A `pg.Pool`-shaped facade over one embedded PGlite instance, so that Kysely's own PostgresDialect
 * (and therefore the same SQL and migrations) runs on both the embedded database and a server.
 * PGlite has a single connection: `connect()` hands it out to one holder at a time, which keeps a
 * transaction's statements together.
 */
export class PGlitePool {
  private queue: Array<() => void> = [];
  private busy = false;

  /** `onEnd`: after the database is closed (releases the data folder's lock). */
  constructor(
    private readonly db: PGlite,
    private readonly onEnd: () => void = () => {},
  ) {}

  async connect(): Promise<PGliteClient> {
    if (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy = true;
    return new PGliteClient(this.db, () => this.release());
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.busy = false;
  }

  async end(): Promise<void> {
    try {
      if (!this.db.closed) await this.db.close();
    } finally {
      this.onEnd();
    }
  }
}

const COMMAND = /^\s*(insert|update|delete|merge|select|with)\b/i;

class PGliteClient {
  private released = false;

  constructor(
    private readonly db: PGlite,
    private readonly onRelease: () => void,
  ) {}

  async query(sql: string, parameters: readonly unknown[] = []) {
    // Without parameters a statement may hold several commands (migrations): the simple protocol.
    const result =
      parameters.length === 0
        ? ((await this.db.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : await this.db.query<Record<string, unknown>>(sql, parameters as unknown[]);
    const command = (COMMAND.exec(sql)?.[1] ?? 'SELECT').toUpperCase();
    return {
      command: command === 'WITH' ? 'SELECT' : command,
      rowCount: result.affectedRows ?? result.rows.length,
      rows: result.rows,
    };
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.onRelease();
  }
}
