import type { PGlite } from '@electric-sql/pglite';
import { statementName } from './prepared-statements';

/** Statements the embedded database keeps prepared (least recently used ones are deallocated). */
export const PGLITE_PREPARED = 300;

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

  /** The statements prepared on the one connection (insertion order = least recently used first). */
  private readonly prepared = new Map<string, true>();

  async connect(): Promise<PGliteClient> {
    if (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy = true;
    return new PGliteClient(this.db, this.prepared, () => this.release());
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
    private readonly prepared: Map<string, true>,
    private readonly onRelease: () => void,
  ) {}

  async query(sql: string, parameters: readonly unknown[] = []) {
    // Without parameters a statement may hold several commands (migrations): the simple protocol.
    const literals = parameters.length ? textLiterals(parameters) : null;
    const result =
      parameters.length === 0
        ? ((await this.db.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : literals
          ? await this.execute(sql, literals)
          : await this.db.query<Record<string, unknown>>(sql, parameters as unknown[]);
    const command = (COMMAND.exec(sql)?.[1] ?? 'SELECT').toUpperCase();
    return {
      command: command === 'WITH' ? 'SELECT' : command,
      rowCount: result.affectedRows ?? result.rows.length,
      rows: result.rows,
    };
  }

  /**
   * A parameterised statement as a prepared one: PREPARE once (parsed and planned once), then
   * EXECUTE with the values as quoted literals, which the server reads with the parameters' own
   * input functions exactly as it reads text-format values of the extended protocol. One call into
   * the engine instead of five (parse, describe, bind, describe, execute), and no planning: at
   * 10,000 products a product page's queries spent longer being planned than run.
   */
  private async execute(sql: string, literals: string[]) {
    const name = statementName(sql);
    if (this.prepared.has(name)) this.prepared.delete(name);
    else {
      await this.db.exec(`prepare ${name} as ${sql}`);
      if (this.prepared.size >= PGLITE_PREPARED) {
        const oldest = this.prepared.keys().next().value as string;
        this.prepared.delete(oldest);
        await this.db.exec(`deallocate ${oldest}`);
      }
    }
    this.prepared.set(name, true);
    return (await this.db.exec(`execute ${name}(${literals.join(', ')})`)).at(-1) ?? { rows: [], affectedRows: 0 };
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.onRelease();
  }
}

/**
 * Values as SQL literals in PostgreSQL's text format (quoted, `'` doubled: standard_conforming_strings
 * is on), or null when one is not a plain value (arrays, objects, buffers: the extended protocol and
 * its own serializers take those).
 */
export function textLiterals(values: readonly unknown[]): string[] | null {
  const out: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) out.push('null');
    else if (typeof value === 'string') out.push(quote(value));
    else if (typeof value === 'number' || typeof value === 'bigint') out.push(quote(String(value)));
    else if (typeof value === 'boolean') out.push(value ? "'t'" : "'f'");
    else if (value instanceof Date) out.push(quote(value.toISOString()));
    else return null;
  }
  return out;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
