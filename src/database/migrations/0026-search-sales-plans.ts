import { Kysely, sql } from 'kysely';

/**
 * The sales plans that list a product, on its search documents (docs/decisions.md "Site search"):
 * a search counts and ranks every product it matches in the visitor's plan, and a test of this array
 * on the document costs nothing, where a join to the listing cost one index probe per match (60 ms
 * for the 9,700 products that "complément" matches at 10,000). Filled from the product listing
 * (published, not free, category 0) by `refreshSearchDocuments`, in the same transaction; the rows
 * that exist already are filled here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table search_document add column sales_plans integer[] not null default '{}';
    update search_document d set sales_plans = coalesce((
      select array_agg(l.sales_plan_id order by l.sales_plan_id) from product_listing l
      where l.product_id = d.entity_id and l.locale = d.locale and l.category_id = 0 and l.published and not l.is_free
    ), '{}')
    where d.kind = 'product';
    analyze search_document;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_document drop column sales_plans`.execute(db);
}
