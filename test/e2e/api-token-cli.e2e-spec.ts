import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FR, startTestApp, type TestApp } from '../support/app';
import { productBody, removeTestContent, write } from '../support/write-api';

/**
 * `npm run api-token:create` / `api-token:revoke` as an operator runs them (the built
 * `dist/src/cli/api-token.js`) against the app's own database: create prints a token once that
 * writes, revoke makes it answer 401. On the PostgreSQL server of DATABASE_URL (CI's server-backed
 * run); on the embedded database the app holds its data folder, so the CLI cannot share it and the
 * commands are checked on a folder of their own. CI builds first; locally `npm run build:server`.
 */
const CLI = join(__dirname, '../../dist/src/cli/api-token.js');

describe('api-token command (e2e)', () => {
  let t: TestApp;
  const run = (args: string[], env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60000 });

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build:server\` first`);
    t = await startTestApp();
  });

  afterAll(async () => {
    await removeTestContent(t);
    await t.app.close();
  });

  it('refuses bad arguments with the usage, and unknown scopes with a message', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: ':memory:', LOG_LEVEL: 'warn' };
    const usage = run(['create', '--name', 'x'], env);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('npm run api-token:create -- --name pim --scopes products,pages --shops 1');
    const scope = run(['create', '--name', 'x', '--scopes', 'products,widgets', '--shops', '1'], env);
    expect(scope.status).toBe(1);
    expect(scope.stderr).toContain('unknown: widgets');
    expect(run(['create', '--name', 'x', '--scopes', 'products', '--shops', 'one'], env).status).toBe(1);
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    'creates a token that writes, printed once, and revokes it (401)',
    async () => {
      const env = { NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'warn' };
      const name = `cli-${Date.now()}`;
      const created = run(['create', '--name', name, '--scopes', 'products,pages', '--shops', '1'], env);
      expect({ status: created.status, stderr: created.stderr }).toEqual({ status: 0, stderr: '' });
      const line = JSON.parse(created.stdout) as { token: string; id: number; scopes: string[]; shops: number[] };
      expect(line).toMatchObject({ name, scopes: ['products', 'pages'], shops: [1] });
      expect(line.token).toMatch(/^api_\d+\.[A-Za-z0-9_-]{43}$/);
      const row = await t.db.selectFrom('api_token').selectAll().where('id', '=', line.id).executeTakeFirstOrThrow();
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(line.token.split('.')[1]);
      await write(t, 'post', 'product', `Bearer ${line.token}`, productBody('cli'), FR).expect(201);
      expect(run(['create', '--name', name, '--scopes', 'pages', '--shops', 'all'], env).status).toBe(1);
      const revoked = run(['revoke', '--name', name], env);
      expect(revoked.status).toBe(0);
      expect(JSON.parse(revoked.stdout)).toMatchObject({ msg: 'token revoked', name });
      // The app keeps a token's row at most a second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await write(t, 'post', 'product', `Bearer ${line.token}`, productBody('cli2'), FR).expect(401);
      expect(run(['revoke', '--name', name], env).status).toBe(1);
    },
  );
});
