import request from 'supertest';
import { parseServerTiming } from '../../src/common/timing/request-timing';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

/**
 * Every answer says where its time went (Server-Timing): database time and number of queries, React
 * rendering, the page cache, the whole request in the app. The bench reads the same header.
 */
describe('Server-Timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120000);
  afterAll(async () => t?.app.close());

  const timing = (res: request.Response) => parseServerTiming(res.headers['server-timing'] as string | undefined);

  it('a rendered page gives its database time, query count, render time and total', async () => {
    const res = await request(t.server).get('/produit/lactibiane-reference-30-gelules').set('Host', FR).expect(200);
    const metrics = timing(res);
    expect(metrics.get('db')?.desc).toMatch(/^[1-9]\d* quer(y|ies)$/);
    expect(metrics.get('db')?.dur).toBeGreaterThan(0);
    expect(metrics.get('render')?.dur).toBeGreaterThan(0);
    const app = metrics.get('app')?.dur ?? 0;
    expect(app).toBeGreaterThanOrEqual(metrics.get('render')!.dur!);
    expect(app).toBeGreaterThanOrEqual(metrics.get('db')!.dur!);
    expect(metrics.has('cache')).toBe(false);
  });

  it('a page replayed from the page cache says so and ran no query', async () => {
    await request(t.server).get('/produkte').set('Host', DE).expect(200);
    const res = await request(t.server).get('/produkte').set('Host', DE).expect(200);
    const metrics = timing(res);
    expect(metrics.get('cache')?.desc).toBe('hit');
    expect(metrics.get('db')?.desc).toBe('0 queries');
    expect(metrics.has('render')).toBe(false);
  });

  it('an API answer gives its database time and query count, with no render', async () => {
    // A price range asked for the first time: its products and facets are not cached, they are queried.
    const price = encodeURIComponent(JSON.stringify({ min: 0, max: 9000 + Math.floor(Math.random() * 999) }));
    const res = await request(t.server)
      .get(`/api/v1/filtersProducts?category=digestion&price=${price}`)
      .set('Host', FR)
      .expect(200);
    const metrics = timing(res);
    expect(metrics.get('db')?.desc).toMatch(/^[1-9]\d* quer(y|ies)$/);
    expect(metrics.get('db')?.dur).toBeGreaterThan(0);
    expect(metrics.get('app')?.dur).toBeGreaterThanOrEqual(metrics.get('db')!.dur!);
    expect(metrics.has('render')).toBe(false);
  });

  it('error answers carry it too (404 page, API 400)', async () => {
    const page = await request(t.server).get('/cette-page-n-existe-pas').set('Host', FR).expect(404);
    expect(timing(page).get('render')?.dur).toBeGreaterThan(0);
    const api = await request(t.server).get('/api/v1/product/1e300').set('Host', FR);
    expect([400, 404]).toContain(api.status);
    expect(timing(api).get('app')).toBeDefined();
  });

  it('is not replayed from a cached page: each answer has its own', async () => {
    await request(t.server).get('/').set('Host', FR).expect(200);
    const first = await request(t.server).get('/').set('Host', FR).expect(200);
    const second = await request(t.server).get('/').set('Host', FR).expect(200);
    expect(first.headers['server-timing']).toMatch(/cache;desc=hit/);
    expect(second.headers['server-timing']).toMatch(/cache;desc=hit/);
    expect(String(first.headers['server-timing']).match(/;desc=hit/g)).toHaveLength(1);
  });
});
