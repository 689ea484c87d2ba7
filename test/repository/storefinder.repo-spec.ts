import 'reflect-metadata';
import { CompiledQuery } from 'kysely';
import { loadConfig } from '../../src/config/app.config';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { seedAll } from '../../src/database/seed/seed';
import { StoreRepository } from '../../src/modules/storefinder/store.repository';
import { CLUSTER_CELLS, tileBox, tileOf } from '../../contracts/storefinder';

/** Great-circle distance (metres) on earthdistance's sphere, computed here to check the SQL. */
function haversine(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const R = 6378168;
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

/** The store finder's SQL against PGlite, and the PostgreSQL server with DATABASE_URL. */
describe(`StoreRepository on ${process.env.DATABASE_URL ? 'the PostgreSQL server' : 'PGlite'}`, () => {
  let db: Database;
  let repo: StoreRepository;
  const ZURICH = { latitude: 47.3769, longitude: 8.5417 };

  beforeAll(async () => {
    db = await openDatabase(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', DATABASE_URL: process.env.DATABASE_URL }),
    );
    await migrateToLatest(db);
    await seedAll(db);
    repo = new StoreRepository(db);
  }, 120000);
  afterAll(async () => db?.destroy());

  it('answers the same nearest pharmacies, distances and order as a brute-force computation', async () => {
    const found = await repo.nearest({ ...ZURICH, radius: 50_000, limit: 20 });
    const all = await db.selectFrom('store').select(['id', 'latitude', 'longitude']).execute();
    const expected = all
      .map((s) => ({ id: s.id, meters: haversine(ZURICH, s) }))
      .sort((a, b) => a.meters - b.meters)
      .slice(0, 20);
    expect(found.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    found.forEach((s, i) => expect(Math.abs(s.meters - expected[i].meters)).toBeLessThan(1));
  });

  it('keeps only the pharmacies within the radius, and only the stockists when asked', async () => {
    const near = await repo.nearest({ ...ZURICH, radius: 1_000, limit: 100 });
    expect(near.every((s) => s.meters <= 1_000)).toBe(true);
    const insudiet = await repo.nearest({
      ...ZURICH,
      radius: 50_000,
      limit: 20,
      stocking: { insudiet: true },
      onlyStocking: true,
    });
    expect(insudiet).toHaveLength(20);
    expect(insudiet.every((s) => s.is_insudiet && s.stocks)).toBe(true);
  });

  /**
   * The plan of a query the repository runs, as compiled, on a planner free to scan the table. Its parameters are written in as literals
   * (the embedded database's pool prepares parameterised statements, and EXPLAIN cannot be prepared).
   */
  async function planOf(query: { compile(): CompiledQuery }): Promise<string> {
    const { sql: text, parameters } = query.compile();
    const literal = (value: unknown) =>
      typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    const inlined = text.replace(/\$([0-9]+)/g, (_, n: string) => literal(parameters[Number(n) - 1]));
    // PGlite starts with enable_seqscan off, which would hide a scan of the table: the plan is made
    // as the PostgreSQL server makes it, sequential scans allowed.
    return db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = on'));
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${inlined}`));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it("groups a tile's pharmacies by grid cell (a tile two zooms down) as a brute-force computation does", async () => {
    const all = await db.selectFrom('store').select(['id', 'latitude', 'longitude']).execute();
    for (const [z, x, y] of [
      [6, 33, 22],
      [9, 268, 179],
    ]) {
      const rows = await repo.clusters(tileBox(z, x, y), 2 ** z * CLUSTER_CELLS);
      const expected = new Map<string, { n: number; id: number }>();
      for (const s of all) {
        const here = tileOf(s.latitude, s.longitude, z);
        if (here.x !== x || here.y !== y) continue;
        const cell = tileOf(s.latitude, s.longitude, z + 2);
        const key = `${cell.x}/${cell.y}`;
        const seen = expected.get(key);
        expected.set(key, { n: (seen?.n ?? 0) + 1, id: Math.min(seen?.id ?? Infinity, s.id) });
      }
      expect(expected.size).toBeGreaterThan(1);
      expect(rows.map((r) => [r.n, r.id]).sort()).toEqual([...expected.values()].map((e) => [e.n, e.id]).sort());
      // Each cell's mean position lies in its cell.
      for (const r of rows) expect(tileOf(r.latitude, r.longitude, z)).toEqual({ x, y });
    }
    // Cells 0: one by one.
    const single = await repo.clusters(tileBox(9, 268, 179), 0);
    expect(single.every((r) => r.n === 1)).toBe(true);
  });

  it('walks the position index (k nearest neighbours), not the table', async () => {
    const plan = await planOf(repo.nearestQuery({ ...ZURICH, radius: 50_000, limit: 20 }));
    expect(plan).toMatch(/Index Scan using store_position_idx/);
    expect(plan).not.toMatch(/Seq Scan on store/);
  });

  it.each([
    ['a name', { names: ['lausa'] }],
    ['a misspelt name', { names: ['lausane'] }],
    ['either side of a bilingual name', { names: ['bienne', 'biel'] }],
    ['a postcode', { names: [], postcode: '10' }],
    ['a postcode and a name', { names: ['lausanne'], postcode: '1003' }],
  ])('searches places by %s through the indexes of migration 0018, not a scan of every locality', async (_, terms) => {
    const plan = await planOf(repo.placesQuery(terms, 8));
    expect(plan).not.toMatch(/Seq Scan on locality/);
    expect(plan).toMatch(/Bitmap Index Scan on locality_(name_folded_trgm|postcode|postcode_pattern)_idx/);
    expect(plan).toMatch(/Index Cond: /);
  });

  it('finds places by the start of a name without its accents, a close spelling, either side of a bilingual name', async () => {
    const labels = async (names: string[], postcode?: string) =>
      (await repo.places({ names, postcode }, 8)).map((p) => `${p.postcode} ${p.name}`);
    expect(await labels(['neuchat'])).toContain('2000 Neuchâtel');
    expect(await labels(['lausane'])).toContain('1003 Lausanne');
    expect((await labels(['bienne']))[0]).toMatch(/^25[0-9]{2} Biel\/Bienne$/);
    expect(await labels(['zurich'])).toContain('8001 Zürich');
    expect(await labels([], '1003')).toEqual(['1003 Lausanne']);
  });

  it('finds the nearest Swiss locality of a point', async () => {
    const place = await repo.nearestPlace(46.5197, 6.6323);
    expect(place?.name).toBe('Lausanne');
  });
});
