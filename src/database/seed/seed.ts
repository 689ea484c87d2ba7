import type { Database } from '../database';
import { seedCatalogue } from './catalogue.seed';
import { contentDir } from './content';
import { seedPlatform } from './platform.seed';

/** Every seed step, in dependency order (each later content pack adds its own here). */
export async function seedAll(db: Database, dir = contentDir()): Promise<Record<string, unknown>> {
  const platform = await seedPlatform(db, dir);
  const catalogue = await seedCatalogue(db, dir);
  return { platform, catalogue };
}
