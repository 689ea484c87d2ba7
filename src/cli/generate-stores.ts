import 'reflect-metadata';
import { redisStore } from '../cache/redis-store';
import { loadConfig } from '../config/app.config';
import { migrateToLatest, openDatabase } from '../database/database';
import { seedAll } from '../database/seed/seed';
import { DEMO_STORES, seedStores } from '../database/seed/stores.seed';

const USAGE = 'usage: npm run stores:generate -- --stores <count> [--seed <n>]   (2000 = the demo set)';

class UsageError extends Error {}

function parseArgs(argv: string[]): { count: number; seed: number } {
  const args = { count: DEMO_STORES, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--stores') args.count = Number(value());
    else if (flag === '--seed') args.seed = Number(value());
    else throw new UsageError(`unknown argument ${argv[i]}\n${USAGE}`);
  }
  if (!(Number.isInteger(args.count) && args.count > 0 && args.count <= 1_000_000)) throw new UsageError(USAGE);
  if (!Number.isInteger(args.seed)) throw new UsageError(USAGE);
  return args;
}

/**
 * `npm run stores:generate -- --stores 100000`: replaces the pharmacies with that many generated ones
 * (the size run of the store finder), in the database the app uses (DATA_DIR or DATABASE_URL).
 * `--stores 2000` puts the demo set back. Empties the shared cache after.
 */
async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await openDatabase(config);
  const started = Date.now();
  try {
    await migrateToLatest(db);
    const localities = await db.selectFrom('locality').select('id').limit(1).execute();
    if (localities.length === 0) await seedAll(db);
    const result = await seedStores(db, args.count, args.seed);
    process.stdout.write(
      `${JSON.stringify({ msg: 'stores generated', stores: result.stores, ms: Date.now() - started })}\n`,
    );
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
  const message = error instanceof UsageError ? error.message : ((error as Error).stack ?? String(error));
  process.stderr.write(`stores:generate failed: ${message}\n`);
  process.exit(1);
});
