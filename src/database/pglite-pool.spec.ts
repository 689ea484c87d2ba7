import type { Worker } from 'node:worker_threads';
import { isDatabaseUnavailable } from './database';
import { PGLITE_WORKER_LIMITS, PGlitePool, textLiterals } from './pglite-pool';

describe(textLiterals.name, () => {
  it('quotes every plain value in PostgreSQL text format, doubling quotes', () => {
    expect(
      textLiterals(['a', "l'eau", "'); drop table x; --", 12, 1.5, -3, 10n, true, false, null, undefined]),
    ).toEqual([
      "'a'",
      "'l''eau'",
      "'''); drop table x; --'",
      "'12'",
      "'1.5'",
      "'-3'",
      "'10'",
      "'t'",
      "'f'",
      'null',
      'null',
    ]);
    expect(textLiterals([new Date('2026-11-25T10:00:00.000Z')])).toEqual(["'2026-11-25T10:00:00.000Z'"]);
  });

  it('writes a flat array as node-postgres does, elements quoted and escaped', () => {
    expect(textLiterals([[1, 2, 3], [], ['a', 'b"c', 'd\\e', "f'g", null], [true, false]])).toEqual([
      '\'{"1","2","3"}\'',
      "'{}'",
      `'{"a","b\\"c","d\\\\e","f''g",NULL}'`,
      '\'{"t","f"}\'',
    ]);
  });

  it('leaves nested arrays, objects and buffers to the extended protocol', () => {
    expect(textLiterals([[[1, 2]]])).toBeNull();
    expect(textLiterals([{ a: 1 }])).toBeNull();
    expect(textLiterals([[{ a: 1 }]])).toBeNull();
    expect(textLiterals([Buffer.from('x')])).toBeNull();
  });
});

describe(PGlitePool.name, () => {
  let sut: PGlitePool;
  beforeAll(async () => {
    sut = await PGlitePool.open({});
    await query('create table t (id integer primary key, name text, at timestamptz, ok boolean)', []);
  });
  afterAll(async () => sut.end());

  async function query(text: string, values: unknown[]) {
    const client = await sut.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  }

  it('runs the engine in a thread with a small young generation, which still carries large results', async () => {
    const worker = (sut as unknown as { worker: Worker }).worker;
    expect(worker.resourceLimits?.maxYoungGenerationSizeMb).toBe(PGLITE_WORKER_LIMITS.maxYoungGenerationSizeMb);
    // ~20 MB of rows in one answer: more than the young generation holds.
    const { rows } = await query("select i, repeat('x', 200) as filler from generate_series(1, $1::int) i", [100000]);
    expect(rows).toHaveLength(100000);
    expect(rows[99999]).toEqual({ i: 100000, filler: 'x'.repeat(200) });
  });

  it('runs a parameterised statement prepared once, values read by their own types', async () => {
    await query('insert into t (id, name, at, ok) values ($1, $2, $3, $4)', [
      1,
      "it's",
      new Date('2026-01-02T03:04:05Z'),
      true,
    ]);
    await query('insert into t (id, name, at, ok) values ($1, $2, $3, $4)', [2, "'); drop table t; --", null, false]);
    const rows = (await query('select id, name, at, ok from t where id >= $1 order by id', [1])).rows;
    expect(rows).toEqual([
      { id: 1, name: "it's", at: new Date('2026-01-02T03:04:05Z'), ok: true },
      { id: 2, name: "'); drop table t; --", at: null, ok: false },
    ]);
    const prepared = (
      await query('select count(*)::int as n from pg_prepared_statements where statement like $1', ['%insert into t%'])
    ).rows;
    expect(prepared).toEqual([{ n: 1 }]);
  });

  it('reads array parameters as the extended protocol does, prepared too', async () => {
    expect((await query('select $1::int[] as ids', [[1, 2, 3]])).rows).toEqual([{ ids: [1, 2, 3] }]);
    const texts = ['a', 'b"c', 'd\\e', "f'g", '{x,y}', 'NULL'];
    expect((await query('select $1::text[] as texts', [texts])).rows).toEqual([{ texts }]);
    // (PGlite reads a NULL element of an array it answers as the text 'NULL': asked in SQL here.)
    expect((await query('select ($1::text[])[2] is null as gap, cardinality($1) as n', [['a', null]])).rows).toEqual([
      { gap: true, n: 2 },
    ]);
    expect((await query('select $1::int[] as ids', [[]])).rows).toEqual([{ ids: [] }]);
    expect((await query('select 1 as one where 2 = any($1)', [[1, 2]])).rows).toEqual([{ one: 1 }]);
    const prepared = await query('select count(*)::int as n from pg_prepared_statements where statement like $1', [
      '%$1::text[] as texts%',
    ]);
    expect(prepared.rows).toEqual([{ n: 1 }]);
  });

  it('reports a statement that fails to prepare with its PostgreSQL code, and keeps working', async () => {
    const failure = query('select name from no_such_table where id = $1', [1]);
    await expect(failure).rejects.toThrow(/no_such_table/);
    await expect(failure).rejects.toMatchObject({ code: '42P01' });
    expect((await query('select name from t where id = $1', [1])).rows).toEqual([{ name: "it's" }]);
  });

  it('keeps 300 statements prepared, deallocating the least recently used', async () => {
    for (let i = 0; i < 310; i++) await query(`select $1::int + ${i} as n`, [1]);
    const kept = await query('select count(*)::int as n from pg_prepared_statements where statement like $1', [
      '%select $1::int + %',
    ]);
    expect(kept.rows[0].n).toBeLessThanOrEqual(300);
    expect(kept.rows[0].n).toBeGreaterThan(290);
    // An evicted one is prepared again when it comes back.
    expect((await query('select $1::int + 0 as n', [41])).rows).toEqual([{ n: 41 }]);
  });

  it("sends a statement without waiting for the earlier ones' answers", async () => {
    const worker = (sut as unknown as { worker: { postMessage: (message: unknown) => void } }).worker;
    const posted = jest.spyOn(worker, 'postMessage');
    try {
      const slow = query('select $1::int as n, pg_sleep(0.3) as s', [1]);
      const quick = query('select $1::int * 2 as n', [21]);
      await new Promise((resolve) => setImmediate(resolve));
      // Both are with the engine while the first still runs.
      expect(posted).toHaveBeenCalledTimes(2);
      expect((await quick).rows).toEqual([{ n: 42 }]);
      expect((await slow).rows[0].n).toBe(1);
    } finally {
      posted.mockRestore();
    }
  });

  it('answers each of many statements in flight its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => query('select $1::int * 2 as n, pg_sleep(0) as s', [i])),
    );
    expect(answers.map((a) => a.rows[0].n)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
  });

  it("keeps a transaction whole: another client's statements wait for its commit", async () => {
    const trx = await sut.connect();
    await trx.query('begin');
    await trx.query('insert into t (id, name) values ($1, $2)', [10, 'inside']);
    // Sent while the transaction is open: it must not run inside it (it would see the row, and the
    // rollback would not undo its own write).
    const other = query('insert into t (id, name) values ($1, $2) returning (select count(*)::int from t) as n', [
      11,
      'outside',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await trx.query('rollback');
    trx.release();
    expect((await other).rows).toEqual([{ n: 2 }]);
    expect((await query('select id from t where id >= $1 order by id', [10])).rows).toEqual([{ id: 11 }]);
  });

  it("lets the others go on when a transaction's client is released without ending it", async () => {
    const trx = await sut.connect();
    await trx.query('begin');
    trx.release();
    expect((await query('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
    await query('rollback', []);
  });

  it('fails every statement once the engine has ended, and ends once', async () => {
    const other = await PGlitePool.open({});
    await other.end();
    await other.end();
    const client = await other.connect();
    const failure = client.query('select 1', []);
    await expect(failure).rejects.toThrow(/the embedded database stopped/);
    // A page that meets it answers 503, "try again shortly".
    expect(isDatabaseUnavailable(await failure.catch((error: unknown) => error))).toBe(true);
  });
});
