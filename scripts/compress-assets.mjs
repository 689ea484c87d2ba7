#!/usr/bin/env node
/**
 * Writes pre-compressed twins (`.br`, brotli quality 11, and `.gz`, gzip level 9) beside each text
 * asset of the client build (dist/web/assets by default), so the server sends them without
 * compressing per request (src/common/http/precompressed-static.ts). Run after `vite build` by
 * `npm run build:client`. A twin is written only when it is smaller than the original; stale twins
 * from an earlier build go with `vite build`'s emptyOutDir.
 *
 * Usage: node scripts/compress-assets.mjs [folder]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map|xml|wasm)$/i;
const MIN_BYTES = 512;

const root = resolve(process.argv[2] ?? 'dist/web/assets');

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

let files = 0;
let before = 0;
let afterBr = 0;
let afterGz = 0;
try {
  statSync(root);
} catch {
  console.error(`compress-assets: ${root} does not exist (run vite build first)`);
  process.exit(1);
}
for (const path of walk(root)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const data = readFileSync(path);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${path}.br`, br);
  if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
  files += 1;
  before += data.length;
  afterBr += Math.min(br.length, data.length);
  afterGz += Math.min(gz.length, data.length);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `compress-assets: ${files} files in ${relative(process.cwd(), root) || '.'}: ${kb(before)} -> br ${kb(afterBr)}, gz ${kb(afterGz)}`,
);
