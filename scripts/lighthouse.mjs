#!/usr/bin/env node
/**
 * Lighthouse on every page type a search engine is given (issue 14: mobile SEO 100 and best practices
 * 100), on both Swiss hosts: `npm run build` first, then `npm run lighthouse`.
 *
 * Seeds a fresh embedded database in a temporary folder, starts the production build on a free port,
 * reads each host's sitemaps (which list exactly the indexable pages: docs/architecture.md "Search
 * engines") and audits the first URL of each page shape (route, which parameters, how many filters),
 * with Lighthouse's default mobile settings and only the `seo` and `best-practices` categories, in one
 * Chromium (CHROME_PATH, /usr/bin/chromium by default). Prints one line per page; exits 1 when a score
 * is below 100, naming the failing audits.
 *
 * Map tiles come from the tile server of MAP_TILE_URL (OpenStreetMap), which a machine without internet
 * cannot reach: its requests are answered here with a blank 256 px tile (through puppeteer's request
 * interception), so the finder pages are audited as a visitor sees them, failed loads aside.
 *
 * `--noindex` also audits pages that say `noindex` (search results, a sorted list, a 404): their SEO
 * score is below 100 by design, Lighthouse's "Page isn't blocked from indexing" audit fails on them;
 * they are reported, not counted as failures. `--json FILE` writes the results.
 * `--base http://host:port` audits a site already running there instead (its hosts must be the Swiss
 * `produits.*` / `produkte.*` names, or pass `--hosts a,b`); `--only REGEX` audits only the page types
 * (as printed) it matches.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';

const ROOT = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { resolvePath } = require(join(ROOT, 'dist/contracts/route-table.js'));

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const withNoindex = args.includes('--noindex');
const jsonFile = option('--json');
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** GET on the loopback address with a Host header (Node does not resolve *.localhost). */
function get(port, host, path) {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

async function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** The production build on a fresh embedded database; resolves once it answers. */
async function startSite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-lighthouse-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  await promisify(execFile)(process.execPath, ['dist/src/cli/seed.js'], { cwd: ROOT, env });
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await get(port, 'produits.localhost', '/health/live')).status === 200) return { port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  stop();
  throw new Error('the server did not start within 60 s');
}

/** The shape of a page: its route, which parameters it has (filters counted 0, 1, 2+). */
function shape(locale, path) {
  const route = resolvePath(locale, path);
  if (!route) return `? ${path}`;
  const params = Object.entries(route.params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) =>
      typeof v === 'object'
        ? `${k}(${[v.expertise && 'e', v.page && 'p', `f${Math.min(v.filters.length, 2)}`].filter(Boolean).join('')})`
        : k,
    );
  return [route.name, ...params].join(' ');
}

/** The first URL of each page shape in a host's sitemaps (pharmacies: one). */
async function indexablePages(port, host, locale) {
  const index = await get(port, host, '/sitemap.xml');
  const pages = new Map();
  for (const [, file] of index.body.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const sitemap = await get(port, host, new URL(file).pathname);
    for (const [, loc] of sitemap.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)) {
      const key = shape(locale, new URL(loc).pathname);
      if (!pages.has(key)) pages.set(key, new URL(loc).pathname);
    }
  }
  return pages;
}

/** Pages that say noindex (shown with --noindex): their SEO score misses the crawlability audit. */
function noindexPages(locale) {
  return locale === 'fr'
    ? new Map([
        ['search results', '/resultats/-r--magnesium'],
        ['sorted list', '/produits?sort=asc_price'],
        ['404', '/cette-page-nexiste-pas'],
      ])
    : new Map([
        ['search results', '/ergebnisse/-r--magnesium'],
        ['sorted list', '/produkte?sort=asc_price'],
        ['404', '/diese-seite-gibt-es-nicht'],
      ]);
}

const NOT_SCORED = new Set(['informative', 'manual', 'notApplicable']);
const TILE = /^https:\/\/[a-z]\.tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/;

/** Lighthouse on one URL in a new tab whose map tile requests get `tile`. */
async function audit(browser, url, tile) {
  const page = await browser.newPage();
  try {
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (TILE.test(req.url())) void req.respond({ status: 200, contentType: 'image/png', body: tile });
      else void req.continue();
    });
    const { lhr } = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['seo', 'best-practices'] },
      undefined,
      page,
    );
    return lhr;
  } finally {
    await page.close();
  }
}

async function main() {
  const base = option('--base');
  const site = base ? { port: Number(new URL(base).port || 80), stop: () => undefined } : await startSite();
  const hosts = (option('--hosts') ?? 'produits.localhost,produkte.localhost').split(',');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e9eef0' } })
    .png()
    .toBuffer();
  const results = [];
  const started = Date.now();
  try {
    for (const host of hosts) {
      const locale = host.startsWith('produkte') ? 'de' : 'fr';
      const targets = [...(await indexablePages(site.port, host, locale))].map(([type, path]) => ({
        type,
        path,
        indexable: true,
      }));
      if (withNoindex) for (const [type, path] of noindexPages(locale)) targets.push({ type, path, indexable: false });
      const only = option('--only') && new RegExp(option('--only'));
      for (const target of targets.filter((t) => !only || only.test(t.type))) {
        const url = `http://${host}:${site.port}${target.path}`;
        const t = Date.now();
        const lhr = await audit(browser, url, tile);
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && !NOT_SCORED.has(a.scoreDisplayMode))
          .map((a) => a.id);
        const result = {
          host,
          ...target,
          url,
          seo: Math.round(lhr.categories.seo.score * 100),
          bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
          failing,
          ms: Date.now() - t,
        };
        results.push(result);
        console.log(
          `${result.seo === 100 && result.bestPractices === 100 ? 'ok  ' : target.indexable ? 'FAIL' : 'noindex'} ` +
            `seo ${result.seo} best-practices ${result.bestPractices}  ${host} ${target.type}  ${target.path}` +
            (failing.length ? `  (${failing.join(', ')})` : '') +
            `  ${result.ms} ms`,
        );
      }
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    site.stop();
  }
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
  const failures = results.filter((r) => r.indexable && (r.seo < 100 || r.bestPractices < 100));
  console.log(
    `${results.filter((r) => r.indexable).length} indexable pages audited in ${Math.round((Date.now() - started) / 1000)} s; ` +
      `${failures.length} below 100`,
  );
  process.exitCode = failures.length ? 1 : 0;
}

await main();
