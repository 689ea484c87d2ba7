import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** The bytes as sent (supertest would decompress them). */
function raw(server: Server, method: string, path: string, headers: Record<string, string>): Promise<Raw> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = 'gzip, deflate, br, zstd';
const nonceOf = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp))![1];

/** An app listening on a port of its own (raw requests, to read the bytes as sent). */
async function listening(env: Record<string, string> = {}): Promise<TestApp> {
  const app = await startTestApp(env);
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', () => resolve()));
  return app;
}

/**
 * Asks a page compressed, as a browser does, and checks the answer: gzip, Vary, its length, and the
 * same page as the uncompressed answer `plain` with this response's nonce in every place. Its nonce.
 */
async function expectCompressedPage(server: Server, host: string, path: string, status: number, plain: Raw) {
  const res = await raw(server, 'GET', path, { Host: host, 'Accept-Encoding': BROWSER });
  expect(res.status).toBe(status);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(String(res.headers.vary)).toMatch(/\bAccept-Encoding\b/);
  expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
  expect(res.bytes.length).toBeLessThan(plain.bytes.length / 3);
  const nonce = nonceOf(res.headers['content-security-policy']);
  const page = zlib.gunzipSync(res.bytes).toString('utf8');
  expect(page).toBe(plain.bytes.toString('utf8').split(nonceOf(plain.headers['content-security-policy'])).join(nonce));
  expect(page).toContain(`nonce="${nonce}"`);
  return nonce;
}

describe('compressed pages (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await listening();
  });
  afterAll(() => t.app.close());

  it.each([
    ['home, rendered then replayed from the page cache', FR, '/', 200],
    ['the product list', DE, '/produkte', 200],
    ['the 404 page', FR, '/cette-page-n-existe-pas', 404],
  ])(
    'sends %s gzip-compressed to a client that takes it, with its own nonce each time',
    async (_, host, path, status) => {
      const plain = await raw(t.server, 'GET', path, { Host: host });
      expect(plain.status).toBe(status);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i++) nonces.add(await expectCompressedPage(t.server, host, path, status, plain));
      expect(nonces.size).toBe(3);
    },
  );

  it('compresses the answer of a fresh render too (not yet in the page cache)', async () => {
    const res = await raw(t.server, 'GET', '/produits?first=gzip', { Host: FR, 'Accept-Encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const page = zlib.gunzipSync(res.bytes).toString('utf8');
    expect(page).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
    expect(page).toContain(`nonce="${nonceOf(res.headers['content-security-policy'])}"`);
  });

  it('sends it as it is when gzip is not accepted, or refused with q=0', async () => {
    for (const encoding of ['identity', 'br', 'gzip;q=0, identity']) {
      const res = await raw(t.server, 'GET', '/', { Host: FR, 'Accept-Encoding': encoding });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/\bAccept-Encoding\b/);
      expect(res.bytes.toString('utf8')).toMatch(/^<!DOCTYPE html>/);
    }
  });

  it('answers HEAD with the length of the encoding it would send, and no body', async () => {
    const get = await raw(t.server, 'GET', '/', { Host: FR, 'Accept-Encoding': 'gzip' });
    const head = await raw(t.server, 'HEAD', '/', { Host: FR, 'Accept-Encoding': 'gzip' });
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(String(get.bytes.length));
    expect(head.bytes.length).toBe(0);
  });

  it('compresses a cached page once, not per response', async () => {
    await raw(t.server, 'GET', '/produits', { Host: FR, 'Accept-Encoding': 'gzip' });
    const deflate = jest.spyOn(zlib, 'deflateRawSync');
    for (let i = 0; i < 20; i++) {
      const res = await raw(t.server, 'GET', '/produits', { Host: FR, 'Accept-Encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
    }
    expect(deflate).not.toHaveBeenCalled();
    deflate.mockRestore();
  });
});

describe('compressed pages with the page cache off (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await listening({ PAGE_CACHE_TTL_SECONDS: '0' });
  });
  afterAll(() => t.app.close());

  it.each([
    ['home', FR, '/', 200],
    ['a filtered list', DE, '/produkte/-brand--lactibiane', 200],
    ['the 404 page', FR, '/cette-page-n-existe-pas', 404],
  ])('sends %s compressed whole, with its own nonce, its length and no cached form', async (_, host, path, status) => {
    const plain = await raw(t.server, 'GET', path, { Host: host });
    expect(plain.status).toBe(status);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.bytes.length);
    // The spliced form (one raw deflate per part) is for replays: a page that is not kept never makes it.
    const splice = jest.spyOn(zlib, 'deflateRawSync');
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add(await expectCompressedPage(t.server, host, path, status, plain));
    expect(nonces.size).toBe(3);
    expect(splice).not.toHaveBeenCalled();
    splice.mockRestore();
    const head = await raw(t.server, 'HEAD', path, { Host: host, 'Accept-Encoding': 'gzip' });
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.bytes.length).toBe(0);
  });
});
