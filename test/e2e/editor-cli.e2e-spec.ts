import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/app.config';
import { openDatabase, type Database } from '../../src/database/database';
import { verifyPassword } from '../../src/modules/auth/password';

/**
 * `npm run editor:create` / `editor:disable` as an operator runs them (the built
 * `dist/src/cli/editor.js`): password from stdin or EDITOR_PASSWORD, weak passwords and taken
 * addresses refused, disabling. Embedded database in a temporary folder, or the PostgreSQL server of
 * DATABASE_URL. CI builds first (`npm test`); locally run `npm run build:server` before.
 */
const CLI = join(__dirname, '../../dist/src/cli/editor.js');

describe('editor accounts command (e2e)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const run = (args: string[], input = '', extra: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [CLI, ...args], { env: { ...env, ...extra }, input, encoding: 'utf8', timeout: 60000 });
  const email = (label: string) => `${label}.${randomBytes(5).toString('hex')}@Example.org`;

  /** Reads the account back (the embedded database is opened only while no command runs). */
  async function account(address: string) {
    let db: Database | undefined;
    try {
      db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: env.DATABASE_URL }));
      return await db
        .selectFrom('editor')
        .select(['email', 'password_hash', 'disabled'])
        .where('email', '=', address.toLowerCase())
        .executeTakeFirst();
    } finally {
      await db?.destroy();
    }
  }

  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build:server\` first`);
    dataDir = mkdtempSync(join(tmpdir(), 'editor-cli-'));
    env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', EDITOR_PASSWORD: '' };
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates an account with the password read from stdin, lower-cased, scrypt-hashed', async () => {
    const address = email('stdin');
    const res = run(['create', '--email', address], 'a password from stdin\nignored second line\n');
    expect({ status: res.status, stderr: res.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(res.stdout)).toMatchObject({ msg: 'editor created', email: address.toLowerCase() });
    const row = await account(address);
    expect(row).toMatchObject({ email: address.toLowerCase(), disabled: false });
    await expect(verifyPassword('a password from stdin', row!.password_hash)).resolves.toBe(true);
  });

  it('takes EDITOR_PASSWORD for scripts', async () => {
    const address = email('env');
    const res = run(['create', `--email=${address}`], '', { EDITOR_PASSWORD: 'a password from the env' });
    expect(res.status).toBe(0);
    await expect(verifyPassword('a password from the env', (await account(address))!.password_hash)).resolves.toBe(
      true,
    );
  });

  it('refuses a weak password and a taken address, creating nothing', async () => {
    const weak = email('weak');
    const short = run(['create', '--email', weak], 'too short\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
    expect(await account(weak)).toBeUndefined();
    const taken = email('taken');
    expect(run(['create', '--email', taken], 'first password 1\n').status).toBe(0);
    const again = run(['create', '--email', taken.toUpperCase()], 'second password 2\n');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists already');
    await expect(verifyPassword('first password 1', (await account(taken))!.password_hash)).resolves.toBe(true);
  });

  it('disables an account, and says so when there is none', async () => {
    const address = email('disable');
    expect(run(['create', '--email', address], 'to be disabled 1\n').status).toBe(0);
    const res = run(['disable', '--email', address]);
    expect(res.status).toBe(0);
    expect((await account(address))?.disabled).toBe(true);
    const none = run(['disable', '--email', email('nobody')]);
    expect(none.status).toBe(1);
    expect(JSON.parse(none.stdout)).toMatchObject({ msg: 'no such editor' });
  });

  it.each([
    [[]],
    [['create']],
    [['remove', '--email', 'a@b.ch']],
    [['create', 'extra', '--email', 'a@b.ch']],
    [['create', '--mail', 'a@b.ch']],
  ])('prints its usage for %j', (args) => {
    const res = run(args);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('npm run editor:create -- --email');
  });
});
