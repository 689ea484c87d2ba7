import { gunzipSync } from 'node:zlib';
import { keptPageHeaders, pageBody } from './cached-page';
import type { CachedPage } from './page-cache';

const page = (headers: Array<[string, string]>): CachedPage => ({
  status: 200,
  headers,
  parts: ['<p>'],
  buffers: [Buffer.from('<p>')],
  byteLength: 3,
});

describe(keptPageHeaders.name, () => {
  it("keeps the page's headers, gives HTML its type and adds Accept-Encoding to the site's Vary", () => {
    expect(keptPageHeaders(page([['Cache-Control', 'no-cache']]), 'X-Forwarded-Proto')).toEqual([
      ['Cache-Control', 'no-cache'],
      ['Content-Type', 'text/html; charset=utf-8'],
      ['Vary', 'X-Forwarded-Proto, Accept-Encoding'],
    ]);
    expect(keptPageHeaders(page([]), '')).toContainEqual(['Vary', 'Accept-Encoding']);
  });

  it("lets the page's own Vary and Content-Type stand, whatever their case, without repeating a field", () => {
    const headers = keptPageHeaders(
      page([
        ['content-type', 'application/xml'],
        ['vary', 'accept-encoding, Cookie'],
      ]),
      'X-Forwarded-Proto',
    );
    expect(headers).toEqual([
      ['content-type', 'application/xml'],
      ['Vary', 'accept-encoding, Cookie'],
    ]);
  });
});

describe(pageBody.name, () => {
  const html = (nonce: string) =>
    `<!doctype html><script nonce="${nonce}">a()</script>${'<p>Magnésium marin</p>'.repeat(200)}<style nonce="${nonce}"></style>`;
  const kept = (): CachedPage => {
    const parts = html('\u0000SPLIT\u0000').split('\u0000SPLIT\u0000');
    const buffers = parts.map((part) => Buffer.from(part));
    return { status: 200, headers: [], parts, buffers, byteLength: buffers.reduce((n, b) => n + b.length, 0) };
  };
  const nonces = ['a'.repeat(24), 'b'.repeat(24), 'c'.repeat(24)];
  const header = (body: { headers: string[] }, name: string) => {
    const index = body.headers.indexOf(name);
    return index < 0 ? undefined : body.headers[index + 1];
  };

  it('answers the first response with the whole page compressed once, replays with the spliced form', () => {
    const page = kept();
    const first = pageBody(page, nonces[0], 'gzip, br', false);
    expect(header(first, 'Content-Encoding')).toBe('gzip');
    expect(first.chunks).toHaveLength(1);
    expect(gunzipSync(first.chunks[0]).toString()).toBe(html(nonces[0]));
    expect(Number(header(first, 'Content-Length'))).toBe(first.chunks[0].length);
    // Nothing kept for replays yet: a page asked once (most misses) never pays for the splice.
    expect(page.gzip).toBeUndefined();
    for (const nonce of nonces.slice(1)) {
      const replay = pageBody(page, nonce, 'gzip', false);
      const bytes = Buffer.concat(replay.chunks);
      expect(gunzipSync(bytes).toString()).toBe(html(nonce));
      expect(Number(header(replay, 'Content-Length'))).toBe(bytes.length);
    }
    expect(page.gzip).toBeTruthy();
  });

  it('sends HEAD the same length without a body, and the page as it is to a client without gzip', () => {
    const page = kept();
    const head = pageBody(page, nonces[0], 'gzip', true);
    expect(head.chunks).toEqual([]);
    expect(Number(header(head, 'Content-Length'))).toBeGreaterThan(0);
    const plain = pageBody(kept(), nonces[1], 'identity', false);
    expect(header(plain, 'Content-Encoding')).toBeUndefined();
    expect(Buffer.concat(plain.chunks).toString()).toBe(html(nonces[1]));
    expect(Number(header(plain, 'Content-Length'))).toBe(Buffer.byteLength(html(nonces[1])));
  });
});
