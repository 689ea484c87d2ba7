import { gunzipSync } from 'node:zlib';
import { keptPageHeaders, pageBody, sendRenderedPage, toCachedPage, withNonceBytes } from './cached-page';
import { NONCE_PLACEHOLDER } from './render.service';
import type { CachedPage } from './page-cache';

const page = (headers: Array<[string, string]>): CachedPage => ({
  status: 200,
  headers,
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
    const buffers = html('\u0000SPLIT\u0000')
      .split('\u0000SPLIT\u0000')
      .map((part) => Buffer.from(part));
    return { status: 200, headers: [], buffers, byteLength: buffers.reduce((n, b) => n + b.length, 0) };
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

describe(sendRenderedPage.name, () => {
  const html = `<!doctype html><script nonce="${NONCE_PLACEHOLDER}"></script>${'<p>Sommeil</p>'.repeat(300)}`;
  /** A response as far as the page writer uses it. */
  const fakeResponse = () => {
    const headers = new Map<string, string>([['content-type', 'text/html; charset=utf-8']]);
    const written: Buffer[] = [];
    const res = {
      headersSent: false,
      destroyed: false,
      ended: false,
      getHeader: (name: string) => headers.get(name.toLowerCase()),
      setHeader: (name: string, value: string) => {
        if (res.headersSent) throw new Error('headers already sent');
        headers.set(name.toLowerCase(), value);
      },
      cork: () => undefined,
      uncork: () => undefined,
      write: (chunk: Buffer) => written.push(chunk),
      end: () => {
        res.headersSent = true;
        res.ended = true;
      },
    };
    return { res, headers, written };
  };
  const request = { method: 'GET', headers: { 'accept-encoding': 'gzip' } };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('writes the page with its nonce, compressed whole, with its length and Vary', async () => {
    const { res, headers, written } = fakeResponse();
    sendRenderedPage(request as never, res as never, html, 'n'.repeat(24));
    await settle();
    expect(res.ended).toBe(true);
    expect(headers.get('content-encoding')).toBe('gzip');
    expect(headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(headers.get('content-length'))).toBe(Buffer.concat(written).length);
    expect(gunzipSync(Buffer.concat(written)).toString()).toBe(html.replace(NONCE_PLACEHOLDER, 'n'.repeat(24)));
  });

  it('writes nothing once the answer was given otherwise while compressing (no throw)', async () => {
    const { res, written } = fakeResponse();
    sendRenderedPage(request as never, res as never, html, 'n'.repeat(24));
    res.headersSent = true; // a timeout's answer, say
    await settle();
    expect(written).toEqual([]);
    expect(res.ended).toBe(false);
  });
});

describe('a page and its nonces', () => {
  // Two-byte text (’), a nonce at the very start and at the very end, two side by side.
  const html = `${NONCE_PLACEHOLDER}<script nonce="${NONCE_PLACEHOLDER}"></script><p>L’été, magnésium</p>${'<p>Sommeil</p>'.repeat(100)}${NONCE_PLACEHOLDER}${NONCE_PLACEHOLDER}`;
  const nonce = 'Zm9vYmFyYmF6cXV4MTIzNA==';
  const expected = html.split(NONCE_PLACEHOLDER).join(nonce);

  it('writes the nonce over each placeholder of the encoded page', () => {
    expect(withNonceBytes(html, nonce).toString('utf8')).toBe(expected);
    // Each call has its own bytes: the next nonce does not show through.
    expect(withNonceBytes(html, 'x'.repeat(24)).toString('utf8')).toBe(
      html.split(NONCE_PLACEHOLDER).join('x'.repeat(24)),
    );
  });

  it('still places a nonce of another length', () => {
    expect(withNonceBytes(html, 'short').toString('utf8')).toBe(html.split(NONCE_PLACEHOLDER).join('short'));
    expect(withNonceBytes(html, '').toString('utf8')).toBe(html.split(NONCE_PLACEHOLDER).join(''));
  });

  it('keeps a page as views of one encoding, between its nonces', () => {
    const res = { statusCode: 200, getHeader: (name: string) => (name === 'Cache-Control' ? 'public' : undefined) };
    const page = toCachedPage(html, res as never);
    expect(page.buffers).toHaveLength(5);
    expect(new Set(page.buffers.map((buffer) => buffer.buffer)).size).toBe(1);
    expect(page.byteLength).toBe(Buffer.byteLength(html.split(NONCE_PLACEHOLDER).join('')));
    expect(page.headers).toEqual([['Cache-Control', 'public']]);
    const body = pageBody(page, nonce, undefined, false);
    expect(Buffer.concat(body.chunks).toString('utf8')).toBe(expected);
    const gzipped = pageBody(page, nonce, 'gzip', false);
    expect(gunzipSync(Buffer.concat(gzipped.chunks)).toString('utf8')).toBe(expected);
  });
});
