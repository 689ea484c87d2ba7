import request from 'supertest';
import { FR, startTestApp, type TestApp } from '../support/app';
import { databaseDown } from '../support/faults';

/** The page without its per-response nonces: what two answers of the same page share. */
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database becomes unreachable under a running app (every query fails as with a stopped server;
 * the real outage, with a PostgreSQL server stopped and started, is in database-outage.e2e-spec.ts).
 */
describe('pages while the database is out of reach (e2e)', () => {
  let t: TestApp;
  let outage: { restore(): void } | undefined;

  beforeAll(async () => {
    // Pages expire after 1 s, read models too: everything below is past its time to live.
    t = await startTestApp({ PAGE_CACHE_TTL_SECONDS: '1', CACHE_TTL_SECONDS: '1' });
  });

  afterEach(() => outage?.restore());
  afterAll(() => t.app.close());

  const get = (path: string) => request(t.server).get(path).set('Host', FR);

  it('sends the stale copy of an expired page instead of an error, keeps it, and refreshes it once the database is back', async () => {
    const home = await get('/').expect(200);
    const list = await get('/produits').expect(200);
    outage = databaseDown(t.db);
    await sleep(1200);

    // The one request that tries to refresh the expired page gets the stale copy (stale-if-error)…
    for (const [path, before] of [
      ['/', home],
      ['/produits', list],
    ] as const) {
      const stale = await get(path).expect(200);
      expect(withoutNonces(stale.text)).toBe(withoutNonces(before.text));
      expect(stale.headers['cache-control']).toBe(before.headers['cache-control']);
      expect(stale.text).not.toContain(/nonce="([^"]*)"/.exec(before.text)![1]);
    }
    // … and so does every later one, for as long as the database stays away.
    for (let i = 0; i < 5; i++) {
      await sleep(250);
      expect(withoutNonces((await get('/').expect(200)).text)).toBe(withoutNonces(home.text));
    }
    expect(t.logs.filter((line) => line.includes('sent the stale copy')).length).toBeGreaterThan(0);

    outage.restore();
    outage = undefined;
    // One request per second may refresh the page: the next render works and stores a fresh copy.
    await sleep(1100);
    const staleAnswers = t.logs.filter((line) => line.includes('sent the stale copy')).length;
    await get('/').expect(200);
    await get('/').expect(200);
    expect(t.logs.filter((line) => line.includes('sent the stale copy')).length).toBe(staleAnswers);
  });

  it('answers a page it has no copy of with the 503 error page within 2 s, the API with 503 JSON', async () => {
    outage = databaseDown(t.db);
    await sleep(1100);
    const started = Date.now();
    const page = await get('/produit/never-rendered-before');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBe('10');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Une erreur a eu lieu');

    const api = await get('/api/v1/product/1').expect(503);
    expect(api.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });

    const ready = await request(t.server).get('/health/ready').expect(503);
    expect(ready.body.checks).toMatchObject({ database: false, accepting: true });
    await request(t.server).get('/health/live').expect(200);

    outage.restore();
    outage = undefined;
    await request(t.server).get('/health/ready').expect(200);
    await get('/produit/never-rendered-before').expect(404);
  });
});
