import { Kysely, sql } from 'kysely';

/**
 * The store's earth point as a stored generated column, indexed (replaces 0016's index on the
 * expression): computing `ll_to_earth` and `earth_distance` per row at query time cost 10-20 ms for
 * the ~600 stores of a 50 km box around Zurich; the nearest-store query now walks this index in
 * distance order (k nearest neighbours) and reads the stored point: 0.2-0.5 ms (docs/decisions.md
 * "Store finder"). A separate migration because 0016 was already merged as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists store_position_idx;
    alter table store add column position earth generated always as (ll_to_earth(latitude, longitude)) stored;
    create index store_position_idx on store using gist (position);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index store_position_idx;
    alter table store drop column position;
    create index store_position_idx on store using gist (ll_to_earth(latitude, longitude));
  `.execute(db);
}
