import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';

/** Statements kept prepared per connection (least recently used ones are deallocated). */
export const PREPARED_PER_CONNECTION = 200;

/** A statement's name: a hash of its text (the same text is the same statement on every connection). */
const names = new Map<string, string>();
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= 5000) names.clear();
    names.set(text, name);
  }
  return name;
}

type QueryFn = (...args: unknown[]) => unknown;
interface Connection {
  parsedStatements: Record<string, string>;
}

/**
 * Every parameterised query runs as a named prepared statement on its connection, so PostgreSQL plans
 * a statement once per connection instead of at every request: a product page's queries spent 5 to
 * 15 times longer being planned than being run (their joins, at 10,000 products). Kysely gives the
 * `pg` driver text and values; this gives `pg` a name for that text, and `pg` parses it only the first
 * time on each connection. Each connection keeps at most `capacity` statements: the least recently
 * used one is deallocated when another arrives (texts vary with the length of `in (…)` lists).
 * Queries without parameters (migrations, several commands) are sent as they are.
 *
 * A proxy that hands one client's statements to several server connections (PgBouncer in
 * transaction mode) cannot keep prepared statements: DATABASE_PREPARED_STATEMENTS=false there.
 */
export function preparingStatements(pool: Pool, capacity = PREPARED_PER_CONNECTION): Pool {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as QueryFn;
    const prepared = new Map<string, true>();
    const connection = (client as unknown as { connection: Connection }).connection;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || args.length > 2)
        return query(...args);
      const name = statementName(text);
      if (prepared.has(name)) prepared.delete(name);
      prepared.set(name, true);
      if (prepared.size > capacity) {
        const oldest = prepared.keys().next().value as string;
        prepared.delete(oldest);
        // Queued behind the queries already sent on this connection; a statement whose preparation
        // failed was never kept, so its deallocation may fail too: nothing to do then.
        delete connection.parsedStatements[oldest];
        (query(`deallocate "${oldest}"`) as Promise<unknown>).catch(() => undefined);
      }
      return query({ name, text, values });
    };
  });
  return pool;
}
