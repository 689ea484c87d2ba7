import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A page compressed once, answered many times with a different CSP nonce each time, without
 * compressing per response (see docs/decisions.md, "Compressed pages").
 *
 * The page's parts (its HTML split where the nonce goes) are compressed once into one DEFLATE
 * stream: every part but the last ends with a sync flush (byte-aligned, not final). A response is a
 * gzip header, the parts, and between two parts the nonce as an uncompressed (stored) DEFLATE block;
 * the gzip trailer's CRC-32 is combined from the parts' CRCs and the nonce's, its length added up.
 *
 * Each part is compressed with everything before it as its dictionary, the nonces replaced by NUL
 * bytes of the same length: back-references keep their distances, and none can copy from where a
 * nonce will be, because the parts contain no NUL byte (a page that does is compressed part by part,
 * without dictionary, which is as correct and a little larger).
 */
export interface SplicedGzip {
  /** DEFLATE data of each part, in order. */
  parts: Buffer[];
  /** The nonce length the parts were compressed for (distances assume it). */
  nonceLength: number;
  /** Uncompressed bytes of the parts. */
  rawLength: number;
  /** CRC-32 of the page with NUL bytes for its nonces. */
  baseCrc: number;
  /** XOR of the CRC-32 shift operators for the bytes after each nonce (see `splicedResponse`). */
  nonceShifts: number;
  /** CRC-32 of one nonce's worth of NUL bytes. */
  fillerCrc: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const DEFLATE_WINDOW = 32 * 1024;
/** zlib level of pages: 9 saves under 1 % more on our pages for up to twice the time (once per page and time to live, but per response where pages are not cached). */
export const PAGE_GZIP_LEVEL = 6;

export function spliceGzip(parts: Buffer[], nonceLength: number, level = PAGE_GZIP_LEVEL): SplicedGzip {
  const filler = Buffer.alloc(nonceLength); // NUL bytes
  const dictionaryUsable = parts.every((part) => !part.includes(0));
  const deflated: Buffer[] = [];
  let before: Buffer[] = [];
  let beforeLength = 0;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    let dictionary: Buffer | undefined;
    if (dictionaryUsable && index > 0) {
      const window = Buffer.concat(before, beforeLength);
      dictionary = window.subarray(Math.max(0, window.length - DEFLATE_WINDOW));
    }
    deflated.push(
      deflateRawSync(part, {
        level,
        ...(dictionary ? { dictionary } : {}),
        finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      }),
    );
    if (dictionaryUsable && !last) {
      before.push(part, filler);
      beforeLength += part.length + filler.length;
      if (beforeLength > 4 * DEFLATE_WINDOW) {
        // Keep only what the window can reach.
        const window = Buffer.concat(before, beforeLength);
        before = [window.subarray(window.length - DEFLATE_WINDOW)];
        beforeLength = DEFLATE_WINDOW;
      }
    }
  });
  let baseCrc = crc32(parts[0]);
  const fillerCrc = crc32(filler);
  let nonceShifts = 0;
  let after = 0;
  for (let i = parts.length - 1; i > 0; i--) {
    after += parts[i].length; // what follows the nonce before part i: part i on, nonces included
    nonceShifts ^= crc32Shift(after);
    after += nonceLength; // that nonce, for the earlier ones
  }
  for (let i = 1; i < parts.length; i++) {
    baseCrc = crc32Combine(baseCrc, fillerCrc, nonceLength);
    baseCrc = crc32Combine(baseCrc, crc32(parts[i]), parts[i].length);
  }
  return {
    parts: deflated,
    nonceLength,
    rawLength: parts.reduce((n, part) => n + part.length, 0),
    baseCrc,
    nonceShifts: nonceShifts >>> 0,
    fillerCrc,
  };
}

/** The byte length of a response: header, parts, one stored block per nonce, trailer. */
export function splicedLength(gzip: SplicedGzip): number {
  const nonces = gzip.parts.length - 1;
  return GZIP_HEADER.length + gzip.parts.reduce((n, part) => n + part.length, 0) + nonces * (5 + gzip.nonceLength) + 8;
}

/** The buffers of one response, in order (nothing is compressed here). */
export function splicedResponse(gzip: SplicedGzip, nonce: Buffer): Buffer[] {
  if (nonce.length !== gzip.nonceLength) throw new Error('nonce length differs from the one compressed for');
  const stored = Buffer.allocUnsafe(5 + nonce.length);
  stored[0] = 0; // not final, type 00 (stored), padding: the stream is byte-aligned after a sync flush
  stored.writeUInt16LE(nonce.length, 1);
  stored.writeUInt16LE(~nonce.length & 0xffff, 3);
  nonce.copy(stored, 5);
  const out: Buffer[] = [GZIP_HEADER, gzip.parts[0]];
  for (let i = 1; i < gzip.parts.length; i++) out.push(stored, gzip.parts[i]);
  // CRC-32 is affine: the page with this nonce differs from the page with NUL bytes by the nonce's
  // difference, shifted by what follows each occurrence; the shifts were added up once (XOR), so one
  // multiplication does for every occurrence: crc = base ^ shifts·(crc(nonce) ^ crc(NULs)).
  const crc = (gzip.baseCrc ^ multModP(gzip.nonceShifts, crc32(nonce) ^ gzip.fillerCrc)) >>> 0;
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((gzip.rawLength + (gzip.parts.length - 1) * nonce.length) % 2 ** 32, 4);
  out.push(trailer);
  return out;
}

// ---- CRC-32 combination (zlib's crc32_combine_gen / crc32_combine_op, reflected polynomial) ----

const POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC-32 polynomial. */
function multModP(a: number, b: number): number {
  let p = 0;
  for (let m = 0x80000000; m !== 0 && (a & (m * 2 - 1)) !== 0; m >>>= 1) {
    if (a & m) p ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let n = 1; n < 32; n++) table.push((p = multModP(p, p)));
  return table;
})();

/** The operator that appends `length` bytes: crc(A·B) = multModP(shift(|B|), crc(A)) ^ crc(B). */
export function crc32Shift(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3; // 8 bits per byte
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k & 31], p);
  return p;
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(crc32Shift(lengthB), crcA) ^ crcB) >>> 0;
}
