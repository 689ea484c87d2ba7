import 'reflect-metadata';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config/app.config';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { ContactRepository, type NewContactRequest } from '../../src/modules/contact/contact.repository';
import { OutboxRepository } from '../../src/modules/contact/mail/outbox.repository';

/** The contact feature's SQL (migration 0017-contact) on PGlite, or the PostgreSQL server with DATABASE_URL. */
describe(`ContactRepository and OutboxRepository on ${process.env.DATABASE_URL ? 'the PostgreSQL server' : 'PGlite'}`, () => {
  let db: Database;
  let contact: ContactRepository;
  let outbox: OutboxRepository;
  let n = 0;
  const unique = () => `repo-${Date.now()}-${++n}`;

  const request = (submission: string): NewContactRequest => ({
    submission,
    shop_id: 1,
    locale: 'fr',
    profile: 'customer',
    provincial: null,
    subject: 'other',
    civility_id: 1,
    lastname: 'Dupont',
    firstname: 'Léa',
    email: `${submission}@example.ch`,
    phone: null,
    message: 'Bonjour',
    address: null,
    terms_accepted: true,
    captcha: 'none',
    captcha_score: null,
  });
  const mail = (id: string) => ({
    kind: 'test',
    recipient: 'desk@example.ch',
    subject: 's',
    body: 'b',
    reference: `contact_request:${id}`,
  });

  beforeAll(async () => {
    db = await openDatabase(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', DATABASE_URL: process.env.DATABASE_URL }),
    );
    await migrateToLatest(db);
    contact = new ContactRepository(db);
    outbox = new OutboxRepository(db);
  }, 120000);
  afterAll(async () => db?.destroy());

  it('stores a submission once, with exactly one mail', async () => {
    const submission = unique();
    expect(await contact.storeRequest(request(submission), mail)).toBe(true);
    expect(await contact.storeRequest(request(submission), mail)).toBe(false);
    const rows = await db.selectFrom('contact_request').select('id').where('submission', '=', submission).execute();
    expect(rows).toHaveLength(1);
    const mails = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('reference', '=', `contact_request:${rows[0]!.id}`)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('claims each due mail once, even for concurrent workers, and leases it', async () => {
    await db
      .updateTable('mail_outbox')
      .set({ sent_at: sql<Date>`now()` })
      .where('sent_at', 'is', null)
      .execute();
    for (let i = 0; i < 6; i++) await contact.storeRequest(request(unique()), mail);
    const [a, b] = await Promise.all([outbox.claimDue(4, 60), outbox.claimDue(4, 60)]);
    const ids = [...a, ...b].map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    // Leased: a third claim finds only what the first two left.
    const c = await outbox.claimDue(10, 60);
    expect(ids.length + c.length).toBe(6);
    expect(await outbox.claimDue(10, 60)).toEqual([]);
    expect((await outbox.backlog()).pending).toBe(6);
  });

  it('retries later after a failure, gives up when told to', async () => {
    await db
      .updateTable('mail_outbox')
      .set({ sent_at: sql<Date>`now()` })
      .where('sent_at', 'is', null)
      .execute();
    await contact.storeRequest(request(unique()), mail);
    const [m] = await outbox.claimDue(1, 60);
    await outbox.markFailed(m!.id, 'refused', 60_000, false);
    expect(await outbox.claimDue(1, 60)).toEqual([]);
    await outbox.markFailed(m!.id, 'refused again', 0, true);
    const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', m!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, last_error: 'refused again' });
    expect(row.failed_at).not.toBeNull();
    expect((await outbox.backlog()).failed).toBeGreaterThanOrEqual(1);
  });

  it('purges contact requests 5 years after the last exchange, not before (SPEC §9)', async () => {
    const old = unique();
    const recent = unique();
    await contact.storeRequest(request(old), mail);
    await contact.storeRequest(request(recent), mail);
    await db
      .updateTable('contact_request')
      .set({ last_exchange_at: sql<Date>`now() - interval '5 years 1 day'` })
      .where('submission', '=', old)
      .execute();
    await db
      .updateTable('contact_request')
      .set({ last_exchange_at: sql<Date>`now() - interval '4 years'` })
      .where('submission', '=', recent)
      .execute();
    const deleted = await contact.purgeExpired();
    expect(deleted.requests).toBe(1);
    const left = await db
      .selectFrom('contact_request')
      .select('submission')
      .where('submission', 'in', [old, recent])
      .execute();
    expect(left.map((r) => r.submission)).toEqual([recent]);
  });

  it("purges mails 30 days after they were sent or given up, and none outlives its kind's retention", async () => {
    const tag = unique();
    const insert = async (name: string, kind: string, set: Record<string, unknown>) => {
      const row = await db
        .insertInto('mail_outbox')
        .values({ kind, recipient: `${tag}-${name}@example.ch`, subject: 's', body: 'b', reference: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('mail_outbox').set(set).where('id', '=', row.id).execute();
    };
    const ago = (interval: string) => sql<Date>`now() - ${sql.raw(`interval '${interval}'`)}`;
    await insert('sent-old', 'contact_request', { sent_at: ago('31 days') });
    await insert('sent-recent', 'contact_request', { sent_at: ago('29 days') });
    await insert('failed-old', 'contact_request', { failed_at: ago('31 days') });
    await insert('failed-recent', 'contact_request', { failed_at: ago('29 days') });
    await insert('unsent-request-old', 'contact_request', { created_at: ago('5 years 1 day') });
    await insert('unsent-request-4y', 'contact_request', { created_at: ago('4 years') });
    await insert('unsent-optin-old', 'newsletter_confirm', { created_at: ago('3 years 1 day') });
    await insert('unsent-optin-2y', 'newsletter_confirm', { created_at: ago('2 years') });
    const deleted = await contact.purgeExpired();
    expect(deleted.mails).toBeGreaterThanOrEqual(4);
    const left = await db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('recipient', 'like', `${tag}-%`)
      .orderBy('recipient')
      .execute();
    expect(left.map((r) => r.recipient.replace(`${tag}-`, ''))).toEqual([
      'failed-recent@example.ch',
      'sent-recent@example.ch',
      'unsent-optin-2y@example.ch',
      'unsent-request-4y@example.ch',
    ]);
  });

  it('queues one opt-in mail per address: none while one waits or went out within the window', async () => {
    const email = `${unique()}@example.ch`;
    const subscription = {
      shop_id: 1,
      locale: 'fr',
      email,
      civility_id: 1,
      lastname: 'Muster',
      firstname: 'Hans',
      zipcode: '8001',
      city: 'Zürich',
      consent: true,
      origin: null,
    };
    const optIn = (id: string) => ({
      ...mail(id),
      kind: 'newsletter_confirm',
      reference: `newsletter_subscription:${id}`,
    });
    const [a, b] = await Promise.all([
      contact.storeSubscription(subscription, optIn, 900),
      contact.storeSubscription(subscription, optIn, 900),
    ]);
    expect(a.id).toBe(b.id);
    expect([a.queued, b.queued].sort()).toEqual([false, true]);
    const mails = () =>
      db.selectFrom('mail_outbox').select('id').where('reference', '=', `newsletter_subscription:${a.id}`).execute();
    expect(await mails()).toHaveLength(1);
    // Sent ten minutes ago: still within the window.
    await db
      .updateTable('mail_outbox')
      .set({ sent_at: sql<Date>`now()`, created_at: sql<Date>`now() - interval '10 minutes'` })
      .where('reference', '=', `newsletter_subscription:${a.id}`)
      .execute();
    expect((await contact.storeSubscription(subscription, optIn, 900)).queued).toBe(false);
    // Sent twenty minutes ago: a new sign-up gets its mail.
    await db
      .updateTable('mail_outbox')
      .set({ created_at: sql<Date>`now() - interval '20 minutes'` })
      .where('reference', '=', `newsletter_subscription:${a.id}`)
      .execute();
    expect((await contact.storeSubscription(subscription, optIn, 900)).queued).toBe(true);
    expect(await mails()).toHaveLength(2);
  });
});
