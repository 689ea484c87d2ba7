import { PGlite } from '@electric-sql/pglite';
import { PGlitePool, textLiterals } from './pglite-pool';

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

  it('leaves arrays, objects and buffers to the extended protocol', () => {
    expect(textLiterals([[1, 2]])).toBeNull();
    expect(textLiterals([{ a: 1 }])).toBeNull();
    expect(textLiterals([Buffer.from('x')])).toBeNull();
  });
});

describe(PGlitePool.name, () => {
  let db: PGlite;
  let sut: PGlitePool;
  beforeAll(async () => {
    db = new PGlite();
    sut = new PGlitePool(db);
    await db.exec('create table t (id integer primary key, name text, at timestamptz, ok boolean)');
  });
  afterAll(async () => sut.end());

  const query = async (text: string, values: unknown[]) => {
    const client = await sut.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  };

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

  it('answers the same as the extended protocol for an array parameter', async () => {
    expect((await query('select $1::int[] as ids', [[1, 2, 3]])).rows).toEqual([{ ids: [1, 2, 3] }]);
  });

  it('reports a statement that fails to prepare, and keeps working', async () => {
    await expect(query('select name from no_such_table where id = $1', [1])).rejects.toThrow(/no_such_table/);
    expect((await query('select name from t where id = $1', [1])).rows).toEqual([{ name: "it's" }]);
  });
});
