import request from 'supertest';
import { FR, startTestApp, type TestApp } from '../support/app';
import { describeWithTool, redisMissing, startRedis, type ThrowawayRedis } from '../support/faults';

interface LogLine {
  level: string;
  msg?: string;
}

/**
 * A Redis of the test's own (`redis-server` on a free port) goes away under a running app and comes
 * back: pages keep working from the database, and the outage is logged once each way.
 */
describeWithTool(redisMissing(), 'Redis outage (e2e)', () => {
  let redis: ThrowawayRedis | undefined;
  let t: TestApp | undefined;

  beforeAll(async () => {
    redis = await startRedis();
    t = await startTestApp({ REDIS_URL: redis.url, LOG_LEVEL: 'info' });
  });

  afterAll(async () => {
    await t?.app.close();
    await redis?.stop();
  });

  const lines = () =>
    t!.logs
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.msg?.startsWith('Redis unavailable') || line.msg?.startsWith('Redis available again'));

  it('logs one warning when Redis goes, one info when it is back, and serves pages all along', async () => {
    const get = (path: string) => request(t!.server).get(path).set('Host', FR);
    await get('/').expect(200);
    await request(t!.server).get('/health/ready').expect(200);

    await redis!.stop();
    // Every one of these reads and writes the cache (product lookups are cached per slug).
    for (let i = 0; i < 20; i++) await get(`/produit/no-such-product-${i}`).expect(404);
    await get('/produits').expect(200);
    const ready = await request(t!.server).get('/health/ready').expect(503);
    expect(ready.body.checks).toMatchObject({ cache: false, database: true });
    expect(lines()).toEqual([expect.objectContaining({ level: 'warn' })]);
    expect(lines()[0].msg).toMatch(/^Redis unavailable, the cache falls back to the database: /);

    await redis!.start();
    for (let i = 0; i < 5; i++) await get(`/produit/back-again-${i}`).expect(404);
    await request(t!.server).get('/health/ready').expect(200);
    expect(lines().map((line) => [line.level, line.msg?.slice(0, 22)])).toEqual([
      ['warn', 'Redis unavailable, the'],
      ['info', 'Redis available again,'],
    ]);
  });
});
