import { sql } from 'kysely';
import type { Database } from '../database';
import { seedCatalogue } from './catalogue.seed';
import { contentDir } from './content';
import { seedEditorial } from './editorial.seed';
import { seedLocalities } from './geo.seed';
import { seedPlatform } from './platform.seed';
import { refreshProductListing } from '../derived/product-listing';
import { refreshSearchDocuments } from '../derived/search-documents';
import { seedSearchKeywords } from './search-keywords';
import { seedStores } from './stores.seed';
import { checkVideoReferences, seedVideos } from './video.seed';

/** Every seed step, in dependency order (each later content pack adds its own here). */
export async function seedAll(db: Database, dir = contentDir()): Promise<Record<string, unknown>> {
  const videos = await seedVideos(db, dir);
  const platform = await seedPlatform(db, dir);
  const catalogue = await seedCatalogue(db, dir);
  const editorial = await seedEditorial(db, dir);
  await checkVideoReferences(db);
  const geo = await seedLocalities(db, dir);
  const search = await seedSearchKeywords(db, dir);
  const stores = await seedStores(db);
  await refreshDerivedData(db);
  return { videos, platform, catalogue, editorial, geo, search, stores };
}

/**
 * After a bulk load, what derives from the catalogue's tables: planner statistics (without them
 * every join is planned for one row, the listing's refresh included), the product listing and the
 * facet summary counted from it, the search documents and terms (one transaction: lists read the old rows until the new ones are
 * complete), then the room of the replaced rows taken back (nothing else would on the embedded
 * database) and the derived tables' own statistics.
 */
export async function refreshDerivedData(db: Database): Promise<void> {
  await sql`analyze`.execute(db);
  await db.transaction().execute(async (trx) => {
    await refreshProductListing(trx);
    await refreshSearchDocuments(trx);
  });
  await sql`vacuum analyze product_listing, product_card, facet_summary, search_document, search_term`.execute(db);
}
