import { Kysely, sql } from 'kysely';

/**
 * Site search (SPEC §2.2 "Search results", §7 "Search" and "Suggest"), derived data rebuilt by
 * `refreshSearchDocuments` with the product listing (docs/decisions.md "Search").
 *
 * - `search_fold(text)`: the one text normalisation of documents and queries: German umlauts and ß
 *   written out (ä → ae, ß → ss, so "Schlafstörungen" and "Schlafstoerungen" are one word), then
 *   accents removed and lower case. `unaccent` is only STABLE (its dictionary could change), so an
 *   index cannot use it; this wrapper names the dictionary and is declared IMMUTABLE, the usual way.
 * - `search_document`: one row per searchable thing (product, brand, need, page) and language, with
 *   a weighted tsvector (A: product name and brand or page title; B: needs, active ingredients,
 *   keywords or page excerpt; C: descriptions or page text) in the language's stemming
 *   configuration, the title part alone (`title_document`: a search ranks the title matches and a
 *   bounded number of the others, whatever the catalogue's size), and the exact keys (EAN,
 *   reference) a product is found by first.
 * - `search_term`: the distinct folded words of the titles and keywords, per language, with a trigram
 *   index: a query's words are matched against it (typos, German compounds, prefixes for
 *   suggestions) and the words found feed the full-text query. A few thousand rows whatever the size
 *   of the catalogue, so typo tolerance costs the same at 60 and at 10,000 products.
 * - `search_keyword`: everyday words of a need or brand (content/search/keywords.json), weight B.
 * - `search_miss`: searches that found nothing, counted per text and language (read by the team).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_fold(input text) returns text
      language sql immutable parallel safe strict
      as $$
        select lower(public.unaccent('public.unaccent'::regdictionary,
          replace(replace(replace(replace(replace(replace(replace(input,
            'ß', 'ss'), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue')))
      $$;
    create table search_document (
      kind text not null check (kind in ('product', 'brand', 'need', 'page')),
      entity_id integer not null,
      locale text not null,
      route text not null,
      title text not null,
      slug text not null,
      context text not null default '',
      exact_keys text[] not null default '{}',
      folded_title text not null,
      document tsvector not null,
      title_document tsvector not null,
      position integer not null default 0,
      primary key (kind, locale, entity_id)
    );
    create index search_document_fts_idx on search_document using gin (document);
    create index search_document_title_fts_idx on search_document using gin (title_document);
    create index search_document_keys_idx on search_document using gin (exact_keys);
    create index search_document_title_trgm_idx on search_document using gin (folded_title gin_trgm_ops);
    create table search_term (
      locale text not null,
      word text not null,
      documents integer not null,
      primary key (locale, word)
    );
    create index search_term_trgm_idx on search_term using gin (word gin_trgm_ops);
    create table search_keyword (
      kind text not null check (kind in ('brand', 'need')),
      key text not null,
      locale text not null,
      words text not null,
      primary key (kind, key, locale)
    );
    create table search_miss (
      locale text not null,
      text text not null,
      count integer not null default 1,
      first_at timestamptz not null default now(),
      last_at timestamptz not null default now(),
      primary key (locale, text)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table search_miss;
    drop table search_keyword;
    drop table search_term;
    drop table search_document;
    drop function search_fold(text);
  `.execute(db);
}
