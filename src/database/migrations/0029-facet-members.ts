import { Kysely, sql } from 'kysely';

/**
 * Which products each facet-summary row counts, so that a filtered list's facet counts need no pass
 * over its products (refreshFacetSummary, CatalogueRepository.facetCounts):
 * - `members`, on the rows of a filter value and on the '__total' row: a bit string in which bit i is
 *   set when product i is in that list with that value. Every `members` has the same length (a
 *   multiple of 4096 above the highest product id), so two of them can be ANDed;
 * - `product_id`, on the rows of the 'products' filter: the product that value names (one bit string
 *   per product would take 1,000 times the room).
 *   The rows of a few products are found by id (an index), many by walking the values in order.
 *   A 'products' value naming more than one product (references differing only in case) has a bit
 *   string instead, found through a small partial index.
 * Both stay null until the next full refresh of the listing: a list without them is counted live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table facet_summary add column members bit varying;
    alter table facet_summary add column product_id integer;
    create index facet_summary_product_idx
      on facet_summary (sales_plan_id, locale, category_id, free_included, product_id)
      where name = 'products';
    create index facet_summary_shared_products_idx
      on facet_summary (sales_plan_id, locale, category_id, free_included, value)
      where name = 'products' and members is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index facet_summary_shared_products_idx;
    drop index facet_summary_product_idx;
    alter table facet_summary drop column product_id;
    alter table facet_summary drop column members;
  `.execute(db);
}
