import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { CHROMIUM_PATH, chromiumAvailable } from './chromium';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

/**
 * Browser specs run the already-built production server (`npm run build` first: nothing is built
 * here) on a free port over a fresh embedded database, and drive Debian's Chromium through
 * playwright-core. Chromium resolves *.localhost to the loopback address, so the Swiss hosts work as
 * they would in production: http://produits.localhost:PORT and http://produkte.localhost:PORT.
 */

const ROOT = join(__dirname, '..', '..');
export { CHROMIUM_PATH };

/** `describe` for a browser spec file: skipped, not failed, on a machine without Chromium. */
export const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

export const FR_HOST = 'produits.localhost';
export const DE_HOST = 'produkte.localhost';

export interface RunningSite {
  port: number;
  /** http://{host}:{port}{path} */
  url(host: string, path?: string): string;
  /** Server output, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilLive(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health/live`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start within 60 s:\n${output()}`);
}

/** An editor account made with the real CLI before the server starts (no account exists otherwise). */
export interface EditorAccount {
  email: string;
  password: string;
}

/**
 * Seeds a fresh data folder and starts `node dist/src/main.js` on a free port (`extraEnv`: e.g.
 * CONTENT_DIR; `editor`: an account created first with `dist/src/cli/editor.js`).
 */
export async function startSite(extraEnv: Record<string, string> = {}, editor?: EditorAccount): Promise<RunningSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-browser-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: '0',
    PAGE_CACHE_TTL_SECONDS: '0',
    // The server never fetches video thumbnails or map tiles here: local placeholders.
    VIDEO_THUMBNAIL_ORIGIN: 'none',
    MAP_TILE_URL: 'none',
    ...extraEnv,
  };
  await promisify(execFile)(process.execPath, ['dist/src/cli/seed.js'], { cwd: ROOT, env });
  if (editor)
    await promisify(execFile)(process.execPath, ['dist/src/cli/editor.js', 'create', '--email', editor.email], {
      cwd: ROOT,
      env: { ...env, EDITOR_PASSWORD: editor.password },
    });
  const child = spawn(process.execPath, ['dist/src/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log.slice(-4000);
  try {
    await waitUntilLive(port, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The viewports every spec uses: a phone and a desktop screen. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export interface BrowserSuite {
  site: RunningSite;
  browser: Browser;
  /** A fresh context per test (closed after it); `undefined` with `context: false`. */
  context: BrowserContext;
}

/**
 * The hooks of a browser spec file: one site (seeded, started with `env`) and one Chromium for the
 * file, a new browser context per test (`context`: its options, `false` for a spec that makes its
 * own, which is still closed after each test when it sets `suite.context`). Read the fields inside
 * tests: they are set by the hooks.
 */
export function browserSuite(
  options: {
    env?: Record<string, string> | (() => Record<string, string>);
    context?: Parameters<Browser['newContext']>[0] | false;
    /**
     * The consent cookie each new context starts with on both Swiss hosts: by default a visitor who
     * already answered the consent banner (refused all), so the banner does not cover what a spec
     * clicks; `null` for a spec about the first visit (banner shown, nothing chosen).
     */
    consent?: string | null;
    /** An editor account to create before the site starts (for the preview). */
    editor?: EditorAccount;
    cleanup?: () => void;
  } = {},
): BrowserSuite {
  const suite = {} as BrowserSuite;
  const { context = { viewport: DESKTOP }, consent = 'optout,novideo' } = options;
  beforeAll(async () => {
    suite.site = await startSite(typeof options.env === 'function' ? options.env() : options.env, options.editor);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.site?.stop();
    options.cleanup?.();
  });
  if (context !== false) {
    beforeEach(async () => {
      suite.context = await suite.browser.newContext(context);
      if (consent)
        await suite.context.addCookies(
          [FR_HOST, DE_HOST].map((domain) => ({ name: 'privacy', value: consent, domain, path: '/' })),
        );
    });
  }
  afterEach(async () => {
    await suite.context?.close();
  });
  return suite;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface ConsoleWatch {
  /** console.error / console.warn messages, uncaught page errors and failed sub-resources (script, style, image, font). */
  problems: string[];
  /** React hydration mismatches (production builds report them as minified errors 418/423/425). */
  hydration: string[];
}

const HYDRATION = /hydrat|Minified React error #(418|423|425)|did not match/i;
/** Chromium's own line for any failed request; the response listener below says which one failed. */
const FAILED_RESOURCE = /^error: Failed to load resource/;
const ASSET_TYPES = new Set(['script', 'stylesheet', 'image', 'font']);

/**
 * Collects what a visitor's console would show. A failed page request (a 404 document, or a link
 * prefetch of a page another module has not built yet) is not a console problem; a failed script,
 * stylesheet, image or font is. `ignore` drops other expected noise.
 */
export function watchConsole(page: Page, ignore: RegExp[] = []): ConsoleWatch {
  const watch: ConsoleWatch = { problems: [], hydration: [] };
  const record = (text: string) => {
    if (ignore.some((pattern) => pattern.test(text))) return;
    watch.problems.push(text);
    if (HYDRATION.test(text)) watch.hydration.push(text);
  };
  page.on('console', (message: ConsoleMessage) => {
    const text = `${message.type()}: ${message.text()}`;
    if (FAILED_RESOURCE.test(text)) return;
    if (message.type() === 'error' || message.type() === 'warning') record(text);
  });
  page.on('pageerror', (error) => record(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && ASSET_TYPES.has(response.request().resourceType()))
      record(`failed ${response.request().resourceType()}: ${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // Leaving a page cancels its pending loads (net::ERR_ABORTED): not a fault of the page.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (ASSET_TYPES.has(request.resourceType())) record(`failed ${request.resourceType()}: ${request.url()}`);
  });
  return watch;
}

/** Resolves once every island marker of the page is hydrated and React has committed. */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLElement>('[data-island]')].every((el) => el.dataset.hydrated === 'true'),
    undefined,
    { timeout: 15_000 },
  );
  // Hydration runs in a transition: let it commit and run effects.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  );
}

/**
 * Signs an editor in through the login form of `host` in `context`; its cookies then carry the
 * session (copy them with `context.cookies()` into another context).
 */
export async function signIn(
  context: BrowserContext,
  site: RunningSite,
  host: string,
  loginPath: string,
  editor: EditorAccount,
) {
  const page = await context.newPage();
  try {
    await page.goto(site.url(host, loginPath));
    await page.fill('input[name="email"]', editor.email);
    await page.fill('input[name="password"]', editor.password);
    await Promise.all([
      page.waitForURL((url) => url.pathname !== loginPath),
      page.press('input[name="password"]', 'Enter'),
    ]);
  } finally {
    await page.close();
  }
}

/** Opens a page of the running site in a context at a viewport, watching its console, hydrated. */
export async function openPage(
  context: BrowserContext,
  url: string,
  viewport: { width: number; height: number },
  expectStatus: (status: number) => boolean = (status) => status < 500,
): Promise<{ page: Page; logs: ConsoleWatch }> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const logs = watchConsole(page);
  const response = await page.goto(url);
  const status = response?.status() ?? 0;
  if (!expectStatus(status)) throw new Error(`${url} answered ${status}`);
  await islandsHydrated(page);
  return { page, logs };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every axe-core violation on a page, whatever its impact (minor, moderate, serious, critical), as
 * "impact rule: help at targets". axe is injected as a script, so only this throw-away context
 * bypasses the page's CSP (script-src 'self' plus nonce).
 */
export async function axeViolations(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  cookies: Parameters<BrowserContext['addCookies']>[0] = [],
): Promise<string[]> {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  try {
    // A signed-in editor's session, for the pages behind login (the preview).
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(url);
    await islandsHydrated(page);
    return await axeOf(page);
  } finally {
    await context.close();
  }
}

/**
 * The axe-core violations of a page in the state a spec brought it to (messages shown, a toast open).
 * Its context needs `bypassCSP: true` (axe is injected as a script).
 */
export async function axeOf(page: Page): Promise<string[]> {
  // Contrast is judged on what stays on screen: a text caught half-way through its fade-in (the footer's
  // rotating sentence starts one every 2 s) would read as too pale, so animations and transitions are
  // ended for the check, and only for it: the spec goes on with the page as it was.
  const still = await page.addStyleTag({
    content: '*,*::before,*::after{animation:none!important;transition:none!important}',
  });
  try {
    return await violationsOf(page);
  } finally {
    await still.evaluate((style) => (style as Element).remove());
  }
}

async function violationsOf(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return await page.evaluate(async () => {
    type Result = {
      violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
    };
    const result = await (window as unknown as { axe: { run(): Promise<Result> } }).axe.run();
    return result.violations.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
  });
}
