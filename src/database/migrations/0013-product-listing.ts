import { Kysely, sql } from 'kysely';

/**
 * The product listing, derived from the catalogue's tables and rebuilt by `refreshProductListing`
 * after every bulk load (the seed, the generator) and, later, by the writes that change a product.
 *
 * product_listing: one row per product, sales plan, language of the plan's shop it has texts in, and
 * "category": 0 for the whole catalogue, then each category the product is in, directly or through
 * a sub-category. A list (an expertise or the whole catalogue) reads one contiguous range of its
 * index; each row carries what lists filter, sort and count: price, position, needs, categories and
 * the facets as 'name=value'. product_card holds the cards' fields as JSON, read for a page's dozen
 * products only, so the rows a list scans stay small.
 *
 * Why: a list read five tables and probed the facet index once per product and chosen filter type;
 * at 10,000 products planning those joins took longer than running them, and the facet counts
 * repeated the scope once per chosen type. Here a filtered list and its counts are one pass over its
 * expertise's rows (docs/decisions.md "Product listing").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table product_listing (
      sales_plan_id integer not null references sales_plan(id) on delete cascade,
      locale text not null,
      category_id integer not null,
      product_id integer not null references product(id) on delete cascade,
      published boolean not null,
      is_free boolean not null,
      product_type text not null,
      position integer not null,
      price numeric(12, 2) not null,
      categories integer[] not null,
      needs integer[] not null,
      facets text[] not null,
      primary key (sales_plan_id, locale, category_id, product_id)
    );
    create index product_listing_position_idx on product_listing (sales_plan_id, locale, category_id, position, product_id);
    create index product_listing_price_idx on product_listing (sales_plan_id, locale, category_id, price, product_id);
    create index product_listing_product_idx on product_listing (product_id);
    create index product_listing_facets_idx on product_listing using gin (facets);
    create table product_card (
      sales_plan_id integer not null references sales_plan(id) on delete cascade,
      locale text not null,
      product_id integer not null references product(id) on delete cascade,
      card jsonb not null,
      primary key (sales_plan_id, locale, product_id)
    );
    -- The summary counts the unfiltered lists twice: free products left out (the product list) and
    -- included (the API's default).
    alter table facet_summary add column free_included boolean not null default false;
    alter table facet_summary drop constraint facet_summary_pkey;
    alter table facet_summary add primary key (sales_plan_id, locale, category_id, free_included, name, value);
    -- A dropdown's most frequent values (SPEC §4: 15) without sorting its every value: the products
    -- dropdown has one value per product.
    create index facet_summary_top_idx
      on facet_summary (sales_plan_id, locale, category_id, free_included, name, count desc, value);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index facet_summary_top_idx;
    delete from facet_summary where free_included;
    alter table facet_summary drop constraint facet_summary_pkey;
    alter table facet_summary drop column free_included;
    alter table facet_summary add primary key (sales_plan_id, locale, category_id, name, value);
    drop table product_card;
    drop table product_listing;
  `.execute(db);
}
