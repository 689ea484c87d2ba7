import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { pick } from '../support/content';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

const KEY = 'AIzaE2eTestKeyNeverSentAnywhere0123456789';
const PLAYLIST = 'PLe2eNewsPlaylist';
/** The playlist's first item: a video that is not in the content pack. */
const NEWS = 'NewsVideo01';
type Mode = 'ok' | 'down' | 'slow';

/**
 * A stand-in for the video platform's data API (YouTube Data API v3 shapes), on the loopback: each
 * video answers as its mode says; every request is recorded with its query.
 */
function fakeDataApi(modes: Record<string, Mode>) {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push(url);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/youtube/v3/playlistItems')
      return json(200, {
        kind: 'youtube#playlistItemListResponse',
        items: [{ snippet: { resourceId: { kind: 'youtube#video', videoId: NEWS } } }],
      });
    if (url.pathname !== '/youtube/v3/videos') return json(404, { error: { code: 404 } });
    const id = url.searchParams.get('id') ?? '';
    const mode = modes[id] ?? 'ok';
    if (mode === 'down') return json(503, { error: { code: 503, message: 'backend error' } });
    const answer = () =>
      json(200, {
        kind: 'youtube#videoListResponse',
        items: [
          {
            kind: 'youtube#video',
            id,
            snippet: {
              publishedAt: '2026-10-01T12:00:00Z',
              title: `Platform title ${id}`,
              description: `Platform description of ${id}\nsecond line`,
              thumbnails: { high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 } },
              localized: {
                title: `Platform title ${id} (${url.searchParams.get('hl')})`,
                description: `Platform description of ${id}\nsecond line`,
              },
            },
            contentDetails: { duration: 'PT1M1S' },
            statistics: { viewCount: '987654' },
          },
        ],
      });
    if (mode === 'slow') setTimeout(answer, 6000);
    else answer();
  });
  return new Promise<{ server: Server; url: string; requests: URL[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/youtube/v3`, requests }),
    ),
  );
}

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const videoObjects = (html: string): Node[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]) as Node)
    .filter((n) => n['@type'] === 'VideoObject');

describe('video data from the video platform, with the stored data as fallback (e2e, local stub API)', () => {
  const ok = pick((p) => p.caracteristics.embed_push_video === 'Lq4bX7sVt2M', 'product with video Lq4bX7sVt2M');
  const down = pick((p) => p.caracteristics.embed_push_video === 'wE3sB6oLn0P', 'product with video wE3sB6oLn0P');
  let t: TestApp;
  let api: Awaited<ReturnType<typeof fakeDataApi>>;

  beforeAll(async () => {
    api = await fakeDataApi({ wE3sB6oLn0P: 'down', k3Vt9QpLw2E: 'slow', Tz4pLw8QnVk: 'down' });
    t = await startTestApp({
      VIDEO_API_KEY: KEY,
      VIDEO_PLAYLIST_ID: PLAYLIST,
      VIDEO_API_URL: api.url,
      VIDEO_API_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await t.app.close();
    await new Promise((resolve) => api.server.close(resolve));
  });

  it("success: the product video's VideoObject is the platform's data, asked with the key and the spec's parts", async () => {
    const res = await request(t.server).get(`/produkt/${ok.texts.de.slug}`).set('Host', DE).expect(200);
    const [video] = videoObjects(res.text);
    expect(video).toMatchObject({
      name: 'Platform title Lq4bX7sVt2M (de)',
      uploadDate: '2026-10-01T12:00:00.000Z',
      duration: 'PT1M1S',
      thumbnailUrl: [`http://${DE}/media/video/Lq4bX7sVt2M.jpg`],
      embedUrl: 'https://www.youtube-nocookie.com/embed/Lq4bX7sVt2M',
      interactionStatistic: { userInteractionCount: 987654 },
    });
    const asked = api.requests.find((u) => u.searchParams.get('id') === 'Lq4bX7sVt2M')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      key: KEY,
      part: 'snippet,contentDetails,statistics',
      id: 'Lq4bX7sVt2M',
      hl: 'de',
    });
    // Cached: the next page asks nothing.
    const before = api.requests.length;
    await request(t.server).get(`/produkt/${ok.texts.de.slug}?again=1`).set('Host', DE).expect(200);
    expect(api.requests.length).toBe(before);
  });

  it("success: the playlist's first item is the home news video, with its data and a thumbnail the site serves", async () => {
    const res = await request(t.server).get('/').set('Host', FR).expect(200);
    const playlist = api.requests.find((u) => u.pathname.endsWith('/playlistItems'))!;
    expect(Object.fromEntries(playlist.searchParams)).toEqual({
      key: KEY,
      part: 'snippet',
      playlistId: PLAYLIST,
      maxResults: '1',
    });
    expect(videoObjects(res.text).map((v) => v.name)).toEqual([`Platform title ${NEWS} (fr)`]);
    expect(res.text).toContain(`data-video="${NEWS}"`);
    // Its legend: the first line of its description.
    expect(res.text).toContain(`<p>Platform description of ${NEWS}</p>`);
    await request(t.server).get(`/media/video/${NEWS}.jpg`).set('Host', FR).expect(200);
  });

  it('platform down: the page is served with the stored data, the failure logged without the key', async () => {
    const res = await request(t.server).get(`/produit/${down.texts.fr.slug}`).set('Host', FR).expect(200);
    const [video] = videoObjects(res.text);
    expect(video).toMatchObject({
      name: 'Formag : le magnésium marin contre la fatigue',
      duration: 'PT1M20S',
      interactionStatistic: { userInteractionCount: 12650 },
    });
    expect(t.logs.some((l) => /video platform unavailable for video wE3sB6oLn0P.*answered 503/.test(l))).toBe(true);
    expect(t.logs.some((l) => l.includes(KEY))).toBe(false);
  });

  it('platform slow: the page does not wait beyond the timeout and shows the stored data', async () => {
    const started = Date.now();
    const res = await request(t.server).get('/conseil/exercices-doux-genoux').set('Host', FR).expect(200);
    // The platform answers after 6 s; the page (timeout 300 ms) long before, even on a loaded machine.
    expect(Date.now() - started).toBeLessThan(4500);
    expect(videoObjects(res.text).map((v) => v.name)).toEqual(['Genoux : cinq exercices à faire chez soi']);
    expect(t.logs.some((l) => /video platform unavailable for video k3Vt9QpLw2E \(videos: timed out\)/.test(l))).toBe(
      true,
    );
  });
});
