import { Kysely, sql } from 'kysely';

/**
 * Contact follow-ups (issue 13, docs/decisions.md "Contact form: follow-ups"):
 * - `contact_request.captcha` tells the team how a request was checked: `no_javascript` is a page
 *   post sent without JavaScript while reCAPTCHA is configured (no token possible: the honeypot, the
 *   fill time and the rate limit stood in), apart from `none` (no captcha configured at all).
 * - The newsletter's seventh origin, the foundation (`FON`), whose label SPEC §3 lists.
 * - "The last exchange" of a request moves with every later request of the same address in the
 *   same shop: an index on the address as it is compared (lower case) keeps that update cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table contact_request drop constraint contact_request_captcha_check;
    alter table contact_request add constraint contact_request_captcha_check
      check (captcha in ('verified', 'unverified', 'no_javascript', 'none'));
    alter table newsletter_subscription drop constraint newsletter_subscription_origin_check;
    alter table newsletter_subscription add constraint newsletter_subscription_origin_check
      check (origin in ('MED', 'PHA', 'AMI', 'PRE', 'INT', 'FON', 'AUT'));
    create index contact_request_sender_idx on contact_request (shop_id, lower(email));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index contact_request_sender_idx;
    update newsletter_subscription set origin = 'AUT' where origin = 'FON';
    alter table newsletter_subscription drop constraint newsletter_subscription_origin_check;
    alter table newsletter_subscription add constraint newsletter_subscription_origin_check
      check (origin in ('MED', 'PHA', 'AMI', 'PRE', 'INT', 'AUT'));
    update contact_request set captcha = 'none' where captcha = 'no_javascript';
    alter table contact_request drop constraint contact_request_captcha_check;
    alter table contact_request add constraint contact_request_captcha_check
      check (captcha in ('verified', 'unverified', 'none'));
  `.execute(db);
}
