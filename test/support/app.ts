import 'reflect-metadata';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp, type CreateAppOptions } from '../../src/app.factory';
import { createLogging } from '../../src/common/logging/logging';
import { loadConfig, type AppConfig } from '../../src/config/app.config';
import { DATABASE } from '../../src/database/database.module';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { LOCK_FILE } from '../../src/database/data-dir-lock';
import { E2E_FOLDER_PREFIX } from './e2e-folders';
import { seedAll } from '../../src/database/seed/seed';
import { AppCache } from '../../src/cache/app-cache.service';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  db: Database;
  /** The HTTP server for supertest: request(t.server).get('/').set('Host', FR) */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  logs: string[];
}

export const FR = 'produits.localhost';
export const DE = 'produkte.localhost';

/**
 * The real application over a fresh database: embedded by default, or the PostgreSQL server and
 * Redis of DATABASE_URL / REDIS_URL (CI sets them) — the same suite runs on both.
 * `options.imports` adds test-only modules (a controller that throws, a fake DNS resolver);
 * `options.seed: false` skips the content pack (a spec about tables of its own, e.g. the mail outbox).
 *
 * The embedded database of a seeded app is a copy of one seeded once per test process (see
 * `seededCopy`): seeding the content pack costs 10 to 20 s, and the suite starts some 70 apps. The
 * server-backed pass seeds its one database at every start, as before (the copy would need a
 * database per app).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: CreateAppOptions & { seed?: boolean } = {},
): Promise<TestApp> {
  const { seed = true, ...appOptions } = options;
  const copy =
    seed && !process.env.DATABASE_URL && !env.DATABASE_URL && env.DATA_DIR === undefined
      ? await seededCopy()
      : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: copy ?? ':memory:',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: '0',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    // No network in tests: video thumbnails and map tiles are local placeholders unless a spec gives an origin.
    VIDEO_THUMBNAIL_ORIGIN: 'none',
    MAP_TILE_URL: 'none',
    ...env,
  });
  const logs: string[] = [];
  const logging = createLogging(config.LOG_LEVEL, { write: (line: string) => void logs.push(line) });
  let app: NestExpressApplication;
  try {
    app = await createApp(config, logging, appOptions);
  } finally {
    // Open (its lock file written) or failed: either way no longer a copy waiting for its app.
    if (copy) waiting.delete(copy);
  }
  const db = app.get<Database>(DATABASE);
  if (seed && !copy) await seedAll(db);
  // The server-backed suite shares one Redis: start from an empty cache.
  if (config.REDIS_URL) await app.get(AppCache).clear();
  return { app, config, db, server: app.getHttpServer(), logs };
}

/** Copies handed out by this spec file whose app has not opened them yet (not to be swept). */
const waiting = new Set<string>();

/**
 * A fresh copy of the seeded embedded database, in a folder of its own. The seeded original is made
 * by the first call in this process: the test runner gives each spec file its own modules but the
 * same process, so it is found by the process id (and made again by a later run, another process).
 * Copies whose app has closed (no lock file beside the database) are removed here, and the rest by
 * the e2e project's global teardown (test/support/e2e-teardown.ts).
 */
async function seededCopy(): Promise<string> {
  const original = join(tmpdir(), `${E2E_FOLDER_PREFIX}seeded-${process.pid}`);
  if (!existsSync(join(original, 'seeded'))) {
    rmSync(original, { recursive: true, force: true });
    const db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: original, LOG_LEVEL: 'warn' }));
    try {
      await migrateToLatest(db);
      await seedAll(db);
    } finally {
      await db.destroy();
    }
    writeFileSync(join(original, 'seeded'), '');
  }
  const appPrefix = `${E2E_FOLDER_PREFIX}app-${process.pid}-`;
  for (const name of readdirSync(tmpdir())) {
    const folder = join(tmpdir(), name);
    if (name.startsWith(appPrefix) && !waiting.has(folder) && !existsSync(join(folder, LOCK_FILE)))
      rmSync(folder, { recursive: true, force: true });
  }
  const copy = mkdtempSync(join(tmpdir(), appPrefix));
  waiting.add(copy);
  cpSync(original, copy, { recursive: true, filter: (source) => source !== join(original, 'seeded') });
  return copy;
}
