import { CACHE_MANAGER } from '@nestjs/cache-manager';
import type { Cache } from 'cache-manager';
import type { RedisClientType } from '@keyv/redis';
import request from 'supertest';
import { AppCache } from '../../src/cache/app-cache.service';
import { LifecycleService } from '../../src/modules/health/lifecycle.service';
import { HealthService } from '../../src/modules/health/health.service';
import { ShopService } from '../../src/modules/shop/shop.service';
import { FR, startTestApp, type TestApp } from '../support/app';

const ALL_GOOD = { status: 'ok', checks: { database: true, cache: true, migrations: true, accepting: true } };
/**
 * The status and checks of a readiness answer. Its `details` (a mail outbox backlog) describe data,
 * which other suites sharing a server database leave behind; contact.e2e-spec.ts asserts them.
 */
const verdict = (body: { status: unknown; checks: unknown }) => ({ status: body.status, checks: body.checks });

describe('health probes (e2e)', () => {
  describe('a running app', () => {
    let t: TestApp;
    // No mail outbox passes: they read the database on their own schedule, which the liveness case
    // would count as its own.
    beforeAll(async () => (t = await startTestApp({ MAIL_WORKER_INTERVAL_MS: '0' })));
    afterAll(() => t.app.close());
    afterEach(() => jest.restoreAllMocks());

    it('is live: 200 {status: "ok"}, uncached', async () => {
      const res = await request(t.server).get('/health/live').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers liveness without touching the database, the cache or the shops', async () => {
      const spies = [
        jest.spyOn(ShopService.prototype, 'resolve'),
        jest.spyOn(AppCache.prototype, 'getOrSet'),
        jest.spyOn(AppCache.prototype, 'ping'),
        jest.spyOn(HealthService.prototype, 'readiness'),
        jest.spyOn(t.db, 'selectFrom'),
      ];
      // Any host: a load balancer probes by address.
      await request(t.server).get('/health/live').set('Host', '10.0.0.12:3000').expect(200);
      await request(t.server).get('/health/live').set('Host', FR).expect(200);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    });

    it('is ready: 200 with the database, cache, migrations and accepting checks', async () => {
      const res = await request(t.server).get('/health/ready').set('Host', '10.0.0.12:3000').expect(200);
      expect(verdict(res.body)).toEqual(ALL_GOOD);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('an app that is shutting down', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp()));
    afterAll(() => t.app.close());

    it('answers readiness 503 with accepting false, stays live, and closes connections', async () => {
      await request(t.server).get('/health/ready').expect(200);
      t.app.get(LifecycleService).beginShutdown();
      const ready = await request(t.server).get('/health/ready').expect(503);
      expect(verdict(ready.body)).toEqual({ status: 'unavailable', checks: { ...ALL_GOOD.checks, accepting: false } });
      expect(ready.headers.connection).toBe('close');
      await request(t.server).get('/health/live').expect(200);
      // Requests in flight or arriving during the drain are still served, each on its last connection.
      const page = await request(t.server).get('/').set('Host', FR).expect(200);
      expect(page.headers.connection).toBe('close');
    });
  });

  describe('an app whose database is gone', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp()));
    afterAll(() => t.app.close());

    it('answers readiness 503 with database false, and stays live', async () => {
      await request(t.server).get('/health/ready').expect(200);
      await t.db.destroy();
      const ready = await request(t.server).get('/health/ready').expect(503);
      expect(ready.body).toMatchObject({
        status: 'unavailable',
        checks: { database: false, migrations: false, cache: true, accepting: true },
      });
      await request(t.server).get('/health/live').expect(200, { status: 'ok' });
    });

    it('writes no line per failed probe besides its access line (an outage is logged as it starts and ends)', async () => {
      const before = t.logs.length;
      for (let i = 0; i < 3; i++) await request(t.server).get('/health/ready').expect(503);
      const lines = t.logs.slice(before).map((line) => JSON.parse(line) as { msg: string; status?: number });
      expect(lines.filter((line) => line.msg !== 'request')).toEqual([]);
      expect(lines.map((line) => line.status)).toEqual([503, 503, 503]);
    });
  });

  // Only with REDIS_URL (the server-backed run): Redis restarts must not take the app down.
  (process.env.REDIS_URL ? describe : describe.skip)('an app whose Redis connection drops', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp()));
    afterAll(() => t.app.close());

    it('keeps serving and reconnects on the next cache call (no outage to report)', async () => {
      await request(t.server).get('/health/ready').expect(200);
      const store = t.app.get<Cache>(CACHE_MANAGER).stores[0] as unknown as { store: { client: RedisClientType } };
      const client = store.store.client;
      const id = await client.clientId();
      const killer = client.duplicate();
      await killer.connect();
      await killer.sendCommand(['CLIENT', 'KILL', 'ID', String(id)]);
      await killer.quit();
      await new Promise((resolve) => setTimeout(resolve, 300));

      await request(t.server).get('/?after-redis-drop=1').set('Host', FR).expect(200);
      const ready = await request(t.server).get('/health/ready').expect(200);
      expect(verdict(ready.body)).toEqual(ALL_GOOD);
      expect(await client.clientId()).not.toBe(id);
      // Redis itself never went away: nothing is logged (a real outage: cache-outage.e2e-spec.ts).
      expect(t.logs.filter((line) => line.includes('Redis unavailable'))).toEqual([]);
    });
  });
});
