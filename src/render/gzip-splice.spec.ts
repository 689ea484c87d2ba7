import { randomBytes } from 'node:crypto';
import * as zlib from 'node:zlib';
import { crc32Combine, spliceGzip, splicedLength, splicedResponse } from './gzip-splice';

const nonce = () => Buffer.from(randomBytes(16).toString('base64'), 'latin1'); // 24 characters, as cspNonce()

/** A page-like text: repetitive markup (long back-references), the nonce attribute several times. */
function page(repeat: number): string[] {
  const block = (i: number) =>
    `<article class="card"><h2>Produit n° ${i}</h2><p>Gélules, 30 pièces — CHF ${(i * 1.37).toFixed(2)}</p></article>`;
  const body = Array.from({ length: repeat }, (_, i) => block(i)).join('');
  return [
    '<!DOCTYPE html><html lang="fr-CH"><head><script nonce="',
    `">boot()</script></head><body>${body}<script type="application/json" nonce="`,
    `">{"state":1}</script>${body.slice(0, 5000)}<script nonce="`,
    '">hydrate()</script></body></html>',
  ];
}

describe('spliceGzip', () => {
  it('gives a valid gzip stream of the page with the nonce spliced in, for any nonce', () => {
    const parts = page(400).map((text) => Buffer.from(text, 'utf8'));
    const gzip = spliceGzip(parts, 24);
    for (let i = 0; i < 20; i++) {
      const value = nonce();
      const bytes = Buffer.concat(splicedResponse(gzip, value));
      expect(bytes.length).toBe(splicedLength(gzip));
      // gunzipSync checks the trailer's CRC-32 and length.
      expect(zlib.gunzipSync(bytes).toString('utf8')).toBe(parts.map(String).join(value.toString('latin1')));
    }
  });

  it('compresses about as well as the whole page in one go', () => {
    const parts = page(400).map((text) => Buffer.from(text, 'utf8'));
    const whole = zlib.gzipSync(Buffer.concat(parts), { level: 9 }).length;
    const spliced = splicedLength(spliceGzip(parts, 24));
    expect(spliced).toBeLessThan(whole * 1.05);
    expect(spliced).toBeLessThan(Buffer.concat(parts).length / 5);
  });

  it('stays correct for a page containing NUL bytes (no dictionary then) or without any nonce', () => {
    const withNul = ['<p>a\u0000b', '</p><p>', `${'x'.repeat(3000)}</p>`].map((t) => Buffer.from(t, 'utf8'));
    const value = nonce();
    expect(zlib.gunzipSync(Buffer.concat(splicedResponse(spliceGzip(withNul, 24), value))).toString()).toBe(
      withNul.map(String).join(value.toString()),
    );
    const single = [Buffer.from('<html>no nonce here</html>')];
    expect(zlib.gunzipSync(Buffer.concat(splicedResponse(spliceGzip(single, 24), value))).toString()).toBe(
      '<html>no nonce here</html>',
    );
  });

  it('refuses a nonce of another length than the one compressed for', () => {
    const gzip = spliceGzip(
      page(10).map((t) => Buffer.from(t)),
      24,
    );
    expect(() => splicedResponse(gzip, Buffer.from('short'))).toThrow('nonce length');
  });

  it('combines CRC-32s as zlib does', () => {
    const a = randomBytes(1000);
    const b = randomBytes(70001);
    expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length)).toBe(zlib.crc32(Buffer.concat([a, b])));
    expect(crc32Combine(zlib.crc32(a), zlib.crc32(Buffer.alloc(0)), 0)).toBe(zlib.crc32(a));
  });

  it('compresses nothing per response', () => {
    const gzip = spliceGzip(
      page(50).map((t) => Buffer.from(t)),
      24,
    );
    const deflate = jest.spyOn(zlib, 'deflateRawSync');
    for (let i = 0; i < 10; i++) splicedResponse(gzip, nonce());
    expect(deflate).not.toHaveBeenCalled();
    deflate.mockRestore();
  });
});
