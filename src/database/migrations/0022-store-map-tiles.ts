import { Kysely, sql } from 'kysely';

/**
 * The map's clustered pharmacies are read per map tile (`GET /api/v1/store-positions?z=&x=&y=`): a
 * latitude/longitude box. A b-tree on (latitude, longitude) serves the box at the zooms where a tile
 * holds a few hundred stores or fewer; a tile of the whole country reads (and groups) most rows anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index store_latitude_longitude_idx on store (latitude, longitude)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index store_latitude_longitude_idx`.execute(db);
}
