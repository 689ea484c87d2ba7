import 'reflect-metadata';
import { redisStore } from '../cache/redis-store';
import { loadConfig } from '../config/app.config';
import { migrateToLatest, openDatabase } from '../database/database';
import { seedAll } from '../database/seed/seed';

/** `npm run seed`: migrates, loads the content pack (idempotent), and empties the shared cache. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const started = Date.now();
    const result = await seedAll(db);
    process.stdout.write(`${JSON.stringify({ msg: 'content loaded', ms: Date.now() - started, ...result })}\n`);
  } finally {
    await db.destroy();
  }
  if (config.REDIS_URL) {
    const cache = redisStore(config.REDIS_URL);
    await cache.clear();
    await cache.disconnect();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
