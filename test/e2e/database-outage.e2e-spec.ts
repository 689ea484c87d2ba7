import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import {
  httpGet,
  seedWithBuiltCommand,
  startBuiltServer,
  describeWithTool,
  postgresMissing,
  startPostgres,
  waitFor,
  type Answer,
  type BuiltServer,
  type ThrowawayPostgres,
} from '../support/faults';
import { printFigure } from '../support/figures';

/**
 * Real PostgreSQL faults under the built server (`node dist/src/main.js`, as production runs it; run
 * `npm run build:server` first): connections killed with pg_terminate_backend on the suite's server,
 * and a whole outage of a throwaway PostgreSQL of the test's own, stopped and started again. Only in
 * the server-backed run (DATABASE_URL): the embedded database has no connections to lose.
 */
const SERVER = process.env.DATABASE_URL;
if (!SERVER)
  process.stdout.write(
    'database-outage.e2e-spec.ts skipped: DATABASE_URL is unset (PostgreSQL faults need a server; run the server-backed suite)\n',
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withApplicationName(url: string, name: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}application_name=${name}`;
}

function logEvents(server: BuiltServer): Array<{ level: string; msg: string }> {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string });
}

const baseEnv = (databaseUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  CSRF_SECRET: 'database-outage-spec-csrf-secret-0123456789',
  DATABASE_URL: databaseUrl,
  REDIS_URL: '', // the in-process cache: what the process itself keeps is under test
  LOG_LEVEL: 'info',
  SHUTDOWN_DRAIN_MS: '0',
  ...extra,
});

(SERVER ? describe : describe.skip)('PostgreSQL faults under the built server (e2e)', () => {
  let server: BuiltServer | undefined;

  afterEach(async () => {
    await server?.kill();
    server = undefined;
  });

  it('survives its connections being terminated (pg_terminate_backend) and keeps answering', async () => {
    const name = `site-fault-${randomBytes(4).toString('hex')}`;
    const env = baseEnv(withApplicationName(SERVER!, name));
    seedWithBuiltCommand(env);
    server = await startBuiltServer(env);
    const port = server.port;
    await httpGet(port, '/').then((r) => expect(r.status).toBe(200));

    // Pages that need the database (new query strings are new renders) requested without pause…
    const answers: Array<Answer | Error> = [];
    let running = true;
    const load = (async () => {
      for (let i = 0; running; i++)
        answers.push(await httpGet(port, `/produits?load=${i}`).catch((error: Error) => error));
    })();
    // … while every connection of this process is terminated, three times.
    const admin = new Client({ connectionString: SERVER });
    await admin.connect();
    let terminated = 0;
    try {
      for (let round = 0; round < 3; round++) {
        await sleep(400);
        const result = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
          [name],
        );
        terminated += result.rowCount ?? 0;
      }
      await sleep(400);
    } finally {
      running = false;
      await load;
      await admin.end();
    }

    expect(terminated).toBeGreaterThan(0);
    expect(server.alive()).toBe(true);
    // Nothing failed at the connection level; a request whose query was cut answers 503, never 500.
    expect(answers.filter((a) => a instanceof Error)).toEqual([]);
    const statuses = (answers as Answer[]).map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(statuses.length / 2);
    // And the pool heals: new connections, every page and readiness fine.
    expect((await httpGet(port, '/produits?after=1')).status).toBe(200);
    expect((await httpGet(port, '/health/ready')).status).toBe(200);
    // The server was there all along: each lost connection is logged, no outage is.
    const events = logEvents(server);
    expect(events.filter((e) => e.msg.startsWith('database connection closed')).length).toBeGreaterThan(0);
    expect(events.filter((e) => e.msg.startsWith('database unavailable'))).toEqual([]);
    printFigure(
      'PostgreSQL connections terminated under load',
      `${terminated} backends terminated in 3 rounds: ${statuses.length} requests, 0 failed at the connection level, ` +
        `${statuses.filter((s) => s === 503).length} answered 503, none 500; the process stayed up`,
    );
  });

  // A whole outage needs a PostgreSQL of the test's own, to stop and start (Debian package postgresql).
  if (SERVER)
    describeWithTool(postgresMissing(), 'a throwaway PostgreSQL stopped and started again', () => {
      let postgres: ThrowawayPostgres | undefined;
      afterAll(() => postgres?.remove());

      it('rides out a whole PostgreSQL outage and recovers without a restart', async () => {
        postgres = await startPostgres();
        // Everything the process caches expires within a second: the outage outlasts it all.
        const env = baseEnv(postgres.url, { PAGE_CACHE_TTL_SECONDS: '1', CACHE_TTL_SECONDS: '1' });
        seedWithBuiltCommand(env);
        server = await startBuiltServer(env);
        const port = server.port;
        const cached = ['/', '/produits'];
        const before = new Map<string, string>();
        for (const path of cached) {
          const answer = await httpGet(port, path);
          expect(answer.status).toBe(200);
          before.set(path, answer.body.replace(/nonce="[^"]*"/g, ''));
        }

        postgres.stop();
        const uncachedMs: number[] = [];
        const readyMs: number[] = [];
        // Six seconds down: past the page cache (1 s), the read models (1 s) and their in-process copies (5 s).
        for (let i = 0; i < 12; i++) {
          for (const path of cached) {
            const answer = await httpGet(port, path);
            expect({ path, status: answer.status }).toEqual({ path, status: 200 });
            expect(answer.body.replace(/nonce="[^"]*"/g, '')).toBe(before.get(path));
          }
          const uncached = await httpGet(port, `/produits?during-outage=${i}`);
          expect(uncached.status).toBe(503);
          expect(uncached.headers['retry-after']).toBe('10');
          uncachedMs.push(uncached.ms);
          const ready = await httpGet(port, '/health/ready');
          expect(ready.status).toBe(503);
          expect(JSON.parse(ready.body)).toMatchObject({ checks: { database: false } });
          readyMs.push(ready.ms);
          expect((await httpGet(port, '/health/live')).status).toBe(200);
          await sleep(500);
        }
        expect(server.alive()).toBe(true);
        expect(Math.max(...uncachedMs)).toBeLessThan(2000);
        expect(Math.max(...readyMs)).toBeLessThan(2500);

        postgres.start();
        const back = Date.now();
        await waitFor('readiness after the outage', async () =>
          (await httpGet(port, '/health/ready')).status === 200 ? true : undefined,
        );
        const recoveredMs = Date.now() - back;
        expect((await httpGet(port, '/produits?after-outage=1')).status).toBe(200);
        expect(recoveredMs).toBeLessThan(5000);
        const events = logEvents(server);
        expect(events.filter((e) => e.level === 'warn' && e.msg.startsWith('database unavailable'))).toHaveLength(1);
        expect(events.filter((e) => e.msg === 'database available again')).toHaveLength(1);
        printFigure(
          'PostgreSQL outage',
          `uncached page answered 503 in at most ${Math.max(...uncachedMs)} ms, readiness 503 in at most ${Math.max(...readyMs)} ms`,
        );
        printFigure(
          'recovery after PostgreSQL returns',
          `ready again ${recoveredMs} ms after PostgreSQL accepted connections`,
        );
      });
    });
});
