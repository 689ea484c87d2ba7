import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const vary = (res: { headers: Record<string, string> }) =>
  (res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)
    .sort();

// supertest connects from 127.0.0.1 (seen as ::ffff:127.0.0.1 on a dual-stack socket).
describe('host and proxy headers (e2e)', () => {
  describe('behind a proxy (TRUST_PROXY=1), X-Forwarded-Host not trusted (the default)', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ TRUST_PROXY: '1' })));
    afterAll(() => t.app.close());

    it("takes the host from Host, never from a client's X-Forwarded-Host", async () => {
      const forged = await request(t.server).get('/').set('Host', FR).set('X-Forwarded-Host', DE).expect(200);
      expect(htmlLang(forged.text)).toBe('fr-CH');
      // The page cached for the French host is still French.
      const plain = await request(t.server).get('/').set('Host', FR).expect(200);
      expect(htmlLang(plain.text)).toBe('fr-CH');
      const api = await request(t.server).get('/api/v1/product?perPage=1').set('Host', DE).set('X-Forwarded-Host', FR);
      expect(api.status).toBe(200);
      const list = await request(t.server).get('/produkte').set('Host', DE).set('X-Forwarded-Host', FR).expect(200);
      expect(htmlLang(list.text)).toBe('de-CH');
    });

    it('says which headers a page depends on: Accept and the scheme the proxy reports', async () => {
      const res = await request(t.server).get('/produits').set('Host', FR).expect(200);
      expect(vary(res)).toEqual(['accept', 'accept-encoding', 'x-forwarded-proto']);
      const cached = await request(t.server).get('/produits').set('Host', FR).expect(200);
      expect(vary(cached)).toEqual(['accept', 'accept-encoding', 'x-forwarded-proto']);
    });

    it('does not believe X-Forwarded-Host for the www redirect either', async () => {
      const res = await request(t.server)
        .get('/marques')
        .set('Host', 'www.produits.localhost')
        .set('X-Forwarded-Host', 'www.evil.example')
        .redirects(0)
        .expect(301);
      expect(res.headers.location).toBe('http://produits.localhost/marques');
    });
  });

  describe('TRUST_FORWARDED_HOST names the proxy', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ TRUST_PROXY: '1', TRUST_FORWARDED_HOST: '127.0.0.1, ::1' })));
    afterAll(() => t.app.close());

    it('takes the host that proxy wrote in X-Forwarded-Host, and varies on it', async () => {
      const res = await request(t.server).get('/').set('Host', 'app:3000').set('X-Forwarded-Host', DE).expect(200);
      expect(htmlLang(res.text)).toBe('de-CH');
      expect(vary(res)).toEqual(['accept', 'accept-encoding', 'x-forwarded-host', 'x-forwarded-proto']);
    });
  });

  describe('TRUST_FORWARDED_HOST names another proxy', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ TRUST_PROXY: '1', TRUST_FORWARDED_HOST: '10.0.0.0/8' })));
    afterAll(() => t.app.close());

    it('ignores X-Forwarded-Host from any other peer', async () => {
      const res = await request(t.server).get('/').set('Host', FR).set('X-Forwarded-Host', DE).expect(200);
      expect(htmlLang(res.text)).toBe('fr-CH');
    });
  });

  describe('no proxy (TRUST_PROXY=0)', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ TRUST_PROXY: '0' })));
    afterAll(() => t.app.close());

    it('varies on Accept only', async () => {
      const res = await request(t.server).get('/').set('Host', FR).expect(200);
      expect(vary(res)).toEqual(['accept', 'accept-encoding']);
    });
  });
});
