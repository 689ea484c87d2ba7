import { Kysely, sql } from 'kysely';

/**
 * The listing rows of given products in one list (a search's ranked products, cards by id) are read
 * by product: each product has about 15 rows (every sales plan, language and category that lists
 * it), of which the list wants one. Indexed on the product alone, each probe fetched all of them
 * and filtered 14 away: for a search's 500 products at 10,000, 7,500 rows for 500 (PGlite 18.2 ->
 * 12.8 ms for the whole listing statement). With the list's own keys after the product, each probe
 * lands on its row. The product still leads, so the foreign key's deletes use it as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index product_listing_product_scope_idx
      on product_listing (product_id, sales_plan_id, locale, category_id);
    drop index product_listing_product_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index product_listing_product_idx on product_listing (product_id);
    drop index product_listing_product_scope_idx;
  `.execute(db);
}
