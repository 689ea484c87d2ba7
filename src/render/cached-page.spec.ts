import { keptPageHeaders } from './cached-page';
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
