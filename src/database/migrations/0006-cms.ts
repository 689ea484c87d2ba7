import { Kysely, sql } from 'kysely';

/**
 * Editorial content (SPEC §3 "CMS page", "Paragraph", "Innovation category"): language-neutral page
 * rows plus per-locale rows keyed by (page, locale); paragraphs keep their shared fields and their
 * per-locale texts as JSONB, checked by the paragraph schemas when content is loaded.
 *
 * `page_translation.route` is the route family a slug answers on (advice, innovation, brand, need,
 * cmsPage, or brandCorner:<brand>): slugs are unique per locale within a family, and an old slug of
 * the family answers 301 through `slug_history` (entity_type 'page:<family>').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table innovation_category (
      id serial primary key,
      key text not null unique,
      position integer not null default 0
    );
    create table innovation_category_translation (
      category_id integer not null references innovation_category(id) on delete cascade,
      locale text not null,
      name text not null,
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      primary key (category_id, locale),
      unique (locale, slug)
    );
    create table page (
      id serial primary key,
      key text not null unique,
      type text not null check (type in ('advice', 'innovation', 'standard', 'brand_corner_main',
        'brand_corner_page', 'brand_landing', 'cms_page', 'contact', 'actualite', 'preview')),
      published boolean not null default true,
      vid integer not null default 1,
      content_hash text not null default '',
      published_at date,
      updated_at timestamptz not null default now(),
      highlighted boolean not null default false,
      position integer not null default 0,
      parent_id integer references page(id) on delete set null,
      expertise_id integer references category(id) on delete set null,
      need_id integer references need(id) on delete set null,
      innovation_category_id integer references innovation_category(id) on delete set null,
      brand_id integer references brand(id) on delete set null,
      title_outside_cover boolean not null default false,
      cover jsonb,
      icon text,
      link jsonb,
      toc jsonb not null default '[]'::jsonb
    );
    create index page_list_idx on page (type, published, highlighted, position, published_at desc);
    create index page_expertise_idx on page (expertise_id) where expertise_id is not null;
    create index page_need_idx on page (need_id) where need_id is not null;
    create index page_parent_idx on page (parent_id) where parent_id is not null;
    create table page_translation (
      page_id integer not null references page(id) on delete cascade,
      locale text not null,
      route text not null,
      title text not null,
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$'),
      meta_title text not null default '',
      meta_description text not null default '',
      introduction text,
      content text,
      excerpt text not null default '',
      link_label text,
      link_url text,
      extra jsonb not null default '{}'::jsonb,
      primary key (page_id, locale),
      unique (locale, route, slug)
    );
    create table paragraph (
      id serial primary key,
      page_id integer not null references page(id) on delete cascade,
      key text not null,
      position integer not null,
      type text not null,
      data jsonb not null default '{}'::jsonb,
      texts jsonb not null default '{}'::jsonb,
      unique (page_id, key)
    );
    create index paragraph_page_idx on paragraph (page_id, position);
    create table page_link (
      page_id integer not null references page(id) on delete cascade,
      linked_page_id integer not null references page(id) on delete cascade,
      position integer not null default 0,
      primary key (page_id, linked_page_id)
    );
    create table page_product (
      page_id integer not null references page(id) on delete cascade,
      product_id integer not null references product(id) on delete cascade,
      position integer not null default 0,
      primary key (page_id, product_id)
    );
    create index page_product_product_idx on page_product (product_id, page_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table page_product, page_link, paragraph, page_translation, page,
    innovation_category_translation, innovation_category`.execute(db);
  await sql`delete from slug_history where entity_type like 'page:%'`.execute(db);
}
