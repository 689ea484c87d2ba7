import { Kysely, sql } from 'kysely';

/**
 * The pharmacies of the store finder (SPEC §3 "Store / point of sale") and the ranges (brands) each
 * stocks, with a GiST index on each store's position as an `earth` point (earthdistance, over cube),
 * on the expression here; 0016-stores-position replaced it with a stored generated column and its
 * index, which the nearest-store query walks in distance order (`order by position <-> point limit
 * n`). The GiST index on the localities' points serves reverse geocoding.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists cube; create extension if not exists earthdistance;`.execute(db);
  await sql`
    create table store (
      id integer generated always as identity primary key,
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      name text not null check (length(name) between 1 and 200),
      address_1 text not null default '',
      address_2 text not null default '',
      address_3 text not null default '',
      zipcode text not null check (zipcode ~ '^[0-9]{4}$'),
      city text not null,
      phone text not null default '',
      latitude double precision not null check (latitude between -90 and 90),
      longitude double precision not null check (longitude between -180 and 180),
      is_insudiet boolean not null default false
    );
    create index store_position_idx on store using gist (ll_to_earth(latitude, longitude));
    create table store_brand (
      store_id integer not null references store(id) on delete cascade,
      brand_id integer not null references brand(id) on delete cascade,
      primary key (store_id, brand_id)
    );
    create index store_brand_brand_idx on store_brand (brand_id, store_id);
    create index locality_position_idx on locality using gist (ll_to_earth(latitude, longitude));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index locality_position_idx; drop table store_brand; drop table store;`.execute(db);
}
