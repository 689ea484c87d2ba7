import { Kysely, sql } from 'kysely';

/**
 * Facet counts of the unfiltered lists (whole catalogue and each expertise, per sales plan and
 * locale), refreshed after every catalogue load: the panel of a plain or expertise list reads a few
 * rows instead of grouping the whole facet index (which grows with the catalogue); the row named
 * '__total' holds the number of products, so such a list needs no count either, and its first page
 * walks products in position order (index) instead of sorting the catalogue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table facet_summary (
      sales_plan_id integer not null,
      locale text not null,
      category_id integer not null,
      name text not null,
      value text not null,
      count integer not null,
      primary key (sales_plan_id, locale, category_id, name, value)
    );
    create index product_position_idx on product (position, id);
    -- The 'products' filter names products by lower-cased reference.
    create index product_reference_lower_idx on product (lower(reference));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index product_reference_lower_idx; drop index product_position_idx; drop table facet_summary`.execute(
    db,
  );
}
