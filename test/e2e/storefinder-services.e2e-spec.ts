import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { MapTileService } from '../../src/modules/media/map-tiles.service';
import { FR, startTestApp, type TestApp } from '../support/app';
import { textOf } from '../support/content';

/** A PNG signature and a little more: what the stub tile host answers (the site passes it through as is). */
const TILE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('tile-8')]);

/** What the stub geoportal answers (SearchServer, type=locations), by search text. */
const GEOPORTAL: Record<string, unknown> = {
  'Rue de Bourg 10, Lausanne': {
    results: [
      { attrs: { origin: 'address', label: 'Rue de Bourg 10 <b>1003 Lausanne</b>', lat: 46.52093, lon: 6.63365 } },
      { attrs: { origin: 'address', label: 'Rue de Bourg 10 <b>1815 Clarens</b>', lat: 46.4412, lon: 6.8947 } },
    ],
  },
  // Outside Switzerland's bounds, or in Liechtenstein: dropped; nothing left, so the localities answer.
  Vaduz: {
    results: [
      { attrs: { origin: 'zipcode', label: '<b>9490 - Vaduz</b>', lat: 47.14, lon: 9.52 } },
      { attrs: { origin: 'gg25', label: '<b>Paris</b>', lat: 48.85, lon: 2.35 } },
    ],
  },
};

/**
 * The finder's outside services, against local stubs: the map tiles served by the site (issue 14 "no
 * third party before consent": /media/tiles/{z}/{x}/{y}.png fetched from MAP_TILE_URL with the
 * configured User-Agent, cached, HTTP caching, bad coordinates 404, a failing origin's placeholder)
 * and the street-level geocoder (GEOCODER=geoadmin: the geoportal's SearchServer, Switzerland only,
 * its failure answered by the offline place search).
 */
describe('store finder services: map tiles and geocoder (e2e)', () => {
  let t: TestApp;
  let origin: Server;
  let geoportal: Server;
  const asked: IncomingMessage[] = [];
  const geocoded: URLSearchParams[] = [];
  /** Tiles 8/131/y make the stub fail: row 89 answers 500, 90 never answers, 91 answers HTML. */
  beforeAll(async () => {
    origin = createServer((req, res) => {
      asked.push(req);
      const failing = /\/131\/(\d+)\.png$/.exec(req.url ?? '')?.[1];
      if (failing === '89') return void res.writeHead(500).end('boom');
      if (failing === '90') return; // hangs: the site's timeout decides
      if (failing === '91') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
      res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=86400' }).end(TILE);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const { port } = origin.address() as AddressInfo;
    geoportal = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://stub').searchParams;
      geocoded.push(query);
      const text = query.get('searchText') ?? '';
      if (text.startsWith('Panne')) return void res.writeHead(503).end();
      const body = GEOPORTAL[text] ?? { results: [] };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => geoportal.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      GEOCODER: 'geoadmin',
      GEOCODER_URL: `http://127.0.0.1:${(geoportal.address() as AddressInfo).port}/rest/services/api/SearchServer`,
      GEOCODER_TIMEOUT_MS: '500',
      MAP_TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
      MAP_TILE_USER_AGENT: 'test-site/1.0 (+https://produits.example)',
      MAP_TILE_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await t?.app.close();
    for (const server of [origin, geoportal]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const get = (path: string) => request(t.server).get(path).set('Host', FR).buffer(true).parse(binary);
  const fetches = () => t.app.get(MapTileService).fetches;

  it('fetches a tile of the area once, with the configured User-Agent, and serves it with HTTP caching', async () => {
    const first = await get('/media/tiles/8/132/90.png').expect(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(first.body as Buffer, TILE)).toBe(0);
    expect(asked.map((r) => r.url)).toEqual(['/tiles/8/132/90.png']);
    expect(asked[0].headers['user-agent']).toBe('test-site/1.0 (+https://produits.example)');
    // The origin's max-age=86400 travels on (a second or so less).
    expect(Number(/max-age=(\d+)/.exec(first.headers['cache-control'])?.[1])).toBeGreaterThan(86000);
    expect(first.headers['cache-control']).toMatch(/^public, /);
    // Cached: the second request and a revalidation do not reach the origin.
    const again = await get('/media/tiles/8/132/90.png').expect(200);
    expect(Buffer.compare(again.body as Buffer, TILE)).toBe(0);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    await request(t.server).get('/media/tiles/8/132/90.png').set('Host', FR).set('If-None-Match', etag).expect(304);
    expect(asked).toHaveLength(1);
  });

  it('shares one origin request between concurrent requests for the same tile', async () => {
    const before = fetches();
    const answers = await Promise.all([1, 2, 3].map(() => get('/media/tiles/8/133/90.png')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(fetches() - before).toBe(1);
  });

  it.each([
    ['a column beyond the grid', '/media/tiles/8/256/90.png'],
    ['a row beyond the grid', '/media/tiles/8/132/256.png'],
    ['a zoom beyond the map', '/media/tiles/19/265000/180000.png'],
    ['a zoom below the map', '/media/tiles/5/16/11.png'],
    ['a leading zero', '/media/tiles/08/132/90.png'],
    ['a negative row', '/media/tiles/8/132/-1.png'],
    ['another format', '/media/tiles/8/132/90.jpg'],
    ['no extension', '/media/tiles/8/132/90'],
    ['letters', '/media/tiles/z/x/y.png'],
    ['an exponent', '/media/tiles/8/1e2/90.png'],
  ])('answers %s with the small plain 404, without asking the origin', async (_what, path) => {
    const before = fetches();
    const res = await get(path).expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(fetches()).toBe(before);
  });

  it('answers a tile outside the map area with the placeholder, without asking the origin', async () => {
    const before = fetches();
    const res = await get('/media/tiles/8/0/0.png').expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((res.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    expect(Buffer.compare(res.body as Buffer, TILE)).not.toBe(0);
    expect(fetches()).toBe(before);
  });

  it.each([
    ['answers 500', 89],
    ['does not answer in time', 90],
    ['answers something that is no image', 91],
  ])('serves the placeholder tile, briefly cached and logged, when the origin %s', async (_what, row) => {
    const res = await get(`/media/tiles/8/131/${row}.png`).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((res.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    expect(Buffer.compare(res.body as Buffer, TILE)).not.toBe(0);
    expect(Number(/max-age=(\d+)/.exec(res.headers['cache-control'])?.[1])).toBeLessThanOrEqual(300);
    expect(t.logs.some((line) => line.includes(`map tile 8/131/${row}`))).toBe(true);
  });

  it('rests the origin after three failures in a row: placeholders at once, without asking it', async () => {
    const before = fetches();
    const res = await get('/media/tiles/8/133/91.png').expect(200);
    expect(Buffer.compare(res.body as Buffer, TILE)).not.toBe(0);
    expect(fetches()).toBe(before);
    expect(t.logs.some((line) => line.includes('map tile origin failing'))).toBe(true);
  });

  it('lets pages load images from the site only: the CSP names no tile host', async () => {
    const res = await request(t.server).get('/trouver-une-pharmacie').set('Host', FR).expect(200);
    const imgSrc = /img-src ([^;]*)/.exec(res.headers['content-security-policy'])?.[1];
    expect(imgSrc).toBe("'self' data: blob:");
    expect(res.text).toContain('/media/tiles/{z}/{x}/{y}.png');
    expect(res.text).not.toContain('127.0.0.1');
  });

  describe('the street-level geocoder', () => {
    const api = (path: string) =>
      request(t.server).get(`/api/v1${path}`).set('Host', FR).set('Accept', 'application/json');
    const labels = async (q: string) =>
      ((await api(`/places?q=${encodeURIComponent(q)}`).expect(200)).body.data.items as Array<{ label: string }>).map(
        (p) => p.label,
      );

    it('suggests the addresses the geoportal finds, as plain text, asking it for Swiss locations in WGS84', async () => {
      expect(await labels('Rue de Bourg 10, Lausanne')).toEqual([
        'Rue de Bourg 10, 1003 Lausanne',
        'Rue de Bourg 10, 1815 Clarens',
      ]);
      const query = geocoded.at(-1)!;
      expect(query.get('type')).toBe('locations');
      expect(query.get('origins')).toBe('address,zipcode,gg25');
      expect(query.get('sr')).toBe('4326');
    });

    it('searches the pharmacies around the address a visitor submits (the no-JavaScript form)', async () => {
      const res = await request(t.server)
        .get(`/trouver-une-pharmacie?q=${encodeURIComponent('Rue de Bourg 10, Lausanne')}`)
        .set('Host', FR)
        .expect(200);
      expect(textOf(res.text)).toContain('20 pharmacies près de Rue de Bourg 10, 1003 Lausanne');
      expect(res.text).toContain('value="Rue de Bourg 10, 1003 Lausanne"');
    });

    it('keeps to Switzerland: results in Liechtenstein or abroad are dropped, the localities answer', async () => {
      expect(await labels('Vaduz')).toEqual([]);
      expect((await labels('Lausanne'))[0]).toBe('1003 Lausanne');
    });

    it('falls back to the offline place search when the geoportal fails, logged only, then rests it 30 s', async () => {
      const before = geocoded.length;
      expect(await labels('Panne 3, 1003 Lausanne')).toEqual(['1003 Lausanne']);
      expect(geocoded.length).toBe(before + 1);
      expect(t.logs.some((line) => line.includes('geocoder failed, offline place search used'))).toBe(true);
      // Meanwhile every search is answered offline, without asking it.
      expect((await labels('Bahnhofstrasse 1 8001 Zürich'))[0]).toBe('8001 Zürich');
      expect(geocoded.length).toBe(before + 1);
    });
  });
});

/** supertest's parser for a binary body. */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
