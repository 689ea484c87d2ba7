#!/usr/bin/env node
/**
 * `npm run bench` (builds first): throughput, latency and JavaScript weight of the main pages.
 *
 * 1. seeds a fresh embedded database in a temp DATA_DIR (or the DATABASE_URL server) and starts the
 *    production build (`node dist/src/main.js`, NODE_ENV=production, LOG_LEVEL=warn) on a free port;
 * 2. warms each page, then loads it with autocannon (50 connections, 10 s): requests/s, p50, p99;
 * 3. serves the page's exact bytes (gzip-compressed, as the app sends them to a browser) from a
 *    bare node:http server in a child process and loads it the same way: the ceiling this machine
 *    allows, and the app's share of it (the target). For information, the same bare server also
 *    sends the app's own response headers (CSP, HSTS, request id…), and the app's share of that is
 *    shown beside it. Every request says `Accept-Encoding: gzip, deflate, br`;
 * 4. sums the gzip-9 size of the JavaScript each page ships (script src + modulepreload under /assets);
 * 5. reads the server's resident memory (VmRSS, and the peak VmHWM) after the run;
 * 6. the uncached run: both caches off (every request queries and renders), 10 connections, on the
 *    demo pack and on a copy of it with 10,000 generated products, both served side by side and
 *    loaded in alternating rounds per page (means over the rounds): req/s, p50, and where the time
 *    goes (database time, number of queries, render time: the averages of the pages' own
 *    Server-Timing headers);
 * 7. optionally (BENCH_SOAK_SECONDS, e.g. 600) a soak: mixed URLs with caches on, RSS at start and end;
 * 8. prints the tables, writes bench/results/latest.json and PASS/FAIL per target. Exit code 0 either
 *    way (it is a report) unless the bench itself could not run.
 *
 * Databases: always the embedded PGlite; with DATABASE_URL also the PostgreSQL server (and REDIS_URL's
 * cache), each with its own targets, printed side by side.
 * Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_PAGES (comma-separated
 * page names to run a subset), BENCH_SKIP_SIZE (no uncached run), BENCH_SIZE_PRODUCTS (10000),
 * BENCH_SIZE_DURATION (s, 5), BENCH_SIZE_ROUNDS (2), BENCH_SOAK_SECONDS (0 = no soak; on the
 * database with the generated products), BENCH_ONLY=pglite|postgres.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as httpRequest } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FR = 'produits.localhost';
const DE = 'produkte.localhost';

/**
 * The pages of the cached run (page cache on: throughput against the bare ceiling, latency,
 * JavaScript shipped), one of each kind a visitor lands on. `home: true` marks the page the home
 * JavaScript budget applies to; `catalogue: true` the pages held to the catalogue's p99 and
 * JavaScript budgets (the others to the home and 404 ones). The uncached run has its own list below.
 */
const PAGES = [
  { name: 'home', path: '/', host: FR, status: 200, home: true },
  { name: '404', path: '/cette-page-n-existe-pas', host: FR, status: 404 },
  {
    name: 'list-2-filters',
    path: '/produits/digestion/-brand--lactibiane/-galenic_format--gelule',
    host: FR,
    status: 200,
    catalogue: true,
  },
  { name: 'product', path: '/produit/lactibiane-reference-30-gelules', host: FR, status: 200, catalogue: true },
  { name: 'advice-list', path: '/conseils', host: FR, status: 200, catalogue: true },
  { name: 'article', path: '/conseil/ballonnements-causes-et-bons-gestes', host: FR, status: 200, catalogue: true },
  { name: 'need', path: '/besoin/ballonnements', host: FR, status: 200, catalogue: true },
  { name: 'brand-landing', path: '/marque/noctalyne', host: FR, status: 200, catalogue: true },
  // Map pages (issue 12): their JavaScript target is the finder's 150 KB, every chunk counted.
  { name: 'store-finder', path: '/trouver-une-pharmacie?q=8001', host: FR, status: 200, catalogue: true, map: true },
  // A pharmacy's page: its path is the nearest pharmacy to Lausanne's (`/api/v1/stores`), found at run time.
  { name: 'pharmacy', path: nearestPharmacyPath, host: FR, status: 200, catalogue: true, map: true },
];

/** The page of the pharmacy nearest to Lausanne, from the running app. */
async function nearestPharmacyPath(base) {
  const res = await fetchRetry(`${base}/api/v1/stores?latitude=46.5197&longitude=6.6323&limit=1`, {
    headers: { host: FR, accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`/api/v1/stores: HTTP ${res.status}`);
  return (await res.json()).data.items[0].url;
}

/**
 * The size run (issue "Catalogue"): with read-model and page caches off, every request renders and
 * queries the database; p50 with 10,000 generated products must stay within twice the demo's.
 */
const SIZE_PAGES = [
  { name: 'home', path: '/', host: FR },
  { name: '404', path: '/cette-page-n-existe-pas', host: FR, status: 404 },
  { name: 'list', path: '/produits', host: FR },
  { name: 'list-2-filters', path: '/produits/digestion/-brand--lactibiane/-galenic_format--gelule', host: FR },
  {
    name: 'filters-api',
    path: '/api/v1/filtersProducts?category=digestion&caracteristics=%7B%22brand%22%3A%5B%22lactibiane%22%5D%7D',
    host: FR,
  },
  { name: 'product', path: '/produit/lactibiane-reference-30-gelules', host: FR },
  { name: 'advice-list', path: '/conseils', host: FR },
  { name: 'article', path: '/conseil/ballonnements-causes-et-bons-gestes', host: FR },
  { name: 'need', path: '/besoin/ballonnements', host: FR },
  { name: 'brand-landing', path: '/marque/noctalyne', host: FR },
  // Site search (issue 11): the results page (a common word: many products, filters counted) and the
  // suggestions the header box asks for while a visitor types.
  { name: 'search-results', path: '/resultats/-r--magnesium', host: FR },
  { name: 'search-results-de', path: '/ergebnisse/-r--Schlafst%C3%B6rungen', host: DE },
  { name: 'suggest-api', path: '/api/v1/search?type=Suggest&text=magn', host: FR },
  { name: 'suggest-api-typo', path: '/api/v1/search?type=Suggest&text=probiotik', host: DE },
  { name: 'store-finder', path: '/trouver-une-pharmacie?q=8001', host: FR },
];
/** BENCH_PAGES narrows the uncached run too. */
const sizePages = () => {
  const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
  return only ? SIZE_PAGES.filter((p) => only.includes(p.name)) : SIZE_PAGES;
};
const SIZE_PRODUCTS = Number(process.env.BENCH_SIZE_PRODUCTS ?? 10000);
const SIZE_DURATION = Number(process.env.BENCH_SIZE_DURATION ?? 5);
const SIZE_CONNECTIONS = 10;

const TARGETS = {
  cachedCeilingRatio: 0.5, // every cached page: requests/s ≥ 50% of the bare node:http ceiling (issue 8)
  p99Ms: 50, // home and 404
  catalogueP99Ms: 60,
  catalogueJsGzipKb: 120,
  mapJsGzipKb: 150, // pages with a map (issue 12: the finder ≤ 150 KB of compressed JavaScript)
  homeJsGzipKb: 90,
  filtersApiP50Factor: 1.5, // filters API with 10,000 products vs the demo pack, caches off
  suggestP99Ms: 30, // suggestions, caches off, 10,000 products, 10 connections (issue 11)
  searchP50Factor: 2, // a search's cost with 10,000 products vs the demo pack, caches off (issue 11)
  uncachedRps: { pglite: 40, postgres: 100 }, // every page, caches off, 10,000 products
  queriesPerPage: 8,
  rssMb: { pglite: 300, postgres: 200 },
};

/** What a browser sends: the app answers pages gzip-compressed. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 3;

// ---------- child process bookkeeping: nothing outlives the bench ----------
const children = new Set();
let tempDir;
let serverProcess;
let serverErr = '';

function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function killAll(signal = 'SIGKILL') {
  for (const child of children) {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

async function stop(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function cleanupTemp() {
  if (tempDir) {
    rmSync(tempDir, { recursive: true, force: true });
    tempDir = undefined;
  }
}

process.on('exit', () => {
  killAll();
  cleanupTemp();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping`);
    process.exit(130);
  });
}

// ---------- helpers ----------
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** fetch with the underlying reason in the message and a few retries (a loaded 2-core box drops some). */
async function fetchRetry(url, init = {}, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      if (attempt >= tries) throw new Error(`GET ${url}: ${error.cause?.message ?? error.message}`, { cause: error });
      await sleep(500 * attempt);
    }
  }
}

async function waitForHttp(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  throw new Error(`server not ready after ${timeoutMs / 1000} s (${url})`);
}

function load(url, { host, duration = DURATION, connections = CONNECTIONS, requests } = {}) {
  const headers = { 'accept-encoding': ACCEPT_ENCODING, ...(host ? { host } : {}) };
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, timeout: 10, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Reads `db;dur=3.1;desc="4 queries", render;dur=2.4, app;dur=6.9` (src/common/timing). */
function parseServerTiming(header) {
  const metrics = {};
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const metric = {};
    for (const param of params) {
      const [key, raw = ''] = param.split('=');
      const value = raw.replace(/^"|"$/g, '');
      if (key.trim() === 'dur') metric.dur = Number(value);
      if (key.trim() === 'desc') metric.desc = value;
    }
    metrics[name] = metric;
  }
  return metrics;
}

/** Averages of the Server-Timing of `count` sequential requests: database ms, queries, render ms, app ms. */
async function sampleTiming(url, host, count = 20) {
  const sum = { dbMs: 0, queries: 0, renderMs: 0, appMs: 0 };
  for (let i = 0; i < count; i++) {
    const res = await rawGet(url, host);
    const m = parseServerTiming(res.headers['server-timing']);
    sum.dbMs += m.db?.dur ?? 0;
    sum.queries += Number(/^(\d+)/.exec(m.db?.desc ?? '')?.[1] ?? 0);
    sum.renderMs += m.render?.dur ?? 0;
    sum.appMs += m.app?.dur ?? 0;
  }
  const avg = (n) => Math.round((n / count) * 10) / 10;
  return { dbMs: avg(sum.dbMs), queries: avg(sum.queries), renderMs: avg(sum.renderMs), appMs: avg(sum.appMs) };
}

/** The app's response headers a bare server can send as they are (not those of the connection or the body's length). */
function appHeadersOf(headers) {
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !perConnection.has(name)));
}

/** One GET with the browser's Accept-Encoding: the bytes as sent (fetch would decompress them). */
function rawGet(url, host) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${url}: no answer within 15 s`)));
    req.on('error', reject);
    req.end();
  });
}

function summarise(result) {
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
    ),
  };
}

/**
 * A bare node:http server (child process) answering every request with the given bytes and encoding.
 * With `appHeaders` (the app's own response headers), it sends those too: the same response as the
 * app's, byte for byte but for the date and the nonce's value.
 */
async function startCeilingServer(status, contentType, body, contentEncoding, appHeaders) {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const bodyFile = join(tempDir, `ceiling-${stamp}.bin`);
  writeFileSync(bodyFile, body);
  const headersFile = join(tempDir, `ceiling-${stamp}.json`);
  writeFileSync(headersFile, JSON.stringify(appHeaders ?? {}));
  const port = await freePort();
  const code = `
    const fs = require('node:fs');
    const body = fs.readFileSync(process.argv[1]);
    const headers = { ...JSON.parse(fs.readFileSync(process.argv[5], 'utf8')), 'content-type': process.argv[3], 'content-length': body.length };
    if (process.argv[4]) Object.assign(headers, { 'content-encoding': process.argv[4] });
    if (process.argv[4] && !headers.vary) headers.vary = 'Accept-Encoding';
    require('node:http').createServer((req, res) => { res.writeHead(${status}, headers); res.end(body); })
      .listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('ready\\n'));
  `;
  const child = track(
    spawn(process.execPath, ['-e', code, bodyFile, String(port), contentType, contentEncoding ?? '', headersFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (c) => reject(new Error(`ceiling server exited (${c})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * The JavaScript a page loads: what it names up front (entry script + modulepreloads) and every chunk
 * its islands import once they run (their dynamic imports, e.g. Leaflet on map pages), found in the
 * build manifest from the page's island markers. Each file once, gzip-9 sizes.
 */
async function javascriptOf(html, base) {
  const upfront = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload/i.test(tag)) continue;
    const ref = tag.match(isScript ? /\bsrc=["']([^"']+)["']/i : /\bhref=["']([^"']+)["']/i)?.[1];
    if (ref && ref.startsWith('/assets/')) upfront.add(ref);
  }
  const islands = [...new Set([...html.matchAll(/\bdata-island="([A-Za-z0-9]+)"/g)].map((m) => m[1]))];
  const lazy = new Set([...islandChunks(islands)].filter((path) => !upfront.has(path)));
  const files = [];
  for (const [path, when] of [...[...upfront].map((p) => [p, 'up front']), ...[...lazy].map((p) => [p, 'island'])]) {
    const res = await fetchRetry(base + path, { headers: { host: FR, 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    files.push({ path, when, rawKb: kb(bytes.length), gzipKb: kb(gzipSync(bytes, { level: 9 }).length) });
  }
  const sum = (key, list = files) => Math.round(list.reduce((n, f) => n + f[key], 0) * 10) / 10;
  return {
    files,
    rawKb: sum('rawKb'),
    gzipKb: sum('gzipKb'),
    upfrontGzipKb: sum(
      'gzipKb',
      files.filter((f) => f.when === 'up front'),
    ),
  };
}

let manifestChunks;
/** Every chunk the named islands load (their chunk, its imports and dynamic imports, transitively). */
function islandChunks(names) {
  manifestChunks ??= JSON.parse(readFileSync(join(ROOT, 'dist/web/.vite/manifest.json'), 'utf8'));
  const entry = manifestChunks['client/main.ts'];
  // An island's chunk: keyed by its source, or (a shared chunk) by `_Name-hash.js` with its name.
  const byName = new Map();
  for (const key of entry.dynamicImports ?? []) {
    const chunk = manifestChunks[key];
    const name = chunk?.src ? /^views\/islands\/([A-Za-z0-9]+)\.tsx$/.exec(chunk.src)?.[1] : chunk?.name;
    if (name) byName.set(name, key);
  }
  const paths = new Set();
  const visit = (key) => {
    const chunk = manifestChunks[key];
    if (!chunk || chunk === entry || paths.has(`/${chunk.file}`)) return;
    paths.add(`/${chunk.file}`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const name of names) if (byName.has(name)) visit(byName.get(name));
  return paths;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) / 1024;
  return { rssMb: Math.round(field('VmRSS')), peakRssMb: Math.round(field('VmHWM')) };
}

function gitCommit() {
  const out = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : undefined;
}

function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) => cells.map((cell, i) => String(cell ?? '').padStart(widths[i])).join('  ');
  return [
    line(columns),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(columns.map((c) => r[c]))),
  ].join('\n');
}

// ---------- main ----------
async function main() {
  const mainJs = join(ROOT, 'dist/src/main.js');
  const seedJs = join(ROOT, 'dist/src/cli/seed.js');
  if (!existsSync(mainJs) || !existsSync(seedJs)) {
    throw new Error('dist/ is missing: run `npm run bench` (it builds first) or `npm run build`');
  }
  const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
  const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;

  const { DATABASE_URL, REDIS_URL, ...withoutServers } = process.env;
  const modes = [];
  if (process.env.BENCH_ONLY !== 'postgres') {
    modes.push({ key: 'pglite', label: 'embedded PGlite, memory cache', env: withoutServers });
  }
  if (DATABASE_URL && process.env.BENCH_ONLY !== 'pglite') {
    modes.push({
      key: 'postgres',
      label: `PostgreSQL server (DATABASE_URL), ${REDIS_URL ? 'Redis (REDIS_URL)' : 'memory'} cache`,
      env: process.env,
    });
  }
  if (!modes.length) throw new Error('BENCH_ONLY=postgres needs DATABASE_URL');

  tempDir = mkdtempSync(join(tmpdir(), 'bench-'));
  console.log(
    `bench: ${cpus().length} cores, node ${process.version}, ${CONNECTIONS} connections x ${DURATION} s per cached run`,
  );
  const reports = [];
  for (const mode of modes) reports.push(await runMode(mode, pages, { mainJs, seedJs }));

  for (const r of reports) printMode(r);
  console.log('\n== targets ==');
  for (const r of reports) {
    for (const c of r.checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  [${r.mode.key}] ${c.target}: ${c.value}`);
  }

  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cores: cpus().length,
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP_SECONDS },
    targets: TARGETS,
    modes: reports,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/latest.json'), JSON.stringify(report, null, 2) + '\n');
  console.log('\nwritten: bench/results/latest.json');
}

async function startServer(env, mainJs, extra = {}) {
  const port = await freePort();
  const server = track(
    spawn(process.execPath, [mainJs], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), ...extra },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  serverProcess = server;
  serverErr = '';
  server.stderr.on('data', (chunk) => (serverErr = (serverErr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health/ready`, server).catch((error) => {
    throw new Error(`${error.message}\n${serverErr}`);
  });
  return { server, base };
}

/** One database: the cached run against the ceiling, the uncached size run, the optional soak. */
async function runMode(mode, pages, { mainJs, seedJs }) {
  console.log(`\nbench [${mode.key}]: ${mode.label}`);
  const env = {
    ...mode.env,
    NODE_ENV: 'production',
    CSRF_SECRET: 'bench-only-csrf-secret-0123456789abcdefghij',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: join(tempDir, `data-${mode.key}`),
    SHUTDOWN_DRAIN_MS: '0',
  };
  console.log(`bench [${mode.key}]: seeding`);
  const seed = spawnSync(process.execPath, [seedJs], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (seed.status !== 0) throw new Error(`seed failed (${seed.status}):\n${seed.stderr}${seed.stdout}`);

  const { server, base } = await startServer(env, mainJs);
  const startRss = memoryOf(server.pid).rssMb;
  const results = [];
  for (const listed of pages) {
    const page = typeof listed.path === 'function' ? { ...listed, path: await listed.path(base) } : listed;
    const url = base + page.path;
    const res = await rawGet(url, page.host);
    if (res.status !== page.status) {
      throw new Error(`${page.name} ${page.path}: expected HTTP ${page.status}, got ${res.status}`);
    }
    const contentType = res.headers['content-type'] ?? 'text/html; charset=utf-8';
    const encoding = res.headers['content-encoding'];
    // What travels (the ceiling sends these very bytes) and the page itself.
    const wire = res.bytes;
    const body = encoding === 'gzip' ? gunzipSync(wire) : wire;

    console.log(`bench [${mode.key}]: ${page.name} (${page.path}) warm-up ${WARMUP_SECONDS} s, app ${DURATION} s`);
    await load(url, { host: page.host, duration: WARMUP_SECONDS });
    const app = summarise(await load(url, { host: page.host }));

    const ceilingServer = await startCeilingServer(page.status, contentType, wire, encoding);
    await load(ceilingServer.url, { duration: WARMUP_SECONDS });
    console.log(`bench [${mode.key}]: ${page.name} ceiling ${DURATION} s`);
    const ceiling = summarise(await load(ceilingServer.url));
    await stop(ceilingServer.child);
    // For information (no target): the same bare server sending the app's own headers too (CSP,
    // HSTS, request id, Server-Timing…), which the app cannot leave out.
    const sameServer = await startCeilingServer(page.status, contentType, wire, encoding, appHeadersOf(res.headers));
    await load(sameServer.url, { duration: WARMUP_SECONDS });
    console.log(`bench [${mode.key}]: ${page.name} ceiling with the app's headers ${DURATION} s`);
    const sameCeiling = summarise(await load(sameServer.url));
    await stop(sameServer.child);

    const js = await javascriptOf(body.toString('utf8'), base);
    results.push({
      ...page,
      htmlKb: kb(body.length),
      contentEncoding: encoding ?? 'identity',
      wireKb: kb(wire.length),
      app,
      ceiling,
      ratio: Math.round((app.requestsPerSec / ceiling.requestsPerSec) * 1000) / 1000,
      sameCeiling,
      sameRatio: Math.round((app.requestsPerSec / sameCeiling.requestsPerSec) * 1000) / 1000,
      js,
    });
  }
  const memory = { startRssMb: startRss, ...memoryOf(server.pid) };
  await stop(server);

  // The soak runs on the database with the generated products (the demo's when there is no size run).
  const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 0);
  const soakOn = (soakEnv) => (soakSeconds > 0 ? soakRun(mode, soakEnv, mainJs, soakSeconds) : undefined);
  let soak;
  const size = process.env.BENCH_SKIP_SIZE
    ? []
    : await sizeRun(mode, env, mainJs, async (largeEnv) => (soak = await soakOn(largeEnv)));
  if (process.env.BENCH_SKIP_SIZE) soak = await soakOn(env);
  return {
    mode: { key: mode.key, label: mode.label },
    pages: results,
    memory,
    size,
    soak,
    checks: checksOf(mode, results, memory, size, soak),
  };
}

function checksOf(mode, results, memory, size, soak) {
  const checks = [];
  for (const r of results) {
    checks.push({
      target: `${r.name} (cached) ≥ ${TARGETS.cachedCeilingRatio * 100}% of ceiling`,
      value: `${Math.round(r.ratio * 100)}% (${r.app.requestsPerSec} of ${r.ceiling.requestsPerSec} req/s)`,
      pass: r.ratio >= TARGETS.cachedCeilingRatio,
    });
    const p99 = r.catalogue ? TARGETS.catalogueP99Ms : TARGETS.p99Ms;
    checks.push({ target: `${r.name} (cached) p99 ≤ ${p99} ms`, value: `${r.app.p99Ms} ms`, pass: r.app.p99Ms <= p99 });
    const jsLimit = r.home
      ? TARGETS.homeJsGzipKb
      : r.map
        ? TARGETS.mapJsGzipKb
        : r.catalogue
          ? TARGETS.catalogueJsGzipKb
          : undefined;
    if (jsLimit) {
      checks.push({
        target: `${r.name} JS (every chunk its islands load) ≤ ${jsLimit} KB gzip`,
        value: `${r.js.gzipKb} KB`,
        pass: r.js.gzipKb <= jsLimit,
      });
    }
  }
  const minRps = TARGETS.uncachedRps[mode.key];
  for (const s of size) {
    checks.push({
      target: `${s.name} uncached with ${SIZE_PRODUCTS} products ≥ ${minRps} req/s`,
      value: `${s.large.rps} req/s`,
      pass: s.large.rps >= minRps,
    });
    if (!s.api) {
      checks.push({
        target: `${s.name} ≤ ${TARGETS.queriesPerPage} queries`,
        value: `${s.large.queries}`,
        pass: s.large.queries <= TARGETS.queriesPerPage,
      });
    }
    if (s.name.startsWith('suggest-api')) {
      checks.push({
        target: `${s.name} p99 with ${SIZE_PRODUCTS} products ≤ ${TARGETS.suggestP99Ms} ms (caches off, ${SIZE_CONNECTIONS} connections)`,
        value: `${s.large.p99Ms} ms`,
        pass: s.large.p99Ms <= TARGETS.suggestP99Ms,
      });
    }
    if (s.name.startsWith('search-') || s.name.startsWith('suggest-')) {
      checks.push({
        target: `${s.name} p50 with ${SIZE_PRODUCTS} products < ${TARGETS.searchP50Factor}× demo (caches off)`,
        value: `${s.large.p50Ms} ms vs ${s.demo.p50Ms} ms (${s.factor}×)`,
        pass: s.factor < TARGETS.searchP50Factor,
      });
    }
    if (s.name === 'filters-api') {
      checks.push({
        target: `filters API p50 with ${SIZE_PRODUCTS} products ≤ ${TARGETS.filtersApiP50Factor}× demo (caches off)`,
        value: `${s.large.p50Ms} ms vs ${s.demo.p50Ms} ms (${s.factor}×)`,
        pass: s.factor <= TARGETS.filtersApiP50Factor,
      });
    }
  }
  const rssLimit = TARGETS.rssMb[mode.key];
  checks.push({
    target: `RSS ≤ ${rssLimit} MB after the cached run`,
    value: `${memory.rssMb} MB`,
    pass: memory.rssMb <= rssLimit,
  });
  if (soak) {
    checks.push({
      target: `RSS ≤ ${rssLimit} MB and flat (≤ +10%) over the ${soak.seconds} s soak`,
      value: `${soak.startRssMb} → ${soak.endRssMb} MB (peak ${soak.peakRssMb} MB)`,
      pass: soak.endRssMb <= rssLimit && soak.endRssMb <= soak.startRssMb * 1.1,
    });
  }
  return checks;
}

function printMode(r) {
  console.log(`\n== ${r.mode.label} ==`);
  const rows = r.pages.map((p) => ({
    page: p.name,
    status: p.status,
    'req/s': p.app.requestsPerSec,
    'p50 ms': p.app.p50Ms,
    'p99 ms': p.app.p99Ms,
    'ceiling req/s': p.ceiling.requestsPerSec,
    ratio: `${Math.round(p.ratio * 100)}%`,
    'same headers req/s': p.sameCeiling.requestsPerSec,
    'ratio to it': `${Math.round(p.sameRatio * 100)}%`,
    'HTML KB': p.htmlKb,
    'sent KB': `${p.wireKb}${p.contentEncoding === 'identity' ? '' : ` ${p.contentEncoding}`}`,
    'JS gz KB': p.js.gzipKb,
    'of it up front': p.js.upfrontGzipKb,
    errors: p.app.errors + p.app.timeouts,
  }));
  if (rows.length) console.log('cached (page cache on):\n' + table(rows, Object.keys(rows[0])));
  console.log(
    `server memory: RSS ${r.memory.rssMb} MB after the cached run (peak ${r.memory.peakRssMb} MB, ${r.memory.startRssMb} MB at start)`,
  );
  for (const p of r.pages) {
    const unexpected = Object.entries(p.app.statusCodes).filter(([code]) => Number(code) !== p.status);
    if (unexpected.length || p.app.errors || p.app.timeouts) {
      console.log(
        `${p.name}: WARNING unexpected answers ${JSON.stringify(Object.fromEntries(unexpected))}, errors ${p.app.errors}, timeouts ${p.app.timeouts}`,
      );
    }
  }
  if (r.size.length) {
    console.log(
      `uncached (caches off, ${SIZE_CONNECTIONS} connections x ${SIZE_DURATION} s), demo pack vs ${SIZE_PRODUCTS} products, ` +
        `means of ${SIZE_ROUNDS} alternating rounds; db/render: averages of Server-Timing over 20 sequential requests`,
    );
    const row = (s, which) => ({
      page: s.name,
      products: which === 'demo' ? 'demo' : SIZE_PRODUCTS,
      'req/s': s[which].rps,
      'p50 ms': s[which].p50Ms,
      'p99 ms': s[which].p99Ms,
      queries: s[which].queries,
      'db ms': s[which].dbMs,
      'render ms': s[which].renderMs,
      'app ms': s[which].appMs,
    });
    const rows2 = r.size.flatMap((s) => [row(s, 'demo'), row(s, 'large')]);
    console.log(table(rows2, Object.keys(rows2[0])));
  }
  if (r.soak) {
    console.log(
      `soak (${r.soak.seconds} s, mixed URLs, caches on): ${r.soak.requests} requests, ${r.soak.rps} req/s, ` +
        `errors ${r.soak.errors}, RSS ${r.soak.startRssMb} → ${r.soak.endRssMb} MB (peak ${r.soak.peakRssMb} MB)`,
    );
  }
}

/**
 * The uncached run of both sizes side by side: both servers up (caches off); for each page, after a
 * warm-up of each, SIZE_ROUNDS alternating loads (demo, large, demo, large…), seconds apart, then
 * the Server-Timing samples of each.
 */
async function measureUncachedPair(envs, mainJs) {
  const caches = { CACHE_TTL_SECONDS: '0', PAGE_CACHE_TTL_SECONDS: '0' };
  const servers = {};
  try {
    for (const size of SIZES) servers[size] = await startServer(envs[size], mainJs, caches);
    const out = { demo: {}, large: {} };
    for (const page of sizePages()) {
      const url = (size) => servers[size].base + page.path;
      for (const size of SIZES) {
        const res = await rawGet(url(size), page.host);
        const expected = page.status ?? 200;
        if (res.status !== expected) throw new Error(`size run (${size}): ${page.path} answered ${res.status}`);
        await load(url(size), { host: page.host, duration: 2, connections: SIZE_CONNECTIONS });
      }
      const rounds = { demo: [], large: [] };
      for (let round = 0; round < SIZE_ROUNDS; round++) {
        for (const size of SIZES) {
          const result = summarise(
            await load(url(size), { host: page.host, duration: SIZE_DURATION, connections: SIZE_CONNECTIONS }),
          );
          rounds[size].push({ rps: result.requestsPerSec, p50Ms: result.p50Ms, p99Ms: result.p99Ms });
        }
      }
      for (const size of SIZES) {
        out[size][page.name] = { rounds: rounds[size], timing: await sampleTiming(url(size), page.host) };
      }
    }
    return out;
  } finally {
    for (const { server } of Object.values(servers)) await stop(server);
  }
}

const SIZES = ['demo', 'large'];

/**
 * The size run: the demo pack and the same database with SIZE_PRODUCTS generated products (the
 * embedded folder copied, or the server database cloned from the seeded one), served side by side
 * and loaded in alternating rounds per page. The figures are the means over the rounds, and a page's
 * growth factor the mean of each round's large/demo p50: measured minutes apart, one after the
 * other, the two sizes had read up to a third apart on a noisy machine from drift alone.
 */
async function sizeRun(mode, env, mainJs, thenOnLarge) {
  const large = await largeCopy(mode, env);
  try {
    console.log(`bench [${mode.key}]: generating ${SIZE_PRODUCTS} products`);
    const started = Date.now();
    const generator = join(ROOT, 'dist/src/cli/generate-content.js');
    const generated = spawnSync(process.execPath, [generator, '--products', String(SIZE_PRODUCTS)], {
      cwd: ROOT,
      env: large.env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (generated.status !== 0) throw new Error(`generate-content failed:\n${generated.stderr}${generated.stdout}`);
    console.log(`bench [${mode.key}]: generated in ${Math.round((Date.now() - started) / 1000)} s`);
    console.log(
      `bench [${mode.key}]: uncached run, demo pack and ${SIZE_PRODUCTS} products side by side, ${SIZE_ROUNDS} alternating rounds per page`,
    );
    const measured = await measureUncachedPair({ demo: env, large: large.env }, mainJs);
    await thenOnLarge(large.env);
    return sizePages().map((page) => {
      const [demo, big] = SIZES.map((size) => measured[size][page.name]);
      const factors = big.rounds.map((b, i) => b.p50Ms / Math.max(demo.rounds[i].p50Ms, 1));
      return {
        name: page.name,
        path: page.path,
        api: page.path.startsWith('/api/'),
        demo: { ...meanOf(demo.rounds), ...demo.timing },
        large: { ...meanOf(big.rounds), ...big.timing },
        rounds: { demo: demo.rounds, large: big.rounds },
        factor: Math.round(mean(factors) * 100) / 100,
      };
    });
  } finally {
    await large.drop();
  }
}

/** SIZE_ROUNDS alternating rounds of the size run (BENCH_SIZE_ROUNDS, default 2). */
const SIZE_ROUNDS = Math.max(1, Number(process.env.BENCH_SIZE_ROUNDS ?? 2));

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/** The mean of each figure of a page's rounds, rounded as the bench prints them. */
function meanOf(results) {
  return Object.fromEntries(
    Object.keys(results[0]).map((key) => [key, Math.round(mean(results.map((r) => r[key])) * 10) / 10]),
  );
}

/**
 * A second database beside the seeded one, to hold the generated products: a copy of the embedded
 * folder, or a server database made from the seeded one as a template (no one is connected to it
 * between runs). `drop` removes it.
 */
async function largeCopy(mode, env) {
  if (!env.DATABASE_URL) {
    const dir = `${env.DATA_DIR}-large`;
    rmSync(dir, { recursive: true, force: true });
    cpSync(env.DATA_DIR, dir, { recursive: true });
    return { env: { ...env, DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const url = new URL(env.DATABASE_URL);
  const source = decodeURIComponent(url.pathname.slice(1));
  const name = `${source}_bench_large`;
  const quoted = (id) => `"${id.replaceAll('"', '""')}"`;
  // CREATE DATABASE … TEMPLATE needs the seeded database to itself: the statements go through the
  // server's `postgres` database.
  const maintenance = new URL(env.DATABASE_URL);
  maintenance.pathname = '/postgres';
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${quoted(name)}`);
  await admin(`create database ${quoted(name)} template ${quoted(source)}`);
  url.pathname = `/${encodeURIComponent(name)}`;
  console.log(`bench [${mode.key}]: the generated products go to database ${name} (dropped afterwards)`);
  return {
    env: { ...env, DATABASE_URL: url.toString() },
    drop: () => admin(`drop database if exists ${quoted(name)}`),
  };
}

/**
 * Caches on, 10 connections, a mix of what visitors and crawlers ask for (home, lists with filters and
 * pages, product pages, the filters API, pages that do not exist: each a new cache entry), for
 * `seconds`: resident memory at the start (after a warm-up) and at the end.
 */
async function soakRun(mode, env, mainJs, seconds) {
  console.log(`bench [${mode.key}]: soak ${seconds} s (mixed URLs, caches on)`);
  const { server, base } = await startServer(env, mainJs);
  const list = (await (await fetchRetry(`${base}/produits`, { headers: { host: FR } })).text()) ?? '';
  const products = [...new Set(list.match(/\/produit\/[a-z0-9-]+/g) ?? [])];
  const filters = ['-brand--lactibiane', '-galenic_format--gelule', '-brand--lactibiane/-galenic_format--gelule'];
  let n = 0;
  const nextPath = () => {
    n += 1;
    switch (n % 6) {
      case 0:
        return '/';
      case 1:
        return products[n % Math.max(products.length, 1)] ?? '/produits';
      case 2:
        return `/produits/digestion/${filters[n % filters.length]}`;
      case 3:
        return `/produits/-p--${(n % 5) + 1}`;
      case 4:
        return '/api/v1/filtersProducts?category=digestion';
      default:
        return `/n-existe-pas-${n}`;
    }
  };
  const requests = [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }];
  await load(base + '/', { host: FR, duration: 20, connections: 10, requests });
  const startRssMb = memoryOf(server.pid).rssMb;
  const result = summarise(await load(base + '/', { host: FR, duration: seconds, connections: 10, requests }));
  const end = memoryOf(server.pid);
  await stop(server);
  return {
    seconds,
    requests: result.requests,
    rps: result.requestsPerSec,
    errors: result.errors + result.timeouts,
    startRssMb,
    endRssMb: end.rssMb,
    peakRssMb: end.peakRssMb,
  };
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(`bench failed: ${error.stack ?? error}`);
    if (serverProcess && serverProcess.exitCode !== null)
      console.error(`server exited with code ${serverProcess.exitCode}`);
    if (serverErr) console.error(`server stderr (tail):\n${serverErr}`);
    process.exit(1);
  });
