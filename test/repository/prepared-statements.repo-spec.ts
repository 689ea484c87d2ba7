import { Pool, type PoolClient } from 'pg';
import { preparingStatements } from '../../src/database/prepared-statements';

/**
 * Prepared statements on a PostgreSQL server's connections (src/database/prepared-statements.ts):
 * a parameterised query is planned once per connection, and a connection keeps a bounded number.
 * Needs a server (DATABASE_URL); PGlite has no connection pool to prepare on.
 */
const url = process.env.DATABASE_URL;
(url ? describe : describe.skip)('prepared statements on the PostgreSQL server', () => {
  let pool: Pool;
  let client: PoolClient;
  beforeAll(async () => {
    pool = preparingStatements(new Pool({ connectionString: url, max: 1 }), 3);
    // As Kysely does: a connection from the pool, then query(text, values).
    client = await pool.connect();
  });
  afterAll(async () => {
    client?.release();
    await pool?.end();
  });

  const prepared = async () =>
    (
      await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')
    ).rows.map((r) => r.statement);

  it('prepares a parameterised query once per connection and answers it each time', async () => {
    for (const n of [1, 2, 3]) {
      const { rows } = await client.query<{ doubled: number }>('select $1::int * 2 as doubled', [n]);
      expect(rows).toEqual([{ doubled: n * 2 }]);
    }
    expect((await prepared()).filter((s) => s.includes('$1::int * 2'))).toHaveLength(1);
  });

  it('keeps at most its capacity, the least recently used deallocated, and still answers an evicted text', async () => {
    const texts = [
      'select $1::int + 1 as v',
      'select $1::int + 2 as v',
      'select $1::int + 3 as v',
      'select $1::int + 4 as v',
    ];
    for (const text of texts) await client.query(text, [10]);
    const kept = await prepared();
    expect(kept.length).toBeLessThanOrEqual(3);
    expect(kept.some((s) => s.includes('+ 4'))).toBe(true);
    expect(kept.some((s) => s.includes('+ 1'))).toBe(false);
    expect((await client.query(texts[0], [10])).rows).toEqual([{ v: 11 }]);
  });

  it('sends queries without parameters as they are (several commands, no statement kept)', async () => {
    await client.query('select 1; select 2');
    expect((await prepared()).some((s) => s.includes('select 1; select 2'))).toBe(false);
  });

  it('survives a statement that fails to prepare', async () => {
    await expect(client.query('select $1::int from no_such_table', [1])).rejects.toThrow(/no_such_table/);
    expect((await client.query('select $1::int as one', [1])).rows).toEqual([{ one: 1 }]);
  });
});
