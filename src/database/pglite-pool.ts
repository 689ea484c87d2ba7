import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { statementName } from './prepared-statements';

/**
 * Where PGlite and its extensions are (resolved here: the worker loads them by path). Only when an
 * embedded database opens: the server mode never looks for them.
 */
function pgliteModules() {
  return {
    pglite: require.resolve('@electric-sql/pglite'),
    extensions: Object.fromEntries(
      ['pg_trgm', 'unaccent', 'cube', 'earthdistance'].map((name) => [
        name,
        require.resolve(`@electric-sql/pglite/contrib/${name}`),
      ]),
    ),
  };
}

/** An error as the worker described it (message and PostgreSQL fields), made in this thread. */
function errorOf(described: { message: string } & Record<string, unknown>): Error {
  return Object.assign(new Error(described.message), described);
}

export interface PGliteOptions {
  /** The data folder; none: in memory. */
  dataDir?: string;
  /** PGlite's WebAssembly module, compiled (pglite-module.ts); none: PGlite compiles its own. */
  wasmModule?: WebAssembly.Module;
}

interface Reply {
  id: number;
  rows?: Record<string, unknown>[];
  affectedRows?: number;
  error?: { message: string } & Record<string, unknown>;
}

interface Pending {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/**
 * The engine thread's young generation, in MB (V8's own is 48: two 16 MB semi-spaces and their
 * large objects). What this thread allocates dies at once (each statement's rows, copied to the main
 * thread as soon as they are read), so small semi-spaces cost scavenges of almost nothing live, while
 * V8's own keep ~35 MB of dead rows resident for good. Measured at 10,000 products (docs/decisions.md
 * "Resident memory and the heap's growth"): ~20 MB less resident memory, the same req/s.
 */
export const PGLITE_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 } as const;

/**
 * A `pg.Pool`-shaped facade over one embedded PGlite, so that Kysely's own PostgresDialect (and
 * therefore the same SQL and migrations) runs on both the embedded database and a server.
 *
 * PGlite runs on its own thread (pglite-worker.js), which takes the statements one after the other in
 * the order they are sent. Statements are sent as soon as they are asked for, without waiting for the
 * previous one's answer: the engine is never idle while the main thread renders a page, and while it
 * works the main thread serves other requests (2 cores, 10,000 products: the filtered list 49 -> 67
 * requests/s, the results page 26 -> 36; docs/decisions.md). PGlite has a single session, so a transaction is kept whole: from
 * its `begin` to its `commit` or `rollback` (Kysely's own statements), the other clients' statements
 * wait here and go after it. (A connection pinned without a transaction, `db.connection()`, gets no
 * such guarantee; nothing uses one.)
 */
export class PGlitePool {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | null = null;
  private ended = false;
  /** The client whose transaction is open, and the statements of others waiting for its end. */
  private holder: PGliteClient | null = null;
  private waiting: Array<() => void> = [];

  /** Settled once the database is open (or could not be). */
  private readonly opened: Promise<void>;

  private constructor(
    private readonly worker: Worker,
    private readonly onEnd: () => void,
  ) {
    let opened: { resolve: () => void; reject: (error: Error) => void } | undefined;
    this.opened = new Promise<void>((resolve, reject) => (opened = { resolve, reject }));
    worker.on('message', (message: Reply & { ready?: true; failed?: { message: string } }) => {
      if (message.ready) opened?.resolve();
      else if (message.failed) opened?.reject(errorOf(message.failed));
      else this.answer(message);
    });
    worker.on('error', (error) => {
      opened?.reject(error);
      this.stop(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`its thread ended (exit code ${code})`);
      opened?.reject(error);
      this.stop(error);
    });
  }

  /** Starts the engine's thread and opens the database. `onEnd`: after it is closed (releases the data folder's lock). */
  static async open(options: PGliteOptions, onEnd: () => void = () => {}): Promise<PGlitePool> {
    const worker = new Worker(join(__dirname, 'pglite-worker.js'), {
      workerData: { ...options, modules: pgliteModules() },
      resourceLimits: PGLITE_WORKER_LIMITS,
    });
    const pool = new PGlitePool(worker, onEnd);
    try {
      await pool.opened;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    // Like an engine in the main thread, an idle one does not keep the process alive.
    worker.unref();
    return pool;
  }

  async connect(): Promise<PGliteClient> {
    return new PGliteClient(this);
  }

  /** Sends one statement (or the close) to the engine; resolves with its answer, in sending order. */
  send(message: {
    sql?: string;
    name?: string;
    literals?: string[];
    params?: unknown[];
    close?: true;
  }): Promise<Reply> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    // The thread keeps the process alive only while a statement is on its way.
    if (!this.pending.size) this.worker.ref();
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private answer(reply: Reply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (!this.pending.size) this.worker.unref();
    pending.resolve(reply);
  }

  /** The engine's thread is gone (a crash, or after end()): every waiting statement fails, and every later one. */
  private stop(cause: Error): void {
    if (this.stopped) return;
    this.stopped = new Error(`the embedded database stopped: ${cause.message}`);
    for (const { reject } of this.pending.values()) reject(this.stopped);
    this.pending.clear();
  }

  /** Whether another client's transaction is open: then `client` waits for `released()`. */
  heldFrom(client: PGliteClient): boolean {
    return this.holder !== null && this.holder !== client;
  }

  /** Resolves when the open transaction ends. */
  released(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  hold(client: PGliteClient): void {
    this.holder = client;
  }

  free(client: PGliteClient): void {
    if (this.holder !== client) return;
    this.holder = null;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    try {
      if (!this.stopped) {
        const reply = await this.send({ close: true });
        if (reply.error) throw errorOf(reply.error);
      }
    } finally {
      await this.worker.terminate();
      this.onEnd();
    }
  }
}

const COMMAND = /^\s*(insert|update|delete|merge|select|with)\b/i;
/** How Kysely opens and ends a transaction (PostgresDriver): raw statements, exactly these. */
const BEGIN = /^(begin|start transaction\b)/;
const END = /^(commit|rollback)$/;

class PGliteClient {
  constructor(private readonly pool: PGlitePool) {}

  async query(sql: string, parameters: readonly unknown[] = []) {
    const pool = this.pool;
    while (pool.heldFrom(this)) await pool.released();
    // From the check to the send, nothing awaits: no other statement can slip in between.
    if (BEGIN.test(sql)) pool.hold(this);
    // Plain values go as literals of a prepared statement; arrays, objects and buffers through the
    // extended protocol and its own serializers.
    const literals = parameters.length ? textLiterals(parameters) : null;
    let reply: Reply;
    try {
      reply = await pool.send(
        !parameters.length
          ? { sql }
          : literals
            ? { sql, name: statementName(sql), literals }
            : { sql, params: [...parameters] },
      );
    } finally {
      if (END.test(sql)) pool.free(this);
    }
    // Made here, so that its stack is the caller's.
    if (reply.error) throw errorOf(reply.error);
    const command = (COMMAND.exec(sql)?.[1] ?? 'SELECT').toUpperCase();
    const rows = reply.rows ?? [];
    return { command: command === 'WITH' ? 'SELECT' : command, rowCount: reply.affectedRows ?? rows.length, rows };
  }

  release(): void {
    this.pool.free(this);
  }
}

/**
 * Values as SQL literals in PostgreSQL's text format (quoted, `'` doubled: standard_conforming_strings
 * is on), or null when one is not a plain value (objects, buffers, nested arrays: the extended protocol
 * and its own serializers take those). A flat array is written as node-postgres writes it (`{1,2}`,
 * `{"a","b\"c",NULL}`): a search's 500 ranked ids keep their statement prepared.
 */
export function textLiterals(values: readonly unknown[]): string[] | null {
  const out: string[] = [];
  for (const value of values) {
    const text = Array.isArray(value) ? arrayText(value) : plainText(value);
    if (text === undefined) return null;
    out.push(text === null ? 'null' : quote(text));
  }
  return out;
}

/** A plain value's text format; null for SQL NULL; undefined when it is not a plain value. */
function plainText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

/** A flat array's text format (`{…}`, elements double-quoted, `\` and `"` escaped); undefined otherwise. */
function arrayText(values: readonly unknown[]): string | undefined {
  const parts: string[] = [];
  for (const value of values) {
    if (Array.isArray(value)) return undefined;
    const text = plainText(value);
    if (text === undefined) return undefined;
    parts.push(text === null ? 'NULL' : `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
  }
  return `{${parts.join(',')}}`;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
