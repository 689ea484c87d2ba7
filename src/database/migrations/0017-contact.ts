import { Kysely, sql } from 'kysely';

/**
 * Contact requests, newsletter subscriptions and the mail outbox (issue 13, SPEC §3, §9).
 * - A request is stored before the visitor is told it was sent; `submission` (the form's one-time
 *   id, or the API's idempotency key) is unique, so a double submit stores it once.
 * - `captcha` says how the request got past the anti-spam: `verified` (reCAPTCHA score accepted),
 *   `unverified` (the verification service was out of reach: kept, for the team to look at), `none`
 *   (a post without JavaScript: honeypot, fill time and rate limit only).
 * - Mails are rows of `mail_outbox`, written in the same transaction as what they announce; a worker
 *   sends them (retries with back-off, `failed_at` once it gives up: marked for the team).
 * - Retention (SPEC §9): requests 5 years after `last_exchange_at`, prospects 3 years after
 *   `last_activity_at`; both indexed for the daily purge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contact_request (
      id bigint generated always as identity primary key,
      submission text not null unique check (length(submission) between 8 and 100),
      shop_id integer not null,
      locale text not null,
      profile text not null check (profile in ('customer', 'health_professional', 'pharmacist', 'other')),
      provincial smallint check (provincial between 1 and 26),
      subject text not null check (subject in ('product_information', 'documentation', 'my_account', 'restricted_access', 'other')),
      civility_id smallint not null,
      lastname text not null,
      firstname text not null,
      email text not null,
      phone text,
      message text not null,
      address jsonb,
      terms_accepted boolean not null,
      newsletter boolean not null default false,
      captcha text not null check (captcha in ('verified', 'unverified', 'none')),
      captcha_score real,
      created_at timestamptz not null default now(),
      last_exchange_at timestamptz not null default now()
    );
    create index contact_request_retention_idx on contact_request (last_exchange_at);

    create table newsletter_subscription (
      id bigint generated always as identity primary key,
      shop_id integer not null,
      locale text not null,
      email text not null check (email = lower(email)),
      civility_id smallint not null,
      lastname text not null,
      firstname text not null,
      zipcode text not null,
      city text not null,
      consent boolean not null,
      origin text check (origin in ('MED', 'PHA', 'AMI', 'PRE', 'INT', 'AUT')),
      status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
      created_at timestamptz not null default now(),
      confirmed_at timestamptz,
      last_activity_at timestamptz not null default now(),
      unique (shop_id, email)
    );
    create index newsletter_subscription_retention_idx on newsletter_subscription (last_activity_at);

    create table mail_outbox (
      id bigint generated always as identity primary key,
      kind text not null,
      recipient text not null,
      subject text not null,
      body text not null,
      reference text,
      created_at timestamptz not null default now(),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      locked_until timestamptz,
      sent_at timestamptz,
      failed_at timestamptz,
      last_error text
    );
    create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table mail_outbox;
    drop table newsletter_subscription;
    drop table contact_request;
  `.execute(db);
}
