import { Kysely, sql } from 'kysely';

/**
 * The write API (issue 15, docs/decisions.md "Content write API"):
 * - `store.updated_at`: when a pharmacy last changed (its sitemap lastmod), set by every store write;
 * - `api_token`: the bearer tokens of API clients. Only the SHA-256 of the secret is stored; the
 *   token `api_<id>.<secret>` names its row, whose hash is compared in constant time. Scopes are the
 *   resources it may write (`*`: all); `shops` the shop ids it may write for (null: every shop). A
 *   name is unique among live tokens, so a revoked name can be given again;
 * - `audit_log`: one row per write (create, update, delete), written in the write's transaction:
 *   who (token id and name), what (resource, action, ids before and after, shop, language), when,
 *   and the request id of the logs;
 * - an index on search documents by entity, for the targeted refresh of one product, page, need or
 *   brand (a full rebuild per write would cost the whole catalogue).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store add column updated_at timestamptz not null default now();
    create table api_token (
      id integer generated always as identity primary key,
      name text not null check (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'),
      secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
      scopes text[] not null check (cardinality(scopes) > 0),
      shops integer[],
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      last_used_at timestamptz
    );
    create unique index api_token_live_name_idx on api_token (name) where revoked_at is null;
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      token_id integer references api_token(id),
      token_name text not null,
      resource text not null,
      action text not null check (action in ('create', 'update', 'delete')),
      entity_before text,
      entity_after text,
      shop_id integer,
      locale text,
      request_id text
    );
    create index audit_log_entity_idx on audit_log (resource, coalesce(entity_after, entity_before), at);
    create index audit_log_token_idx on audit_log (token_id, at);
    create index if not exists search_document_entity_idx on search_document (kind, entity_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists search_document_entity_idx;
    drop table audit_log;
    drop table api_token;
    alter table store drop column updated_at;
  `.execute(db);
}
