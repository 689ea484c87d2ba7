import { Kysely, sql } from 'kysely';

/**
 * The pharmacy finder's place search without a scan of every locality (docs/decisions.md "Store
 * finder"): `name_folded` is the name in lower case without accents (a stored generated column), with
 * a trigram GIN index that serves its `like 'lau%'`, `like '%/bienne%'` and `%` (similarity) tests,
 * and a pattern index on the postcode for `like '10%'`. `unaccent` is not immutable (its dictionary
 * could change), so a generated column cannot call it: `fold_name` calls it with its dictionary named,
 * schema-qualified where the extension lives (migration 0002), and is declared immutable. Works alike
 * on PGlite (which ships unaccent and pg_trgm) and on the PostgreSQL server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'unaccent'
  `.execute(db);
  const schema = sql.id(rows[0]?.schema ?? 'public');
  const dictionary = sql.lit(`${rows[0]?.schema ?? 'public'}.unaccent`);
  await sql`
    create function fold_name(text) returns text language sql immutable strict parallel safe
      as $$ select lower(${schema}.unaccent(${dictionary}::regdictionary, $1)) $$;
  `.execute(db);
  await sql`
    alter table locality add column name_folded text generated always as (fold_name(name)) stored;
    create index locality_name_folded_trgm_idx on locality using gin (name_folded gin_trgm_ops) with (fastupdate = off);
    create index locality_postcode_pattern_idx on locality (postcode text_pattern_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index locality_postcode_pattern_idx;
    drop index locality_name_folded_trgm_idx;
    alter table locality drop column name_folded;
    drop function fold_name(text);
  `.execute(db);
}
