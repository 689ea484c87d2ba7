import 'reflect-metadata';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config/app.config';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { seedAll } from '../../src/database/seed/seed';
import { StoreRepository } from '../../src/modules/storefinder/store.repository';

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

  it('walks the position index (k nearest neighbours), not the table', async () => {
    const { rows } = await sql<{
      'QUERY PLAN': string;
    }>`explain select id from store order by position <-> ll_to_earth(47.3769, 8.5417) limit 20`.execute(db);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan using store_position_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('finds the nearest Swiss locality of a point', async () => {
    const place = await repo.nearestPlace(46.5197, 6.6323);
    expect(place?.name).toBe('Lausanne');
  });
});
