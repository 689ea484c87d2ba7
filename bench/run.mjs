#!/usr/bin/env node
/**
 * `npm run bench` (builds first): throughput, latency and JavaScript weight of the main pages.
 *
 * 1. seeds a fresh embedded database in a temp DATA_DIR (or the DATABASE_URL server) and starts the
 *    production build (`node dist/src/main.js`, NODE_ENV=production, LOG_LEVEL=warn) on a free port;
 * 2. warms each page, then loads it with autocannon (50 connections, 10 s): requests/s, p50, p99;
 * 3. serves the page's exact bytes (gzip-compressed, as the app sends them to a browser) from a
 *    bare node:http server in a child process and loads it the same way: the ceiling this machine
 *    allows, and the app's share of it. Every request says `Accept-Encoding: gzip, deflate, br`;
 * 4. sums the gzip-9 size of the JavaScript each page ships (script src + modulepreload under /assets);
 * 5. reads the server's resident memory (VmRSS, and the peak VmHWM) after the run;
 * 6. prints a table, writes bench/results/latest.json and PASS/FAIL per target. Exit code 0 either
 *    way (it is a report) unless the bench itself could not run.
 *
 * Env: DATABASE_URL / REDIS_URL are honoured (mode is reported); BENCH_DURATION (s, default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_PAGES (comma-separated page names to run a subset).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as httpRequest } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FR = 'produits.localhost';

/**
 * The pages measured. Add entries here (later: the product list with two filters, a product page);
 * `home: true` marks the page the ceiling-ratio and JavaScript targets apply to.
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
];

/**
 * The size run (issue "Catalogue"): with read-model and page caches off, every request renders and
 * queries the database; p50 with 10,000 generated products must stay within twice the demo's.
 */
const SIZE_PAGES = [
  { name: 'list', path: '/produits', host: FR },
  { name: 'list-2-filters', path: '/produits/digestion/-brand--lactibiane/-galenic_format--gelule', host: FR },
  {
    name: 'filters-api',
    path: '/api/v1/filtersProducts?category=digestion&caracteristics=%7B%22brand%22%3A%5B%22lactibiane%22%5D%7D',
    host: FR,
  },
  { name: 'product', path: '/produit/lactibiane-reference-30-gelules', host: FR },
];
const SIZE_PRODUCTS = Number(process.env.BENCH_SIZE_PRODUCTS ?? 10000);
const SIZE_DURATION = Number(process.env.BENCH_SIZE_DURATION ?? 5);
const SIZE_CONNECTIONS = 10;

const TARGETS = {
  homeCeilingRatio: 0.35, // home requests/s ≥ 35% of the bare node:http ceiling
  catalogueCeilingRatio: 0.25, // list with two filters, product page
  p99Ms: 50, // home and 404
  catalogueP99Ms: 60,
  catalogueJsGzipKb: 120,
  sizeP50Factor: 2, // 10,000 products vs the demo pack, caches off
  homeJsGzipKb: 90,
  rssMb: 350,
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

function load(url, { host, duration = DURATION, connections = CONNECTIONS } = {}) {
  const headers = { 'accept-encoding': ACCEPT_ENCODING, ...(host ? { host } : {}) };
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
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

/** A bare node:http server (child process) answering every request with the given bytes and encoding. */
async function startCeilingServer(status, contentType, body, contentEncoding) {
  const bodyFile = join(tempDir, `ceiling-${Date.now()}-${Math.random().toString(36).slice(2)}.bin`);
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const code = `
    const body = require('node:fs').readFileSync(process.argv[1]);
    const headers = { 'content-type': process.argv[3], 'content-length': body.length };
    if (process.argv[4]) Object.assign(headers, { 'content-encoding': process.argv[4], vary: 'Accept-Encoding' });
    require('node:http').createServer((req, res) => { res.writeHead(${status}, headers); res.end(body); })
      .listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('ready\\n'));
  `;
  const child = track(
    spawn(process.execPath, ['-e', code, bodyFile, String(port), contentType, contentEncoding ?? ''], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (c) => reject(new Error(`ceiling server exited (${c})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** JavaScript the page makes the browser download up front: entry script + modulepreloads. */
async function javascriptOf(html, base) {
  const urls = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload/i.test(tag)) continue;
    const ref = tag.match(isScript ? /\bsrc=["']([^"']+)["']/i : /\bhref=["']([^"']+)["']/i)?.[1];
    if (ref && ref.startsWith('/assets/')) urls.add(ref);
  }
  const files = [];
  for (const path of urls) {
    const res = await fetchRetry(base + path, { headers: { host: FR, 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    files.push({ path, rawKb: kb(bytes.length), gzipKb: kb(gzipSync(bytes, { level: 9 }).length) });
  }
  const sum = (key) => Math.round(files.reduce((n, f) => n + f[key], 0) * 10) / 10;
  return { files, rawKb: sum('rawKb'), gzipKb: sum('gzipKb') };
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

  tempDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const port = await freePort();
  const mode = {
    database: process.env.DATABASE_URL ? 'postgresql (DATABASE_URL)' : 'embedded PGlite (fresh temp DATA_DIR)',
    cache: process.env.REDIS_URL ? 'redis (REDIS_URL)' : 'memory',
  };
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(tempDir, 'data'),
    SHUTDOWN_DRAIN_MS: '0',
  };
  console.log(`bench: database ${mode.database}, cache ${mode.cache}`);
  console.log(
    `bench: ${cpus().length} cores, node ${process.version}, ${CONNECTIONS} connections x ${DURATION} s per run`,
  );

  console.log('bench: seeding');
  const seed = spawnSync(process.execPath, [seedJs], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (seed.status !== 0) throw new Error(`seed failed (${seed.status}):\n${seed.stderr}${seed.stdout}`);

  console.log(`bench: starting the production build on port ${port}`);
  const server = track(spawn(process.execPath, [mainJs], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] }));
  serverProcess = server;
  server.stderr.on('data', (chunk) => {
    serverErr = (serverErr + chunk).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health/ready`, server).catch((error) => {
    throw new Error(`${error.message}\n${serverErr}`);
  });
  const startRss = memoryOf(server.pid).rssMb;

  const results = [];
  for (const page of pages) {
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

    console.log(`bench: ${page.name} (${page.path}) warm-up ${WARMUP_SECONDS} s`);
    await load(url, { host: page.host, duration: WARMUP_SECONDS });
    console.log(`bench: ${page.name} app ${DURATION} s`);
    const app = summarise(await load(url, { host: page.host }));

    const ceilingServer = await startCeilingServer(page.status, contentType, wire, encoding);
    await load(ceilingServer.url, { duration: WARMUP_SECONDS });
    console.log(`bench: ${page.name} ceiling ${DURATION} s`);
    const ceiling = summarise(await load(ceilingServer.url));
    await stop(ceilingServer.child);

    const js = await javascriptOf(body.toString('utf8'), base);
    results.push({
      ...page,
      htmlKb: kb(body.length),
      htmlGzipKb: kb(gzipSync(body, { level: 9 }).length),
      contentEncoding: encoding ?? 'identity',
      wireKb: kb(wire.length),
      app,
      ceiling,
      ratio: Math.round((app.requestsPerSec / ceiling.requestsPerSec) * 1000) / 1000,
      js,
    });
  }

  const memory = { startRssMb: startRss, ...memoryOf(server.pid) };
  await stop(server);

  // ---------- size run: demo pack vs 10,000 generated products, caches off ----------
  const sizeResults = process.env.BENCH_SKIP_SIZE ? [] : await sizeRun(env, seedJs, mainJs);

  // ---------- report ----------
  const rows = results.map((r) => ({
    page: r.name,
    path: r.path,
    status: r.status,
    'req/s': r.app.requestsPerSec,
    'p50 ms': r.app.p50Ms,
    'p99 ms': r.app.p99Ms,
    'ceiling req/s': r.ceiling.requestsPerSec,
    ratio: `${Math.round(r.ratio * 100)}%`,
    'HTML KB': r.htmlKb,
    'sent KB': `${r.wireKb}${r.contentEncoding === 'identity' ? '' : ` ${r.contentEncoding}`}`,
    'JS gz KB': r.js.gzipKb,
    errors: r.app.errors + r.app.timeouts,
  }));
  console.log('\n' + table(rows, Object.keys(rows[0] ?? { page: '' })));
  console.log(
    `\nserver memory: RSS ${memory.rssMb} MB after the run (peak ${memory.peakRssMb} MB, ${memory.startRssMb} MB at start)`,
  );
  for (const r of results) {
    if (r.js.files.length) console.log(`${r.name} JS: ${r.js.files.map((f) => `${f.path} ${f.gzipKb} KB`).join(', ')}`);
    const unexpected = Object.entries(r.app.statusCodes).filter(([code]) => Number(code) !== r.status);
    if (unexpected.length || r.app.errors || r.app.timeouts) {
      console.log(
        `${r.name}: WARNING unexpected answers ${JSON.stringify(Object.fromEntries(unexpected))}, errors ${r.app.errors}, timeouts ${r.app.timeouts}`,
      );
    }
  }

  const home = results.find((r) => r.home);
  const checks = [];
  if (home) {
    checks.push({
      target: `home ≥ ${TARGETS.homeCeilingRatio * 100}% of ceiling`,
      value: `${Math.round(home.ratio * 100)}%`,
      pass: home.ratio >= TARGETS.homeCeilingRatio,
    });
    checks.push({
      target: `home JS ≤ ${TARGETS.homeJsGzipKb} KB gzip`,
      value: `${home.js.gzipKb} KB`,
      pass: home.js.gzipKb <= TARGETS.homeJsGzipKb,
    });
  }
  for (const r of results) {
    const p99 = r.catalogue ? TARGETS.catalogueP99Ms : TARGETS.p99Ms;
    checks.push({ target: `${r.name} p99 ≤ ${p99} ms`, value: `${r.app.p99Ms} ms`, pass: r.app.p99Ms <= p99 });
    if (r.catalogue) {
      checks.push({
        target: `${r.name} ≥ ${TARGETS.catalogueCeilingRatio * 100}% of ceiling`,
        value: `${Math.round(r.ratio * 100)}%`,
        pass: r.ratio >= TARGETS.catalogueCeilingRatio,
      });
      checks.push({
        target: `${r.name} JS ≤ ${TARGETS.catalogueJsGzipKb} KB gzip`,
        value: `${r.js.gzipKb} KB`,
        pass: r.js.gzipKb <= TARGETS.catalogueJsGzipKb,
      });
    }
  }
  for (const s of sizeResults) {
    checks.push({
      target: `${s.name} p50 with ${SIZE_PRODUCTS} products ≤ ${TARGETS.sizeP50Factor}× demo (caches off)`,
      value: `${s.largeP50Ms} ms vs ${s.demoP50Ms} ms (${s.factor}×)`,
      pass: s.factor <= TARGETS.sizeP50Factor,
    });
  }
  checks.push({
    target: `RSS ≤ ${TARGETS.rssMb} MB`,
    value: `${memory.rssMb} MB`,
    pass: memory.rssMb <= TARGETS.rssMb,
  });
  if (sizeResults.length) {
    console.log(
      `\nsize run (caches off, ${SIZE_CONNECTIONS} connections x ${SIZE_DURATION} s): p50 demo vs ${SIZE_PRODUCTS} products`,
    );
    console.log(
      table(
        sizeResults.map((s) => ({
          page: s.name,
          'demo p50 ms': s.demoP50Ms,
          'large p50 ms': s.largeP50Ms,
          factor: `${s.factor}×`,
          'demo req/s': s.demoRps,
          'large req/s': s.largeRps,
        })),
        ['page', 'demo p50 ms', 'large p50 ms', 'factor', 'demo req/s', 'large req/s'],
      ),
    );
  }
  console.log('');
  for (const c of checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.target}: ${c.value}`);

  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cores: cpus().length,
    mode,
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP_SECONDS },
    pages: results,
    size: sizeResults,
    memory,
    targets: TARGETS,
    checks,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/latest.json'), JSON.stringify(report, null, 2) + '\n');
  console.log('\nwritten: bench/results/latest.json');
}

/** Starts the server with both caches off, measures SIZE_PAGES; returns p50 and req/s per page. */
async function measureUncached(env, mainJs) {
  const port = await freePort();
  const server = track(
    spawn(process.execPath, [mainJs], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), CACHE_TTL_SECONDS: '0', PAGE_CACHE_TTL_SECONDS: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  serverProcess = server;
  server.stderr.on('data', (chunk) => (serverErr = (serverErr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health/ready`, server);
  const out = {};
  for (const page of SIZE_PAGES) {
    const res = await fetchRetry(base + page.path, { headers: { host: page.host } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`size run: ${page.path} answered ${res.status}`);
    await load(base + page.path, { host: page.host, duration: 2, connections: SIZE_CONNECTIONS });
    out[page.name] = summarise(
      await load(base + page.path, { host: page.host, duration: SIZE_DURATION, connections: SIZE_CONNECTIONS }),
    );
  }
  await stop(server);
  return out;
}

async function sizeRun(env, seedJs, mainJs) {
  console.log('bench: size run, demo pack (caches off)');
  const demo = await measureUncached(env, mainJs);
  console.log(`bench: size run, generating ${SIZE_PRODUCTS} products`);
  const started = Date.now();
  const generated = spawnSync(
    process.execPath,
    [join(ROOT, 'dist/src/cli/generate-content.js'), '--products', String(SIZE_PRODUCTS)],
    {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (generated.status !== 0) throw new Error(`generate-content failed:\n${generated.stderr}${generated.stdout}`);
  console.log(
    `bench: generated in ${Math.round((Date.now() - started) / 1000)} s; size run, ${SIZE_PRODUCTS} products (caches off)`,
  );
  const large = await measureUncached(env, mainJs);
  if (env.DATABASE_URL) {
    // Leave the shared server as the seed left it.
    spawnSync(process.execPath, [join(ROOT, 'dist/src/cli/generate-content.js'), '--remove'], {
      cwd: ROOT,
      env,
      stdio: 'ignore',
    });
  }
  return SIZE_PAGES.map((page) => {
    const d = demo[page.name];
    const l = large[page.name];
    return {
      name: page.name,
      path: page.path,
      demoP50Ms: d.p50Ms,
      largeP50Ms: l.p50Ms,
      demoRps: d.requestsPerSec,
      largeRps: l.requestsPerSec,
      factor: Math.round((l.p50Ms / Math.max(d.p50Ms, 1)) * 100) / 100,
    };
  });
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
