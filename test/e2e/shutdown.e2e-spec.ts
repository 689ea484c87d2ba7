import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result as LoadResult } from 'autocannon';
import frErrors from '../../i18n/fr/errors.json';

/**
 * The built server as production runs it (`node dist/src/main.js`), stopped with SIGTERM: readiness
 * turns 503 during the drain, a request in flight completes, the process exits 0. CI builds first
 * (`npm test`); locally run `npm run build:server` before `npm run test:e2e`.
 */
const ROOT = join(__dirname, '../..');
const MAIN = join(ROOT, 'dist/src/main.js');
const SEED = join(ROOT, 'dist/src/cli/seed.js');
const DRAIN_MS = 1500;

/** A free port in this suite's own range (33xx). */
async function freePort(): Promise<number> {
  for (let port = 3300 + Math.floor(Math.random() * 90); port < 3400; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3300-3399');
}

function getStatus(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(
      { host: '127.0.0.1', port, path, headers: { Host: 'produits.localhost', Connection: 'close' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

describe('graceful shutdown of the built server (e2e)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let child: ChildProcess | undefined;
  let stdout = '';

  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build:server\` first`);
    dataDir = mkdtempSync(join(tmpdir(), 'site-shutdown-'));
  });

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains: readiness 503, the request in flight completes, exit 0', async () => {
    const port = await freePort();
    // Same database mode as the rest of the suite (DATABASE_URL/REDIS_URL pass through when set).
    env = {
      ...process.env,
      NODE_ENV: 'production',
      CSRF_SECRET: 'shutdown-spec-csrf-secret-0123456789abcdef',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: 'info',
    };
    const seed = spawnSync(process.execPath, [SEED], { env, encoding: 'utf8', timeout: 60000 });
    expect({ status: seed.status, stderr: seed.stderr }).toEqual({ status: 0, stderr: '' });

    child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await waitFor('readiness', async () =>
      (await getStatus(port, '/health/ready')).status === 200 ? true : undefined,
    );

    // A slow upload: the server has the request line and headers, and waits for the rest of the body.
    const body = JSON.stringify({ message: 'a request that is still arriving' });
    const inFlight: Socket = connect(port, '127.0.0.1');
    let answer = '';
    inFlight.setEncoding('utf8');
    inFlight.on('data', (chunk: string) => (answer += chunk));
    const answered = new Promise<void>((resolve) => inFlight.on('end', () => resolve()));
    await new Promise<void>((resolve) => inFlight.once('connect', () => resolve()));
    inFlight.write(
      `POST /__slow-upload HTTP/1.1\r\nHost: produits.localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    child.kill('SIGTERM');
    // An answer on a new connection means the listener is still open: this 503 is seen during the
    // drain, while the load balancer still sends traffic and must learn to stop.
    const draining = await waitFor('readiness 503', async () => {
      const ready = await getStatus(port, '/health/ready');
      return ready.status === 503 ? ready : undefined;
    });
    expect(JSON.parse(draining.body)).toMatchObject({
      status: 'unavailable',
      checks: { accepting: false, database: true },
    });

    // After the drain the listener is closed: new connections are refused, the one in flight is not.
    await waitFor(
      'the listener to close',
      async () =>
        (await getStatus(port, '/health/live').then(
          () => false,
          () => true,
        ))
          ? true
          : undefined,
      DRAIN_MS + 3000,
    );
    expect(child.exitCode).toBeNull();

    inFlight.write(body.slice(10));
    // The server answers, says so, and closes the connection at once (no keep-alive wait).
    const writtenAt = Date.now();
    await answered;
    expect(Date.now() - writtenAt).toBeLessThan(2000);
    expect(answer.slice(0, 20)).toBe('HTTP/1.1 404 Not Fou');
    expect(/\r\nconnection: close\r\n/i.test(answer)).toBe(true);
    // The whole error page, rendered with the database and the cache still open.
    const page = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(Buffer.byteLength(page)).toBe(Number(/\r\ncontent-length: (\d+)\r\n/i.exec(answer)?.[1]));
    expect(page.replace(/&#x27;|&#39;/g, "'").includes(frErrors.notFound.title)).toBe(true);
    expect(page.trimEnd().endsWith('</html>')).toBe(true);
    inFlight.destroy();

    expect(await exitOf(child)).toBe(0);
    const events = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(events).toEqual(expect.arrayContaining(['listening', 'shutdown started', 'shutdown complete']));
    expect(events.indexOf('shutdown complete')).toBeGreaterThan(events.lastIndexOf('request'));
  });

  /** The built server on a fresh port, the database seeded by the first test. */
  async function startServer(drainMs: number): Promise<{ port: number; child: ChildProcess }> {
    const port = await freePort();
    const server = spawn(process.execPath, [MAIN], {
      env: { ...env, PORT: String(port), SHUTDOWN_DRAIN_MS: String(drainMs), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child = server;
    await waitFor('readiness', async () =>
      (await getStatus(port, '/health/ready')).status === 200 ? true : undefined,
    );
    return { port, child: server };
  }

  it('answers every request of a load test across SIGTERM (20 connections): 0 errors', async () => {
    // The load ends inside the drain, as a load balancer stops sending once readiness says 503.
    const { port, child: server } = await startServer(3000);
    const errors: Record<string, number> = {};
    const run = new Promise<LoadResult>((resolve, reject) => {
      const instance = autocannon(
        { url: `http://127.0.0.1:${port}/`, connections: 20, duration: 2, headers: { host: 'produits.localhost' } },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on(
        'reqError',
        (error) => (errors[error.code ?? error.message] = (errors[error.code ?? error.message] ?? 0) + 1),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    server.kill('SIGTERM');
    const result = await run;
    expect({ errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      errors: {},
      timeouts: 0,
      non2xx: 0,
    });
    expect(result.requests.total).toBeGreaterThan(100);
    expect(await exitOf(server)).toBe(0);
  });

  it('closes an idle keep-alive connection early in the drain, while it still listens', async () => {
    const { port, child: server } = await startServer(3000);
    const keptAlive: Socket = connect(port, '127.0.0.1');
    let answer = '';
    keptAlive.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise<number>((resolve) => keptAlive.once('close', () => resolve(Date.now())));
    keptAlive.write('GET /health/live HTTP/1.1\r\nHost: produits.localhost\r\n\r\n');
    await waitFor('the first answer', async () => (answer.includes('{"status":"ok"}') ? true : undefined));
    expect(/\r\nconnection: close\r\n/i.test(answer)).toBe(false); // kept alive

    const signalled = Date.now();
    server.kill('SIGTERM');
    // Closed about a second into the three-second drain (Node's own keep-alive limit is 5 s)…
    expect((await closed) - signalled).toBeLessThan(1800);
    // … while new connections are still answered (readiness says 503: the replica is going).
    expect((await getStatus(port, '/health/ready')).status).toBe(503);
    expect(await exitOf(server)).toBe(0);
  });

  it('does not let a connection that sends nothing hold up the exit', async () => {
    const { port, child: server } = await startServer(1000);
    const silent: Socket = connect(port, '127.0.0.1');
    silent.on('error', () => undefined);
    await new Promise((resolve) => silent.once('connect', resolve));
    const signalled = Date.now();
    server.kill('SIGTERM');
    // Closed once idle for a second, not kept until its headers time out (the exit used to wait for
    // it, then give up after the drain + 15 s with "shutdown timed out", exit 1).
    expect(await exitOf(server)).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(4000);
    silent.destroy();
  });

  it('refuses to start with an invalid setting, naming it', async () => {
    const port = await freePort();
    const bad = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, TRUST_PROXY: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    bad.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await exitOf(bad);
    expect(code).not.toBe(0);
    expect(code).toBe(78);
    expect(stderr).toContain('TRUST_PROXY="true"');
  });
});
