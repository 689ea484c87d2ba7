import 'reflect-metadata';
import { redisStore } from '../cache/redis-store';
import { loadConfig } from '../config/app.config';
import { migrateToLatest, openDatabase } from '../database/database';
import { generateContent, removeGeneratedProducts } from '../database/seed/generate-products';

const USAGE = 'usage: npm run content:generate -- --products <count> [--seed <n>] | --remove';

class UsageError extends Error {}

function parseArgs(argv: string[]): { remove: boolean; count: number; seed: number } {
  const args = { remove: false, count: 0, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--remove') args.remove = true;
    else if (flag === '--products') args.count = Number(value());
    else if (flag === '--seed') args.seed = Number(value());
    else throw new UsageError(`unknown argument ${argv[i]}\n${USAGE}`);
  }
  if (!args.remove && !(Number.isInteger(args.count) && args.count > 0 && args.count <= 999_999))
    throw new UsageError(USAGE);
  if (!Number.isInteger(args.seed)) throw new UsageError(USAGE);
  return args;
}

/**
 * `npm run content:generate -- --products 10000`: fictional products for size tests, in the database
 * the app uses (DATA_DIR or DATABASE_URL). `--remove` deletes them. Empties the shared cache after.
 */
async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const result = args.remove
      ? await removeGeneratedProducts(db)
      : await generateContent(db, { count: args.count, seed: args.seed });
    process.stdout.write(
      `${JSON.stringify({ msg: args.remove ? 'generated products removed' : 'products generated', products: result.products, ms: result.ms })}\n`,
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
  process.stderr.write(`content:generate failed: ${message}\n`);
  process.exit(1);
});
