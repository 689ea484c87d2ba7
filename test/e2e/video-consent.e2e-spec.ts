import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { VideoThumbnailService } from '../../src/modules/video/video-thumbnail.service';
import { FR, startTestApp, type TestApp } from '../support/app';

/** A JPEG's first bytes: enough for the route, which passes the platform's bytes through. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
/** Videos of the content: the home page's news video, which the platform has, and a product's, which it has not. */
const KNOWN = 'Tz4pLw8QnVk';
const UNKNOWN = 'Lq4bX7sVt2M';
/** Well formed, but no page of the site shows it. */
const FOREIGN = 'dQw4w9WgXcQ';

/** A stand-in for the video platform's thumbnail host: knows one video, counts its hits. */
function fakePlatform(): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === `/vi/${KNOWN}/hqdefault.jpg`) res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(JPEG);
    else res.writeHead(404, { 'Content-Type': 'text/html' }).end('<p>no</p>');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits }),
    ),
  );
}

const csp = (res: request.Response) => String(res.headers['content-security-policy']);
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('video thumbnails served by the site, and the CSP of consent-gated third parties (e2e)', () => {
  describe('with a reachable platform', () => {
    let t: TestApp;
    let platform: Awaited<ReturnType<typeof fakePlatform>>;

    beforeAll(async () => {
      platform = await fakePlatform();
      t = await startTestApp({ VIDEO_THUMBNAIL_ORIGIN: platform.origin });
    });
    afterAll(async () => {
      await t.app.close();
      await new Promise((resolve) => platform.server.close(resolve));
    });

    it('fetches the thumbnail once server-side, then answers from its cache', async () => {
      const first = await request(t.server).get(`/media/video/${KNOWN}.jpg`).set('Host', FR).expect(200);
      expect(first.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(first.body as Buffer, JPEG)).toBe(0);
      expect(first.headers['cache-control']).toMatch(/^public, max-age=(86[34]\d\d)$/);
      const again = await Promise.all(
        [1, 2, 3].map(() => request(t.server).get(`/media/video/${KNOWN}.jpg`).set('Host', FR).expect(200)),
      );
      expect(again.every((res) => Buffer.compare(res.body as Buffer, JPEG) === 0)).toBe(true);
      expect(platform.hits.filter((hit) => hit.includes(KNOWN))).toEqual([`/vi/${KNOWN}/hqdefault.jpg`]);
      expect(t.app.get(VideoThumbnailService).fetches).toBe(1);
    });

    it('falls back to the local placeholder when the platform has no thumbnail (logged, not an error)', async () => {
      const res = await request(t.server).get(`/media/video/${UNKNOWN}.jpg`).set('Host', FR).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(String(res.body)).toContain('<svg');
      expect(res.headers['cache-control']).toMatch(/^public, max-age=(29\d|300)$/);
      expect(t.logs.some((line) => line.includes(`video thumbnail ${UNKNOWN}`))).toBe(true);
    });

    it('a well-formed id of a video the site does not show: a small 404, the platform never asked', async () => {
      const before = platform.hits.length;
      const res = await request(t.server).get(`/media/video/${FOREIGN}.jpg`).set('Host', FR);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(platform.hits.length).toBe(before);
      expect(t.app.get(VideoThumbnailService).held.entries).toBe(2);
    });

    it.each([
      ['too short', '/media/video/abc.jpg'],
      ['too long', `/media/video/${KNOWN}x.jpg`],
      ['another extension', `/media/video/${KNOWN}.png`],
      ['no extension', `/media/video/${KNOWN}`],
      ['a character outside the id alphabet', '/media/video/dQw4w9WgXc%21.jpg'],
      ['a NUL', '/media/video/dQw4w9WgX%00.jpg'],
      ['a path climb', '/media/video/..%2F..%2Fetc.jpg'],
      ['a bad escape', '/media/video/%E0%A4%A.jpg'],
    ])('%s: a small 404, the platform never asked', async (_what, path) => {
      const before = platform.hits.length;
      const res = await request(t.server).get(path).set('Host', FR);
      expect([400, 404]).toContain(res.status);
      expect(platform.hits.length).toBe(before);
    });
  });

  describe('without network (VIDEO_THUMBNAIL_ORIGIN=none, as in every test) and without analytics', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(async () => {
      await t.app.close();
    });

    it('serves the placeholder at once, without trying the platform', async () => {
      const res = await request(t.server).get(`/media/video/${KNOWN}.jpg`).set('Host', FR).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(t.app.get(VideoThumbnailService).fetches).toBe(0);
    });

    it('the CSP allows no analytics host and no video platform image; the page asks for none', async () => {
      const res = await request(t.server).get('/').set('Host', FR).expect(200);
      const policy = csp(res);
      expect(directive(policy, 'script-src')).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
      expect(directive(policy, 'img-src')).not.toMatch(/ytimg|youtube/);
      expect(directive(policy, 'frame-src')).toBe('frame-src https://www.youtube-nocookie.com');
      expect(res.text).toContain('"analyticsSrc":""');
      expect(res.text).not.toMatch(/<img[^>]+(ytimg|youtube)/);
    });
  });

  describe('with ANALYTICS_SCRIPT_URL configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ANALYTICS_SCRIPT_URL: 'https://tags.example.net/gtm.js?id=GTM-TEST', NODE_ENV: 'test' });
    });
    afterAll(async () => {
      await t.app.close();
    });

    it('allows its host (only) in script-src and hands its URL to the page, which loads it after consent', async () => {
      const res = await request(t.server).get('/').set('Host', FR).expect(200);
      const policy = csp(res);
      expect(directive(policy, 'script-src')).toMatch(
        /^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' https:\/\/tags\.example\.net$/,
      );
      expect(directive(policy, 'connect-src')).toContain('https://tags.example.net');
      // Not in the HTML as a script: the consent module adds it once statistics are allowed.
      expect(res.text).not.toMatch(/<script[^>]+tags\.example\.net/);
      expect(res.text).toContain('"analyticsSrc":"https://tags.example.net/gtm.js?id=GTM-TEST"');
    });

    it('refuses a non-https analytics URL at start-up', async () => {
      await expect(startTestApp({ ANALYTICS_SCRIPT_URL: 'http://tags.example.net/gtm.js' })).rejects.toThrow(
        /ANALYTICS_SCRIPT_URL/,
      );
    });
  });
});
