import { sql } from 'kysely';
import type { Database } from '../database';
import { refreshFacetSummary, seedCatalogue } from './catalogue.seed';
import { contentDir } from './content';
import { seedPlatform } from './platform.seed';

/** Every seed step, in dependency order (each later content pack adds its own here). */
export async function seedAll(db: Database, dir = contentDir()): Promise<Record<string, unknown>> {
  const platform = await seedPlatform(db, dir);
  const catalogue = await seedCatalogue(db, dir);
  await refreshStatistics(db);
  return { platform, catalogue };
}

/**
 * After a bulk load: the facet counts of the unfiltered lists, then planner statistics (without them
 * every join is planned for one row).
 */
export async function refreshStatistics(db: Database): Promise<void> {
  await refreshFacetSummary(db);
  await sql`analyze`.execute(db);
}
