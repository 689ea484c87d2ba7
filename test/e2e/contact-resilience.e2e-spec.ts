import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { FR, startTestApp, type TestApp } from '../support/app';
import { OutboxWorker } from '../../src/modules/contact';
import { ContactRepository } from '../../src/modules/contact/contact.repository';
import { startRedis, waitFor, type ThrowawayRedis } from '../support/faults';

/** This run's mark, in every address (a server database and Redis outlive a run). */
const RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/** Client addresses of this run (a server Redis keeps counters for the window). */
const NET = randomBytes(1)[0];
const ip = (n: number) => `198.18.${NET}.${n}`;

/** A stored request (the restart test writes its requests straight through the repository). */
const REQUEST = {
  shop_id: 1,
  locale: 'fr',
  profile: 'customer',
  subject: 'other',
  civility_id: 1,
  lastname: 'Keller',
  firstname: 'Nina',
  message: 'Bonjour',
  terms_accepted: true,
  captcha: 'none',
  captcha_score: null,
} as const;

const CONTACT = {
  profile: 'customer',
  subject: 'product_information',
  civility: '1',
  lastname: 'Keller',
  firstname: 'Nina',
  message: 'Bonjour, où trouver ce produit ?',
  terms: true,
};

/**
 * What survives an app: mails left in the outbox by a stopped app (one waiting, one claimed by a
 * worker that never finished) are delivered by the next one on the same database (an embedded one in
 * a folder of the test's own, or the server of DATABASE_URL). And the contact rate limit lives in
 * Redis (a throwaway `redis-server` of the test's own), shared by two app instances, while a Redis
 * outage leaves the form working.
 */
describe('contact: restarts and Redis (e2e)', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'contact-restart-'));
  const apps: TestApp[] = [];
  const smtpUrl = () => `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const t of apps) await t.app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>, seed: boolean): Promise<TestApp> {
    const t = await startTestApp({ SMTP_URL: smtpUrl(), ...env }, { seed });
    apps.push(t);
    return t;
  }

  async function stop(t: TestApp): Promise<void> {
    apps.splice(apps.indexOf(t), 1);
    await t.app.close();
  }

  it('an app stopped with a waiting and a claimed mail: the next one on the database delivers both', async () => {
    // The outbox is all this needs: no content pack. The first app sends nothing (no worker).
    const first = await start({ DATA_DIR: dataDir, MAIL_WORKER_INTERVAL_MS: '0' }, false);
    const waiting = `restart.waiting.${RUN}@example.ch`;
    const claimed = `restart.claimed.${RUN}@example.ch`;
    for (const email of [waiting, claimed])
      await first.app.get(ContactRepository).storeRequest(
        {
          ...REQUEST,
          submission: `restart-${email.replace(/[^A-Za-z0-9]/g, '-')}`,
          email,
        },
        (id) => ({
          kind: 'contact_request',
          recipient: 'desk@example.ch',
          subject: email,
          body: email,
          reference: `contact_request:${id}`,
        }),
      );
    // On a server database the run's other suites may have left due mails (the fuzzers store
    // hundreds with no worker running); the worker takes the longest due first, so these two are
    // made the longest due and their delivery does not wait behind that backlog.
    await first.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now() - interval '1 day'` })
      .where('body', 'in', [waiting, claimed])
      .execute();
    // A worker claimed this one and died before sending: its lease (2 s) outlives the app.
    const lease = await first.db
      .updateTable('mail_outbox')
      .set({ locked_until: sql<Date>`now() + interval '2 seconds'` })
      .where('body', '=', claimed)
      .executeTakeFirst();
    expect(Number(lease.numUpdatedRows)).toBe(1);
    await stop(first);

    // The next app's own worker (every 100 ms) finds both: the waiting one at once, the claimed one
    // once its lease is over.
    const second = await start({ DATA_DIR: dataDir, MAIL_WORKER_INTERVAL_MS: '100' }, false);
    await waitFor(
      'both mails delivered by the new app',
      async () => ([waiting, claimed].every((email) => received.some((m) => m.includes(email))) ? true : undefined),
      15000,
    );
    const rows = await second.db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'attempts'])
      .where('body', 'in', [waiting, claimed])
      .execute();
    expect(rows.map((r) => [r.sent_at !== null, r.attempts])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    await stop(second);
  });

  describe('the rate limit on Redis', () => {
    let redis: ThrowawayRedis | undefined;
    let skipped: string | undefined;
    const one: { app?: TestApp } = {};
    const two: { app?: TestApp } = {};

    beforeAll(async () => {
      const started = await startRedis();
      if (typeof started === 'string') {
        skipped = started;
        process.stdout.write(`Contact rate limit on Redis not tested: ${started}\n`);
        return;
      }
      redis = started;
      // Two replicas: each its own embedded database (or the same server), one Redis.
      const env = { REDIS_URL: redis.url, TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '2', MAIL_WORKER_INTERVAL_MS: '0' };
      one.app = await start({ ...env, DATA_DIR: ':memory:' }, true);
      two.app = await start({ ...env, DATA_DIR: ':memory:' }, true);
    });

    afterAll(async () => {
      await redis?.stop();
      // Nothing left waiting in a database other suites share: the requests' mails go out.
      for (const app of [one.app, two.app]) await app?.app.get(OutboxWorker).runOnce();
    });

    const send = (t: TestApp, from: string, email: string) =>
      request(t.server)
        .post('/api/v1/contact')
        .set('Host', FR)
        .set('X-Forwarded-For', from)
        .send({ ...CONTACT, email });

    it('is shared by the app instances', async () => {
      if (skipped) return;
      const from = ip(1);
      expect((await send(one.app!, from, `shared.1.${RUN}@example.ch`)).status).toBe(201);
      expect((await send(two.app!, from, `shared.2.${RUN}@example.ch`)).status).toBe(201);
      // Each app alone counted one: the third request is over the limit only because they share it.
      const over = await send(one.app!, from, `shared.3.${RUN}@example.ch`);
      expect(over.status).toBe(429);
      expect(over.body.errors).toEqual({ code: 'RATE_LIMITED', fields: {} });
      expect((await send(two.app!, ip(2), `shared.4.${RUN}@example.ch`)).status).toBe(201);
    });

    it('Redis down: the form still works, each app counting alone', async () => {
      if (skipped) return;
      await redis!.stop();
      const from = ip(3);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await send(one.app!, from, `down.${i}.${RUN}@example.ch`)).status);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await send(two.app!, from, `down.3.${RUN}@example.ch`)).status).toBe(201);
      // The page too: the form is shown, and a post answered.
      const page = await request(one.app!.server).get('/contactez-nous').set('Host', FR).expect(200);
      expect(page.text).toContain('name="form_token"');
      const stored = await one
        .app!.db.selectFrom('contact_request')
        .select('id')
        .where('email', 'like', `down.%.${RUN}@example.ch`)
        .execute();
      expect(stored.length).toBeGreaterThanOrEqual(2);
    });
  });
});
