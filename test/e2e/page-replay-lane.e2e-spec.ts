import request from 'supertest';
import { IP_NOT_ALLOWED_TEXT } from '../../src/common/errors/domain.exception';
import { AppCache } from '../../src/cache/app-cache.service';
import { LifecycleService } from '../../src/modules/health/lifecycle.service';
import { PageCacheMiddleware } from '../../src/render/cached-page';
import { PageCache } from '../../src/render/page-cache';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

/**
 * The page cache's fast lane (src/render/page-replay-lane.ts): a kept page is answered before
 * Express's router with the same headers and bytes as the ordinary pipeline gives, and everything the
 * lane does not know for sure still goes the ordinary way.
 */

/**
 * Headers whose value is per response. The length too: the answer that rendered a page is compressed
 * whole, its replays from the page's spliced form (cached-page.ts), the same page in a few more or
 * fewer bytes (each length is checked against its body in cached-page.spec.ts).
 */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'content-security-policy', 'server-timing', 'content-length']);

/** The page (supertest has decompressed it), its nonces set aside. */
const body = (res: request.Response): string => res.text.replace(/nonce="[^"]+"/g, 'nonce="N"');

/** The headers that are the same on every answer of a page, sorted. */
const shape = (res: request.Response) =>
  Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !PER_RESPONSE.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

const get = (t: TestApp, path: string, host = FR) =>
  request(t.server).get(path).set('Host', host).set('Accept-Encoding', 'gzip').redirects(0);

describe('page replay lane (e2e)', () => {
  describe('with the page cache on', () => {
    let t: TestApp;
    let middleware: jest.SpyInstance;
    beforeAll(async () => {
      t = await startTestApp({ PAGE_CACHE_TTL_SECONDS: '60', LOG_LEVEL: 'info' });
      middleware = jest.spyOn(PageCacheMiddleware.prototype, 'use');
    });
    afterAll(async () => {
      middleware.mockRestore();
      await t.app.close();
    });

    it.each([
      ['/', FR],
      ['/', DE],
      ['/produits', FR],
      ['/cette-page-n-existe-pas', FR],
    ])('answers a kept page (%s on %s) as the pipeline does, without reaching the router', async (path, host) => {
      const rendered = await get(t, path, host);
      middleware.mockClear();
      const replayed = await get(t, path, host);
      expect(middleware).not.toHaveBeenCalled();
      expect(replayed.status).toBe(rendered.status);
      expect(replayed.headers['server-timing']).toMatch(/^cache;desc=hit/);
      expect(shape(replayed)).toEqual(shape(rendered));
      expect(body(replayed)).toBe(body(rendered));
      // Its own nonce, in the policy and in the page.
      const nonce = /'nonce-([^']+)'/.exec(String(replayed.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      expect(nonce).not.toBe(/'nonce-([^']+)'/.exec(String(rendered.headers['content-security-policy']))?.[1]);
      expect(replayed.text).toContain(`nonce="${nonce}"`);
    });

    it('writes one access line per replayed page, with its request id', async () => {
      await get(t, '/marques');
      const res = await get(t, '/marques');
      const id = res.headers['x-request-id'];
      const lines = t.logs
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.requestId === id && l.msg === 'request');
      expect(lines).toEqual([expect.objectContaining({ method: 'GET', path: '/marques', status: 200 })]);
    });

    it('leaves a www host to its redirect, and other methods to the pipeline', async () => {
      await get(t, '/');
      const www = await get(t, '/', `www.${FR}`);
      expect(www.status).toBe(301);
      expect(www.headers.location).toBe(`http://${FR}/`);
      middleware.mockClear();
      await request(t.server).post('/').set('Host', FR).send({});
      expect(middleware).toHaveBeenCalled();
    });

    it('applies a redirection rule to a kept page at once (the rules, not the kept page, decide)', async () => {
      expect((await get(t, '/besoins')).status).toBe(200);
      await t.db
        .insertInto('redirection')
        .values({ shop_id: 1, locale: 'fr', match: 'path', source: '/besoins', target: '/marques', code: 302 })
        .execute();
      await t.app.get(AppCache).delete('redirection:1:fr');
      try {
        const res = await get(t, '/besoins');
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe('/marques');
        // Once the rules are held again, the lane asks them too.
        expect((await get(t, '/besoins')).status).toBe(302);
      } finally {
        await t.db.deleteFrom('redirection').where('source', '=', '/besoins').execute();
        await t.app.get(AppCache).delete('redirection:1:fr');
      }
    });

    it('answers a client that takes no gzip with the page as it is, as the pipeline does', async () => {
      const plain = (path: string) => request(t.server).get(path).set('Host', FR).set('Accept-Encoding', 'identity');
      const rendered = await plain('/marques?sans-gzip=1');
      middleware.mockClear();
      const replayed = await plain('/marques?sans-gzip=1');
      expect(middleware).not.toHaveBeenCalled();
      expect(replayed.headers['server-timing']).toMatch(/^cache;desc=hit/);
      expect(replayed.headers['content-encoding']).toBeUndefined();
      expect(shape(replayed)).toEqual(shape(rendered));
      expect(Number(replayed.headers['content-length'])).toBe(Buffer.byteLength(replayed.text));
      expect(body(replayed)).toBe(body(rendered));
    });

    it('leaves answers to the pipeline once shutdown has begun, so each closes its connection', async () => {
      await get(t, '/marques');
      const lifecycle = t.app.get(LifecycleService);
      const draining = jest.spyOn(lifecycle, 'shuttingDown', 'get').mockReturnValue(true);
      try {
        middleware.mockClear();
        const res = await get(t, '/marques');
        expect(middleware).toHaveBeenCalled();
        expect(res.status).toBe(200);
        expect(res.headers.connection).toBe('close');
        // Still the kept page, from the pipeline's own replay.
        expect(res.headers['server-timing']).toMatch(/^cache;desc=hit/);
      } finally {
        draining.mockRestore();
      }
      middleware.mockClear();
      await get(t, '/marques');
      expect(middleware).not.toHaveBeenCalled();
    });

    it('leaves a request to the pipeline when the lane fails before answering, and the process stays up', async () => {
      await get(t, '/marques');
      const failing = jest.spyOn(PageCache.prototype, 'getFresh').mockImplementationOnce(() => {
        throw new Error('lane failure');
      });
      try {
        middleware.mockClear();
        const res = await get(t, '/marques');
        expect(res.status).toBe(200);
        expect(middleware).toHaveBeenCalled();
      } finally {
        failing.mockRestore();
      }
      expect((await get(t, '/marques')).status).toBe(200);
    });

    it('answers HEAD with the headers only', async () => {
      await get(t, '/conseils');
      const res = await request(t.server).head('/conseils').set('Host', FR).set('Accept-Encoding', 'gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(Number(res.headers['content-length'])).toBeGreaterThan(1000);
    });
  });

  describe('in production, behind a trusted proxy', () => {
    let t: TestApp;
    let middleware: jest.SpyInstance;
    beforeAll(async () => {
      t = await startTestApp({
        PAGE_CACHE_TTL_SECONDS: '60',
        NODE_ENV: 'production',
        CSRF_SECRET: 'test-only-csrf-secret-0123456789abcdefghijkl',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'info',
      });
      middleware = jest.spyOn(PageCacheMiddleware.prototype, 'use');
    });
    afterAll(async () => {
      middleware.mockRestore();
      await t.app.close();
    });

    it("sends the pipeline's headers (HSTS, Vary on the forwarded scheme) and logs the forwarded address", async () => {
      const https = (path: string) =>
        get(t, path).set('X-Forwarded-Proto', 'https').set('X-Forwarded-For', '203.0.113.9');
      const rendered = await https('/produits');
      middleware.mockClear();
      const replayed = await https('/produits');
      expect(middleware).not.toHaveBeenCalled();
      expect(replayed.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(replayed.headers.vary)).toContain('X-Forwarded-Proto');
      expect(shape(replayed)).toEqual(shape(rendered));
      expect(body(replayed)).toBe(body(rendered));
      // The scheme is part of the site: a plain-http request is not answered with the https page.
      const plain = await get(t, '/produits').set('X-Forwarded-Proto', 'http');
      expect(plain.headers['server-timing']).not.toMatch(/cache;desc=hit/);
      const id = replayed.headers['x-request-id'];
      const line = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.requestId === id);
      expect(line).toEqual(expect.objectContaining({ msg: 'request', path: '/produits', ip: '203.0.113.9' }));
    });
  });

  describe('behind the IP filter', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await startTestApp({
          PAGE_CACHE_TTL_SECONDS: '60',
          IP_FILTER_ALLOW: '203.0.113.7',
          TRUST_PROXY: '1',
        })),
    );
    afterAll(() => t.app.close());

    it('refuses a kept page to an address outside the allow list', async () => {
      const allowed = await get(t, '/').set('X-Forwarded-For', '203.0.113.7');
      expect(allowed.status).toBe(200);
      expect((await get(t, '/').set('X-Forwarded-For', '203.0.113.7')).headers['server-timing']).toMatch(
        /cache;desc=hit/,
      );
      const refused = await request(t.server).get('/').set('Host', FR).set('X-Forwarded-For', '198.51.100.1');
      expect(refused.status).toBe(401);
      expect(refused.text).toBe(IP_NOT_ALLOWED_TEXT);
    });
  });
});
