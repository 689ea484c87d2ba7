import { Kysely, sql } from 'kysely';

/** Shops, locales, settings, menus, redirections and home content (the platform's own tables). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shop (
      id integer primary key,
      code text not null unique,
      name text not null,
      domain text not null,
      default_locale text not null,
      position integer not null default 0
    );
    create table shop_language (
      shop_id integer not null references shop(id) on delete cascade,
      locale text not null,
      label text not null,
      subdomain text not null,
      position integer not null default 0,
      primary key (shop_id, locale)
    );
    create table sales_plan (
      id integer primary key,
      shop_id integer not null references shop(id) on delete cascade,
      target text not null,
      name text not null,
      currency_symbol text not null
    );
    create table country_setting (
      shop_id integer not null references shop(id) on delete cascade,
      locale text not null,
      laboratory_address text not null,
      phone text not null,
      fax text not null,
      headquarters_address text not null,
      site_url text not null,
      about_url text not null,
      pro_url text not null,
      advice_know_more_url text not null,
      primary key (shop_id, locale)
    );
    create table global_setting (
      shop_id integer not null references shop(id) on delete cascade,
      locale text not null,
      code text not null,
      value text not null,
      primary key (shop_id, locale, code)
    );
    create table menu_item (
      id serial primary key,
      shop_id integer not null references shop(id) on delete cascade,
      locale text not null,
      menu text not null,
      key text not null,
      parent_key text,
      label text not null,
      route text,
      route_params jsonb not null default '{}'::jsonb,
      url text,
      position integer not null default 0,
      unique (shop_id, locale, menu, key)
    );
    create table redirection (
      id serial primary key,
      shop_id integer references shop(id) on delete cascade,
      match text not null check (match in ('url', 'path', 'host')),
      source text not null,
      target text not null,
      code integer not null check (code in (301, 302, 307, 308)),
      unique (shop_id, match, source)
    );
    create table home_content (
      shop_id integer not null references shop(id) on delete cascade,
      locale text not null,
      content jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (shop_id, locale)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table home_content, redirection, menu_item, global_setting, country_setting, sales_plan, shop_language, shop`.execute(
    db,
  );
}
