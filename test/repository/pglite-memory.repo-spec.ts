import 'reflect-metadata';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config/app.config';
import { openDatabase, type Database } from '../../src/database/database';

/**
 * The embedded database's shared buffers (src/database/pglite-module.ts): PGlite's build says 128 MB
 * and nothing it reads changes that, so the module is compiled with PGLITE_SHARED_BUFFERS_MB instead.
 * Here PostgreSQL itself reports what it runs with. PGlite only (the server has its own settings).
 */
(process.env.DATABASE_URL ? describe.skip : describe)('PGlite shared buffers', () => {
  const opened: Database[] = [];
  const open = async (env: Record<string, string>) => {
    const db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', ...env }));
    opened.push(db);
    return db;
  };
  const setting = async (db: Database, name: string) =>
    (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(db)).rows[0]?.value;
  afterAll(async () => {
    for (const db of opened) await db.destroy();
  });

  it('runs with 24 MB by default, not the 128 MB of the WebAssembly build', async () => {
    const db = await open({});
    await expect(setting(db, 'shared_buffers')).resolves.toBe('24MB');
    // The rest of the build's command line is untouched.
    await expect(setting(db, 'wal_buffers')).resolves.toBe('4MB');
    await expect(sql`select count(*) from pg_class`.execute(db)).resolves.toBeDefined();
  }, 60000);

  it('takes PGLITE_SHARED_BUFFERS_MB', async () => {
    const db = await open({ PGLITE_SHARED_BUFFERS_MB: '12' });
    await expect(setting(db, 'shared_buffers')).resolves.toBe('12MB');
  }, 60000);

  it('refuses a size out of range at start, naming the variable', () => {
    for (const value of ['4', '513', '1e300', '32MB', ''])
      expect(() => loadConfig({ NODE_ENV: 'test', PGLITE_SHARED_BUFFERS_MB: value })).toThrow(
        /PGLITE_SHARED_BUFFERS_MB/,
      );
  });
});
