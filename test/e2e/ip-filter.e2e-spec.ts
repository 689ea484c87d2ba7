import { Module } from '@nestjs/common';
import request from 'supertest';
import { IP_NOT_ALLOWED_TEXT } from '../../src/common/errors/domain.exception';
import { DNS_LOOKUP, type DnsLookup } from '../../src/common/security/ip-filter.service';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

// supertest connects from 127.0.0.1 (seen as ::ffff:127.0.0.1 on a dual-stack socket).

/** Every kind of URL a visitor could try: a page, an unknown URL, the API, assets, a redirect. */
const GUARDED = [
  '/',
  '/marques',
  '/cette-page-nexiste-pas',
  '/api/v1/shop',
  '/assets/main.js',
  '/favicon.ico',
  '/robots.txt',
  '/fr',
  '/health',
  '/health/live/',
  '/health/x',
];

async function expectRefused(t: TestApp, path: string, host = FR, forwardedFor?: string) {
  const req = request(t.server).get(path).set('Host', host).redirects(0);
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  const res = await req;
  expect({ path, status: res.status }).toEqual({ path, status: 401 });
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.text).toBe(IP_NOT_ALLOWED_TEXT);
}

async function expectServed(t: TestApp, path = '/', host = FR, forwardedFor?: string) {
  const req = request(t.server).get(path).set('Host', host);
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  const res = await req;
  expect({ path, forwardedFor, status: res.status }).toEqual({ path, forwardedFor, status: 200 });
}

describe('IP filter (e2e)', () => {
  describe('an allowed exact address', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ IP_FILTER_ALLOW: '127.0.0.1' })));
    afterAll(() => t.app.close());

    it('gets the site on both hosts', async () => {
      await expectServed(t, '/', FR);
      await expectServed(t, '/', DE);
      await request(t.server).get('/nexiste-pas').set('Host', FR).expect(404);
    });
  });

  describe('an allowed CIDR range', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ IP_FILTER_ALLOW: '10.0.0.0/8, 127.0.0.0/8' })));
    afterAll(() => t.app.close());

    it('gets the site', async () => {
      await expectServed(t, '/', FR);
      await expectServed(t, '/', DE);
    });
  });

  describe('an address outside the allow list (TRUST_PROXY=0)', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await startTestApp({
          IP_FILTER_ALLOW: '203.0.113.7, 192.168.0.0/16, ::2',
          TRUST_PROXY: '0',
          LOG_LEVEL: 'info',
        })),
    );
    afterAll(() => t.app.close());

    it.each(GUARDED)('gets 401 text/plain on %s', async (path) => {
      await expectRefused(t, path, FR);
      await expectRefused(t, path, DE);
    });

    it('gets 401 on a www host instead of its redirect', async () => {
      await expectRefused(t, '/', 'www.produits.localhost');
    });

    it('cannot get in by claiming an allowed address in X-Forwarded-For', async () => {
      await expectRefused(t, '/', FR, '203.0.113.7');
      await expectRefused(t, '/', FR, '192.168.1.1');
      await expectRefused(t, '/', FR, '203.0.113.7, 203.0.113.7');
    });

    it('still reaches the health probes, for the load balancer', async () => {
      await request(t.server).get('/health/live').expect(200, { status: 'ok' });
      const ready = await request(t.server).get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('ok');
    });

    it.each(['/health/live', '/health/ready'])(
      'exempts only GET and HEAD on %s: any other method gets the 401 text',
      async (path) => {
        await request(t.server).head(path).expect(200);
        for (const method of ['post', 'put', 'patch', 'delete', 'options'] as const) {
          const res = await request(t.server)[method](path).set('Host', FR);
          expect({ method, status: res.status }).toEqual({ method, status: 401 });
          expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
          expect(res.text).toBe(IP_NOT_ALLOWED_TEXT);
        }
      },
    );

    it('logs the refused request with the client address', async () => {
      const refused = await request(t.server)
        .get('/marques')
        .set('Host', FR)
        .set('X-Forwarded-For', '203.0.113.7')
        .expect(401);
      const id = refused.headers['x-request-id'];
      const line = t.logs
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.requestId === id && l.msg === 'request');
      expect(line).toMatchObject({
        status: 401,
        path: '/marques',
        ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/),
      });
    });
  });

  describe('behind one proxy (TRUST_PROXY=1) with a DNS name', () => {
    let t: TestApp;
    let answer: string[] = ['198.51.100.20'];
    const lookups: string[] = [];
    const lookup: DnsLookup = async (name) => {
      lookups.push(name);
      return answer;
    };

    @Module({ providers: [{ provide: DNS_LOOKUP, useValue: lookup }], exports: [DNS_LOOKUP] })
    class FakeDnsModule {}

    beforeAll(async () => {
      t = await startTestApp(
        {
          IP_FILTER_ALLOW: '203.0.113.7, 192.168.10.0/24, office.example.ch',
          IP_FILTER_REFRESH_SECONDS: '5',
          TRUST_PROXY: '1',
        },
        { imports: [FakeDnsModule] },
      );
    });
    afterAll(() => t.app.close());

    it('believes the address the proxy appended', async () => {
      await expectServed(t, '/', FR, '203.0.113.7');
      await expectServed(t, '/', DE, '192.168.10.42');
      await expectRefused(t, '/', FR, '192.168.11.42');
    });

    it('believes only the right-most hop: a spoofed left-most entry does not get in', async () => {
      await expectRefused(t, '/', FR, '203.0.113.7, 198.51.100.99');
      await expectRefused(t, '/', FR, '192.168.10.1, 10.9.9.9');
      await expectServed(t, '/', FR, '198.51.100.99, 203.0.113.7');
    });

    it('refuses the proxy itself when it sends no X-Forwarded-For', async () => {
      await expectRefused(t, '/', FR);
    });

    it('allows what the DNS name resolves to, and follows it when it changes', async () => {
      expect(lookups).toContain('office.example.ch');
      await expectServed(t, '/', FR, '198.51.100.20');
      await expectRefused(t, '/', FR, '198.51.100.21');

      answer = ['198.51.100.21'];
      const before = lookups.length;
      // No call from here: the periodic re-resolution (every IP_FILTER_REFRESH_SECONDS) must see it.
      const deadline = Date.now() + 9000;
      while (lookups.length === before && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lookups.length).toBeGreaterThan(before);

      await expectServed(t, '/', FR, '198.51.100.21');
      await expectRefused(t, '/', FR, '198.51.100.20');
    });
  });
});
