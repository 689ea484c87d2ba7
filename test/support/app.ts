import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp, type CreateAppOptions } from '../../src/app.factory';
import { createLogging } from '../../src/common/logging/logging';
import { loadConfig, type AppConfig } from '../../src/config/app.config';
import { DATABASE } from '../../src/database/database.module';
import type { Database } from '../../src/database/database';
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
 * The real application over a fresh database: embedded in memory by default, or the PostgreSQL
 * server and Redis of DATABASE_URL / REDIS_URL (CI sets them) — the same suite runs on both.
 * `options.imports` adds test-only modules (a controller that throws, a fake DNS resolver);
 * `options.seed: false` skips the content pack (a spec about tables of its own, e.g. the mail outbox).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: CreateAppOptions & { seed?: boolean } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ':memory:',
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
  const { seed = true, ...appOptions } = options;
  const app = await createApp(config, logging, appOptions);
  const db = app.get<Database>(DATABASE);
  if (seed) await seedAll(db);
  // The server-backed suite shares one Redis: start from an empty cache.
  if (config.REDIS_URL) await app.get(AppCache).clear();
  return { app, config, db, server: app.getHttpServer(), logs };
}
