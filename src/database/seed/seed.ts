import { sql } from 'kysely';
import type { Database } from '../database';
import { refreshFacetSummary, seedCatalogue } from './catalogue.seed';
import { contentDir } from './content';
import { seedEditorial } from './editorial.seed';
import { seedLocalities } from './geo.seed';
import { seedPlatform } from './platform.seed';

/** Every seed step, in dependency order (each later content pack adds its own here). */
export async function seedAll(db: Database, dir = contentDir()): Promise<Record<string, unknown>> {
  const platform = await seedPlatform(db, dir);
  const catalogue = await seedCatalogue(db, dir);
  const editorial = await seedEditorial(db, dir);
  const geo = await seedLocalities(db, dir);
  await refreshStatistics(db);
  return { platform, catalogue, editorial, geo };
}

/**
 * After a bulk load: planner statistics (without them every join is planned for one row, the facet
 * summary's included), then the facet counts of the unfiltered lists and their own statistics.
 */
export async function refreshStatistics(db: Database): Promise<void> {
  await sql`analyze`.execute(db);
  await refreshFacetSummary(db);
  await sql`analyze facet_summary`.execute(db);
}
