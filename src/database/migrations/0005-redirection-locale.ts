import { Kysely, sql } from 'kysely';

/**
 * Redirection rules per language (SPEC §2.1): a rule of the French site must not fire on the German
 * host of the same shop, where its target does not exist. `locale` null keeps a rule for every
 * language of the shop (host rules, external targets). The content pack's rules are moved to their
 * language by the next seed (which drops their language-less twins).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table redirection add column locale text;
    alter table redirection drop constraint redirection_shop_id_match_source_key;
    alter table redirection add constraint redirection_rule_key unique (shop_id, locale, match, source);
    -- A NULL locale is distinct from every other in a unique constraint: one rule per source there too.
    create unique index redirection_every_language_key on redirection (shop_id, match, source) where locale is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index redirection_every_language_key;
    alter table redirection drop constraint redirection_rule_key;
    delete from redirection r using redirection o
      where r.locale is not null and o.shop_id is not distinct from r.shop_id and o.match = r.match
        and o.source = r.source and o.id < r.id;
    alter table redirection drop column locale;
    alter table redirection add constraint redirection_shop_id_match_source_key unique (shop_id, match, source);
  `.execute(db);
}
