import { Kysely, sql } from 'kysely';

/**
 * The official directory of Swiss localities (content/geo/ch-localities.csv, swisstopo): one row per
 * locality, postcode and municipality, with its WGS84 position. It feeds the postcode look-up of the
 * forms (`GET /api/v1/cities`), the pharmacy finder's place search and the demo pharmacies.
 * `country` is CH, or LI for the Liechtenstein rows of the directory (they have no canton): the
 * look-ups are restricted to Switzerland (SPEC §5 "Address autocomplete limited to ... Switzerland").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table locality (
      id integer generated always as identity primary key,
      name text not null check (length(name) between 1 and 100),
      postcode text not null check (postcode ~ '^[0-9]{4}$'),
      postcode_suffix smallint not null,
      municipality text not null,
      bfs_number integer not null,
      canton text check (canton ~ '^[A-Z]{2}$'),
      country text not null check (country in ('CH', 'LI')),
      latitude double precision not null check (latitude between -90 and 90),
      longitude double precision not null check (longitude between -180 and 180),
      language text not null
    );
    create index locality_postcode_idx on locality (postcode);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table locality;`.execute(db);
}
