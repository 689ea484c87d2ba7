import { Kysely, sql } from 'kysely';

/**
 * The catalogue (SPEC §3 Product, Category, Need, Filters, FAQ): language-neutral rows plus per-locale
 * rows keyed by (id, locale); rich structures (caracteristics, nutrition, documents) as JSONB.
 * `product_facet` is the filter index (one row per product, filter name and value) so that filtering
 * and facet counts stay index lookups at 10,000 products.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table brand (
      id serial primary key,
      key text not null unique,
      class text not null,
      color text not null,
      corner boolean not null default false,
      position integer not null default 0
    );
    create table brand_translation (
      brand_id integer not null references brand(id) on delete cascade,
      locale text not null,
      name text not null,
      slug text not null,
      description text not null default '',
      primary key (brand_id, locale),
      unique (locale, slug)
    );
    create table category (
      id serial primary key,
      key text not null unique,
      class text not null,
      parent_id integer references category(id) on delete cascade,
      position integer not null default 0
    );
    create table category_translation (
      category_id integer not null references category(id) on delete cascade,
      locale text not null,
      name text not null,
      slug text not null check (slug ~ '^[a-z]+$'),
      text text not null default '',
      banner_title text not null default '',
      meta_description text not null default '',
      pushes jsonb not null default '[]'::jsonb,
      primary key (category_id, locale),
      unique (locale, slug)
    );
    create table need (
      id serial primary key,
      key text not null unique,
      parent_id integer references need(id) on delete cascade,
      "order" integer not null default 0
    );
    create table need_translation (
      need_id integer not null references need(id) on delete cascade,
      locale text not null,
      label text not null,
      slug text not null,
      primary key (need_id, locale),
      unique (locale, slug)
    );
    create table vocabulary (
      kind text not null,
      key text not null,
      locale text not null,
      label text not null,
      extra jsonb not null default '{}'::jsonb,
      primary key (kind, key, locale)
    );
    create table product (
      id serial primary key,
      reference text not null unique,
      source_id text,
      ean text not null,
      brand_id integer not null references brand(id),
      product_type text not null default 'standard',
      published boolean not null default true,
      is_new_from timestamptz,
      is_new_to timestamptz,
      is_new_formulae boolean not null default false,
      promoted boolean not null default false,
      is_free boolean not null default false,
      position integer not null default 0,
      packaging_group text,
      image jsonb not null default '{}'::jsonb,
      caracteristics jsonb not null default '{}'::jsonb,
      documents jsonb not null default '[]'::jsonb,
      nutrition jsonb,
      push_promote jsonb,
      updated_at timestamptz not null default now()
    );
    create index product_brand_idx on product (brand_id);
    create index product_packaging_idx on product (packaging_group) where packaging_group is not null;
    create table product_translation (
      product_id integer not null references product(id) on delete cascade,
      locale text not null,
      name text not null,
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      meta_description text not null default '',
      texts jsonb not null default '{}'::jsonb,
      search tsvector,
      primary key (product_id, locale),
      unique (locale, slug)
    );
    create index product_translation_search_idx on product_translation using gin (search);
    create index product_translation_name_trgm_idx on product_translation using gin (name gin_trgm_ops);
    create table product_price (
      product_id integer not null references product(id) on delete cascade,
      sales_plan_id integer not null references sales_plan(id) on delete cascade,
      price numeric(10, 2) not null check (price >= 0),
      original_price numeric(10, 2),
      volume_discounts jsonb not null default '[]'::jsonb,
      primary key (product_id, sales_plan_id)
    );
    create index product_price_plan_idx on product_price (sales_plan_id, price);
    create table product_category (
      product_id integer not null references product(id) on delete cascade,
      category_id integer not null references category(id) on delete cascade,
      primary key (product_id, category_id)
    );
    create index product_category_category_idx on product_category (category_id, product_id);
    create table product_need (
      product_id integer not null references product(id) on delete cascade,
      need_id integer not null references need(id) on delete cascade,
      primary key (product_id, need_id)
    );
    create table product_associate (
      product_id integer not null references product(id) on delete cascade,
      associate_id integer not null references product(id) on delete cascade,
      position integer not null default 0,
      primary key (product_id, associate_id)
    );
    create table product_facet (
      product_id integer not null references product(id) on delete cascade,
      name text not null,
      value text not null,
      primary key (name, value, product_id)
    );
    create index product_facet_product_idx on product_facet (product_id);
    create table product_faq (
      id serial primary key,
      product_id integer not null references product(id) on delete cascade,
      locale text not null,
      position integer not null default 0,
      question text not null,
      answer text not null
    );
    create index product_faq_product_idx on product_faq (product_id, locale, position);
    create table brand_faq (
      id serial primary key,
      brand_id integer not null references brand(id) on delete cascade,
      locale text not null,
      position integer not null default 0,
      question text not null,
      answer text not null
    );
    create index brand_faq_brand_idx on brand_faq (brand_id, locale, position);
    create table slug_history (
      entity_type text not null,
      locale text not null,
      old_slug text not null,
      entity_id integer not null,
      created_at timestamptz not null default now(),
      primary key (entity_type, locale, old_slug)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table slug_history, brand_faq, product_faq, product_facet, product_associate, product_need,
    product_category, product_price, product_translation, product, vocabulary, need_translation, need,
    category_translation, category, brand_translation, brand`.execute(db);
}
