import { Kysely, sql } from 'kysely';

/**
 * The text indexes of search documents, split by kind: products in one, brands, needs and pages in
 * another. In one index, every look-up of a brand, need or page went through the entries of the
 * products that share its words: at 10,000 products the count of the needs and pages a search finds
 * and each suggestion group read 3,500 product entries to keep a dozen (0.85 ms each; 0.03 ms split).
 * The statements name the kind as a constant, so the planner picks the partial index, also in a
 * prepared statement's generic plan (migration 0015 made them; `search.repository.ts` queries them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index search_document_fts_product_idx on search_document using gin (document) where kind = 'product';
    create index search_document_fts_other_idx on search_document using gin (document) where kind <> 'product';
    create index search_document_title_fts_product_idx on search_document using gin (title_document)
      where kind = 'product';
    create index search_document_title_fts_other_idx on search_document using gin (title_document)
      where kind <> 'product';
    drop index search_document_fts_idx;
    drop index search_document_title_fts_idx;
    analyze search_document;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index search_document_fts_idx on search_document using gin (document);
    create index search_document_title_fts_idx on search_document using gin (title_document);
    drop index search_document_fts_product_idx;
    drop index search_document_fts_other_idx;
    drop index search_document_title_fts_product_idx;
    drop index search_document_title_fts_other_idx;
  `.execute(db);
}
