// @ts-check
/**
 * The embedded PostgreSQL's own thread (a worker_threads worker, started by PGlitePool): PGlite runs
 * here, so its WebAssembly engine (60-70 % of a page's CPU on the embedded database) works on one
 * core while the main thread parses requests, renders and compresses pages on the other.
 *
 * Plain JavaScript (checked by the compiler through these JSDoc types): a worker is started from a
 * file Node runs as it is, and the same file serves the built server (copied to dist/ by tsc) and
 * the specs, which run the TypeScript sources.
 *
 * Messages in: `{ id, sql, name?, literals?, params? }` (a statement) or `{ id, close: true }`.
 * Messages out: `{ ready: true }` once open, or `{ failed }` if it could not open; then per message
 * `{ id, rows, affectedRows }` or `{ id, error }` (the error's message and PostgreSQL fields).
 * Statements run one after the other in the order they arrived: the pool sends a transaction's
 * statements with nothing else in between (pglite-pool.ts).
 */
const { parentPort, workerData } = require('node:worker_threads');

/** Statements kept prepared (least recently used ones are deallocated). */
const PREPARED_CAPACITY = 300;

/**
 * @typedef {{ rows: unknown[]; affectedRows?: number }} Results
 * @typedef {{ exec(sql: string): Promise<Results[]>; query(sql: string, params: unknown[]): Promise<Results>; close(): Promise<void> }} Engine
 * @typedef {{ id: number; sql?: string; name?: string; literals?: string[]; params?: unknown[]; close?: boolean }} Request
 */

async function open() {
  const { PGlite } = await import(workerData.modules.pglite);
  /** @type {Record<string, unknown>} */
  const extensions = {};
  for (const [name, path] of Object.entries(/** @type {Record<string, string>} */ (workerData.modules.extensions)))
    extensions[name] = (await import(path))[name];
  /** @type {Engine} */
  const db = await PGlite.create({
    dataDir: workerData.dataDir,
    extensions,
    ...(workerData.wasmModule ? { wasmModule: workerData.wasmModule } : {}),
  });
  return db;
}

/**
 * @param {Engine} db
 * @returns {(request: Request) => Promise<Results | null>}
 */
function runner(db) {
  /** Prepared statements by name (insertion order = least recently used first). */
  const prepared = new Map();
  const last = (/** @type {Results[]} */ results) => results.at(-1) ?? { rows: [], affectedRows: 0 };
  return async (request) => {
    if (request.close) {
      await db.close();
      return null;
    }
    const sql = /** @type {string} */ (request.sql);
    // Without parameters a statement may hold several commands (migrations): the simple protocol.
    if (request.literals && request.name) {
      // PREPARE once (parsed and planned once), then EXECUTE with the values as quoted literals,
      // read by the parameters' own input functions as text-format values of the extended protocol
      // are: one call into the engine instead of five, and no planning per request.
      const name = request.name;
      if (prepared.has(name)) prepared.delete(name);
      else {
        await db.exec(`prepare ${name} as ${sql}`);
        if (prepared.size >= PREPARED_CAPACITY) {
          const oldest = prepared.keys().next().value;
          prepared.delete(oldest);
          await db.exec(`deallocate ${oldest}`);
        }
      }
      prepared.set(name, true);
      return last(await db.exec(`execute ${name}(${request.literals.join(', ')})`));
    }
    if (request.params?.length) return db.query(sql, request.params);
    return last(await db.exec(sql));
  };
}

/** @param {unknown} error */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  // PostgreSQL's fields (code, detail, constraint...) are the error's own properties.
  return { ...error, message: error.message, name: error.name };
}

open().then(
  (db) => {
    const run = runner(db);
    /** @type {Request[]} */
    const queue = [];
    let running = false;
    const drain = async () => {
      running = true;
      for (let request = queue.shift(); request; request = queue.shift()) {
        try {
          const result = await run(request);
          parentPort?.postMessage({ id: request.id, rows: result?.rows ?? [], affectedRows: result?.affectedRows });
        } catch (error) {
          parentPort?.postMessage({ id: request.id, error: describe(error) });
        }
      }
      running = false;
    };
    parentPort?.on('message', (/** @type {Request} */ request) => {
      queue.push(request);
      if (!running) void drain();
    });
    parentPort?.postMessage({ ready: true });
  },
  (error) => parentPort?.postMessage({ failed: describe(error) }),
);
