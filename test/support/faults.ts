import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../src/database/database';

/** The error a query gets when the PostgreSQL server refuses connections (it is stopped). */
export function connectionRefused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

/**
 * Makes every query of the app fail as if the database server were down, until `restore()`: the
 * same fault on the embedded database and on a server, without stopping anything shared.
 */
export function databaseDown(db: Database): { restore(): void } {
  let prototype = Object.getPrototypeOf(db.getExecutor()) as object | null;
  while (prototype && !Object.prototype.hasOwnProperty.call(prototype, 'executeQuery'))
    prototype = Object.getPrototypeOf(prototype) as object | null;
  if (!prototype) throw new Error('no executeQuery on the Kysely executor');
  const spy = jest
    .spyOn(prototype as { executeQuery(): Promise<unknown> }, 'executeQuery')
    .mockImplementation(async () => {
      throw connectionRefused();
    });
  return { restore: () => spy.mockRestore() };
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A probe's failure means "not yet", unless it says it is fatal (the server exited).
    const value = await probe().catch((error: { fatal?: boolean }) => {
      if (error?.fatal) throw error;
      return undefined;
    });
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/**
 * A `describe` whose tests need a tool of the machine (redis-server, PostgreSQL's binaries), given
 * as the reason it is missing (undefined: present). Missing on a developer's machine: the tests are
 * skipped, visibly (the reason is printed and jest counts them skipped). Missing in CI (CI=true, as
 * `.ci/run` sets it, and installs the tools): one failing test names it, so a fault spec never
 * passes without having run.
 */
export function describeWithTool(missing: string | undefined, name: string, body: () => void): void {
  if (!missing) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () =>
      it('has the tools it needs (CI installs them: .ci/run)', () => {
        throw new Error(`${name}: ${missing}`);
      }),
    );
    return;
  }
  process.stdout.write(`SKIPPED ${name}: ${missing}\n`);
  describe.skip(name, body);
}

/** The redis-server binary of the machine, if any. */
function redisServerBinary(): string | undefined {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
}

/** Why a Redis of the test's own cannot be started here (undefined: it can). */
export function redisMissing(): string | undefined {
  return redisServerBinary() ? undefined : 'redis-server is not installed (Debian package redis-server)';
}

/** A Redis server of the test's own (never the shared one), stopped and started on the same port. */
export interface ThrowawayRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(): Promise<ThrowawayRedis> {
  const binary = redisServerBinary();
  if (!binary) throw new Error(redisMissing());
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const server = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => {
      if (!child) return;
      const server = child;
      child = undefined;
      server.kill('SIGKILL');
      await exitOf(server);
    },
  };
}

/**
 * A PostgreSQL server of the test's own in a temporary folder (initdb + pg_ctl from the machine's
 * PostgreSQL binaries), to stop and start again: a real outage without touching the shared server.
 * PostgreSQL refuses to run as root, so under root it runs as the `postgres` user.
 */
export interface ThrowawayPostgres {
  url: string;
  stop(): void;
  start(): void;
  remove(): void;
}

/** The newest PostgreSQL server binaries of the machine (Debian's layout), and who runs them. */
function postgresBinaries(): { bin: string; owner?: { uid: number; gid: number } } | string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version) return `no PostgreSQL server binaries under ${root} (Debian package postgresql)`;
  const bin = join(root, version, 'bin');
  if (process.getuid?.() !== 0) return { bin };
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) return 'running as root and there is no postgres user to run PostgreSQL';
  return { bin, owner: { uid: Number(id.stdout), gid: Number(gid.stdout) } };
}

/** Why a PostgreSQL of the test's own cannot be started here (undefined: it can). */
export function postgresMissing(): string | undefined {
  const found = postgresBinaries();
  return typeof found === 'string' ? found : undefined;
}

export async function startPostgres(): Promise<ThrowawayPostgres> {
  const found = postgresBinaries();
  if (typeof found === 'string') throw new Error(found);
  const { bin, owner } = found;
  const dir = mkdtempSync(join(tmpdir(), 'throwaway-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const run = (command: string, args: string[]) => {
    const argv = owner
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(argv[0] as string, argv[1] as string[], { encoding: 'utf8', timeout: 60000 });
    if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}${result.stdout}`);
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'site', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']);
  start();
  return {
    url: `postgres://site@127.0.0.1:${port}/postgres`,
    start,
    // "fast": what a restart or failover does: clients are disconnected, the server goes away.
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ROOT = join(__dirname, '../..');
export const BUILT_MAIN = join(ROOT, 'dist/src/main.js');
export const BUILT_SEED = join(ROOT, 'dist/src/cli/seed.js');

/** The built server (`node dist/src/main.js`) as production runs it, on a free port of 127.0.0.1. */
export interface BuiltServer {
  port: number;
  child: ChildProcess;
  /** Everything it wrote (JSON log lines). */
  output(): string;
  alive(): boolean;
  kill(): Promise<void>;
}

export async function startBuiltServer(env: NodeJS.ProcessEnv): Promise<BuiltServer> {
  if (!existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} is missing: run \`npm run build:server\` first`);
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: BuiltServer = {
    port,
    child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: async () => {
      if (!server.alive()) return;
      child.kill('SIGKILL');
      await exitOf(child);
    },
  };
  await waitFor(
    'the server to be ready',
    async () => {
      if (!server.alive()) throw Object.assign(new Error(`server exited: ${output}`), { fatal: true });
      return (await httpGet(port, '/health/ready')).status === 200 ? true : undefined;
    },
    60000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  return server;
}

/** Runs the built seed command with this environment (migrations and the content pack). */
export function seedWithBuiltCommand(env: NodeJS.ProcessEnv): void {
  const seed = spawnSync(process.execPath, [BUILT_SEED], { env, encoding: 'utf8', timeout: 120000 });
  if (seed.status !== 0) throw new Error(`seed failed (${seed.status}): ${seed.stderr}${seed.stdout}`);
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

/** One GET on its own connection (Connection: close), with the time it took. */
export function httpGet(port: number, path: string, host = 'produits.localhost', timeoutMs = 10000): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { Host: host, Connection: 'close' }, timeout: timeoutMs },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}
