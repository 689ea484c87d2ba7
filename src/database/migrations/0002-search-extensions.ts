import { Kysely, sql } from 'kysely';

/** Full-text and fuzzy search (ARCHITECTURE "Data"): both exist in PGlite and every PostgreSQL server. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent; create extension if not exists pg_trgm;`.execute(db);
}

export async function down(): Promise<void> {
  // Extensions may be shared with other schemas: left in place.
}
