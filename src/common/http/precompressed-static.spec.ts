import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { once } from 'node:events';
import { get, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { pickEncoding, precompressedStatic } from './precompressed-static';

const JS = `export const answer = ${'42 + '.repeat(200)}0;\n`;
const CSS = `body { color: red; }\n`.repeat(50);

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over plain node:http, body left encoded (supertest would inflate it itself). */
async function fetchRaw(app: express.Express, path: string, acceptEncoding: string): Promise<RawResponse> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, resolve).on(
        'error',
        reject,
      ),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}

describe(precompressedStatic.name, () => {
  let dir: string;
  let app: express.Express;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'main-abc.js'), JS);
    writeFileSync(join(dir, 'main-abc.js.br'), brotliCompressSync(JS));
    writeFileSync(join(dir, 'main-abc.js.gz'), gzipSync(JS));
    writeFileSync(join(dir, 'nested', 'style-def.css'), CSS);
    writeFileSync(join(dir, 'nested', 'style-def.css.gz'), gzipSync(CSS)); // gzip only
    writeFileSync(join(dir, 'plain.js'), 'console.log(1);'); // no twins
    app = express();
    app.use(
      '/assets',
      precompressedStatic(dir, { immutable: true, maxAge: 365 * 24 * 3600 * 1000 }),
      express.static(dir, { immutable: true, maxAge: '365d', index: false }),
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends the brotli twin when br is accepted, with the original type and immutable caching', async () => {
    const res = await fetchRaw(app, '/assets/main-abc.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(JS);
  });

  it('sends the gzip twin when only gzip is accepted', async () => {
    const res = await fetchRaw(app, '/assets/main-abc.js', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(JS);
  });

  it('serves files in sub-folders and falls back to gzip when there is no brotli twin', async () => {
    const res = await fetchRaw(app, '/assets/nested/style-def.css', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(res.body).toString()).toBe(CSS);
  });

  it('falls through to the original (still varying on Accept-Encoding) when no encoding is accepted', async () => {
    const res = await request(app).get('/assets/main-abc.js').set('Accept-Encoding', 'identity').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.text).toBe(JS);
  });

  it('honours q=0 refusals', async () => {
    const res = await fetchRaw(app, '/assets/main-abc.js', 'br;q=0, gzip;q=0.5');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('leaves files without twins, unknown paths and non-GET methods to the next handler', async () => {
    const plain = await request(app).get('/assets/plain.js').set('Accept-Encoding', 'br').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    await request(app).get('/assets/missing.js').set('Accept-Encoding', 'br').expect(404);
    await request(app).post('/assets/main-abc.js').set('Accept-Encoding', 'br').expect(404);
  });

  it('answers HEAD with headers only', async () => {
    const res = await request(app).head('/assets/main-abc.js').set('Accept-Encoding', 'br').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
  });

  it('never serves a path outside the folder', async () => {
    const res = await request(app).get('/assets/..%2f..%2fetc%2fpasswd').set('Accept-Encoding', 'br, gzip');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('requests the twin directly only as a plain file (no double encoding)', async () => {
    const res = await fetchRaw(app, '/assets/main-abc.js.gz', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe(pickEncoding.name, () => {
  const both = new Set(['br', 'gzip'] as const);
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['BR;Q=1.0', 'br'],
  ])('%p → %p', (header, expected) => {
    expect(pickEncoding(header, both)).toBe(expected);
  });
});
