import 'reflect-metadata';
import { loadConfig } from '../config/app.config';
import { migrateToLatest, openDatabase } from '../database/database';

async function main(): Promise<void> {
  const db = await openDatabase(loadConfig());
  try {
    const { results } = await migrateToLatest(db);
    for (const r of results ?? [])
      process.stdout.write(`${JSON.stringify({ migration: r.migrationName, status: r.status })}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`migration failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
