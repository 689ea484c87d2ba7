import request from 'supertest';
import { RenderService } from '../../src/render/render.service';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

/** The nonce of the CSP script-src, and the nonce of every <script> of the page. */
function nonces(res: { headers: Record<string, string>; text: string }) {
  const csp = res.headers['content-security-policy'];
  const header = /script-src[^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  const scripts = [...res.text.matchAll(/<script\b([^>]*)>/g)].map((m) => ({
    inline: !/\bsrc=/.test(m[1]),
    nonce: /\bnonce="([^"]*)"/.exec(m[1])?.[1],
  }));
  return { csp, header, scripts };
}

describe('security headers and logs (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info' });
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('Content-Security-Policy', () => {
    it.each([
      [FR, '/', 200],
      [DE, '/', 200],
      [FR, '/page-inconnue', 404],
      [DE, '/unbekannte-seite', 404],
    ])('on %s%s gives a fresh nonce per response that every inline script carries', async (host, path, status) => {
      const first = nonces(await request(t.server).get(path).set('Host', host).expect(status));
      // The second answer may come from the page cache: it must still get its own nonce.
      const second = nonces(await request(t.server).get(path).set('Host', host).expect(status));
      for (const page of [first, second]) {
        expect(page.header).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(page.csp).toContain("default-src 'self'");
        expect(page.csp).toContain("object-src 'none'");
        expect(page.csp).not.toContain('unsafe-inline');
        expect(page.scripts.filter((s) => s.inline).length).toBeGreaterThan(0);
        for (const script of page.scripts.filter((s) => s.inline || s.nonce)) expect(script.nonce).toBe(page.header);
      }
      expect(first.header).not.toBe(second.header);
    });
  });

  describe.each([
    ['a page', FR, '/', 200],
    ['the 404 page', DE, '/gibt-es-nicht', 404],
    ['a redirect', FR, '/index', 301],
    ['a www redirect', 'www.produkte.localhost', '/', 301],
    ['the API', FR, '/api/v1/unknown', 404],
    ['a probe', FR, '/health/ready', 200],
  ])('%s', (_label, host, path, status) => {
    it('has no X-Powered-By, sets no cookie, and sends the usual hardening headers', async () => {
      const res = await request(t.server).get(path).set('Host', host).redirects(0).expect(status);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    });
  });

  describe('JSON logs', () => {
    const entries = () => t.logs.map((line) => JSON.parse(line) as Record<string, unknown>);

    it('writes every line as one JSON object', () => {
      expect(t.logs.length).toBeGreaterThan(0);
      for (const line of t.logs) {
        expect(line.endsWith('\n')).toBe(true);
        expect(line.trim()).not.toContain('\n');
        expect(() => JSON.parse(line)).not.toThrow();
      }
    });

    it.each([
      [FR, '/', 200],
      [DE, '/nicht-da', 404],
      [FR, '/fr?x=1', 301],
    ])('logs one access line for %s%s with the X-Request-Id of the response', async (host, path, status) => {
      const res = await request(t.server).get(path).set('Host', host).redirects(0).expect(status);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const lines = entries().filter((entry) => entry.requestId === id && entry.msg === 'request');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 'info',
        method: 'GET',
        path: path.split('?')[0],
        status,
        ms: expect.any(Number),
        time: expect.any(String),
      });
      expect(new Date(lines[0].time as string).toISOString()).toBe(lines[0].time);
    });

    it('logs the whole path of a static asset, not the part below its mount point', async () => {
      const page = await request(t.server).get('/').set('Host', FR).expect(200);
      const asset = /<script[^>]* src="(\/assets\/[^"?]+\.js)"/.exec(page.text)?.[1];
      expect(asset).toBeDefined();
      const res = await request(t.server).get(`${asset}?v=1`).set('Host', FR).expect(200);
      const line = entries().find(
        (entry) => entry.requestId === res.headers['x-request-id'] && entry.msg === 'request',
      );
      expect(line).toMatchObject({ path: asset, status: 200 });
    });

    it('keeps a well-formed request id from the proxy and replaces a malformed one', async () => {
      const kept = await request(t.server).get('/health/live').set('X-Request-Id', 'lb-1234abcd.5678').expect(200);
      expect(kept.headers['x-request-id']).toBe('lb-1234abcd.5678');
      const replaced = await request(t.server).get('/health/live').set('X-Request-Id', 'bad id\u00e9"}').expect(200);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(entries().filter((entry) => entry.requestId === 'lb-1234abcd.5678')).toHaveLength(1);
    });

    it('logs a failure at error level, and the error line carries the request id too', async () => {
      jest.spyOn(t.app.get(RenderService), 'renderPage').mockRejectedValueOnce(new Error('render exploded'));
      const res = await request(t.server).get('/?fresh=1').set('Host', FR).expect(500);
      const lines = entries().filter((entry) => entry.requestId === res.headers['x-request-id']);
      expect(lines.find((entry) => entry.msg === 'render exploded')).toMatchObject({
        level: 'error',
        context: 'Errors',
        stack: expect.stringContaining('Error: render exploded'),
      });
      expect(lines.find((entry) => entry.msg === 'request')).toMatchObject({ level: 'error', status: 500 });
    });
  });
});
