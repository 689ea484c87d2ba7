import type { Database } from '../database';
import { seedPlatform } from './platform.seed';

/** Every seed step, in dependency order (the catalogue and editorial packs add theirs here). */
export async function seedAll(db: Database, dir?: string): Promise<Record<string, unknown>> {
  const platform = await seedPlatform(db, dir);
  return { platform };
}
