import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/app.config';
import { migrateToLatest, openDatabase } from '../database/database';
import { ApiTokenRepository } from '../modules/content-api/api-token.repository';
import { ApiTokenError, ApiTokenService, WRITE_RESOURCE_NAMES } from '../modules/content-api';

const USAGE = `usage:
  npm run api-token:create -- --name pim --scopes products,pages --shops 1   (--scopes '*' for every resource, --shops all)
  npm run api-token:revoke -- --name pim
scopes: ${WRITE_RESOURCE_NAMES.join(', ')}`;

/**
 * Bearer tokens of the write API (issue 15): `create` prints the token once (only its hash is
 * stored: a lost token is revoked and made again); `revoke` ends the live token of that name (its
 * next request answers 401).
 */
async function main(): Promise<number> {
  let parsed: { positionals: string[]; values: { name?: string; scopes?: string; shops?: string } };
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { name: { type: 'string' }, scopes: { type: 'string' }, shops: { type: 'string' } },
    });
  } catch {
    parsed = { positionals: [], values: {} };
  }
  const { positionals, values } = parsed;
  const [command] = positionals;
  const valid =
    positionals.length === 1 &&
    !!values.name &&
    ((command === 'create' && !!values.scopes && !!values.shops) ||
      (command === 'revoke' && !values.scopes && !values.shops));
  if (!valid) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const tokens = new ApiTokenService(new ApiTokenRepository(db));
    if (command === 'revoke') {
      const done = await tokens.revoke(values.name!);
      report(
        done ? { msg: 'token revoked', name: values.name } : { msg: 'no live token of that name', name: values.name },
      );
      return done ? 0 : 1;
    }
    const scopes = values
      .scopes!.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const shops =
      values.shops === 'all'
        ? null
        : values.shops!.split(',').map((s) => (/^\s*\d{1,10}\s*$/.test(s) ? Number(s) : NaN));
    const { id, token } = await tokens.create(values.name!, scopes, shops);
    report({
      msg: 'token created (shown once: store it now)',
      id,
      name: values.name,
      scopes,
      shops: shops ?? 'all',
      token,
    });
    return 0;
  } catch (error) {
    if (!(error instanceof ApiTokenError)) throw error;
    process.stderr.write(`token not created: ${error.message}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

function report(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`api-token command failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
