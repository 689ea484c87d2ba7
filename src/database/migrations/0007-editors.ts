import { Kysely, sql } from 'kysely';

/**
 * Editor accounts and their sessions (issue 9, "Preview, login, logout"): the people who may see
 * unpublished pages. No account is created here or by the seed: `npm run editor:create` does.
 * - `editor.email` is stored lower-cased (the check holds it), unique;
 * - `editor.password_hash` is a self-describing scrypt string, parameters and salt included;
 * - `editor_session.token_hash` is the SHA-256 of the cookie's random token (hex): the token itself
 *   is never stored, so a copy of the table opens no session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table editor (
      id integer generated always as identity primary key,
      email text not null unique check (email = lower(email) and length(email) between 3 and 254),
      password_hash text not null,
      created_at timestamptz not null default now(),
      disabled boolean not null default false
    );
    create table editor_session (
      token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
      editor_id integer not null references editor(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      -- A session lasts 12 months at most (SPEC §9, cookie retention).
      check (expires_at > created_at and expires_at <= created_at + interval '366 days')
    );
    create index editor_session_editor_idx on editor_session (editor_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table editor_session;
    drop table editor;
  `.execute(db);
}
