import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/app.config';
import { migrateToLatest, openDatabase } from '../database/database';
import { AuthRepository } from '../modules/auth/auth.repository';
import { AuthService, EditorAccountError } from '../modules/auth';

const USAGE = `usage:
  npm run editor:create -- --email someone@example.org   (password from stdin, or EDITOR_PASSWORD)
  npm run editor:disable -- --email someone@example.org`;

/**
 * Editor accounts (issue 9): `create` asks for the password (twice, without echo, on a terminal;
 * otherwise the first line of stdin, or EDITOR_PASSWORD for scripts) and refuses a weak one;
 * `disable` disables an account and ends its sessions. No account exists otherwise.
 */
async function main(): Promise<number> {
  let parsed: { positionals: string[]; values: { email?: string } };
  try {
    parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { email: { type: 'string' } } });
  } catch {
    parsed = { positionals: [], values: {} }; // an unknown option: the usage
  }
  const { positionals, values } = parsed;
  const [command] = positionals;
  if ((command !== 'create' && command !== 'disable') || !values.email || positionals.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const accounts = new AuthService(new AuthRepository(db), config);
    if (command === 'disable') {
      const done = await accounts.disableEditor(values.email);
      report(done ? { msg: 'editor disabled', email: values.email } : { msg: 'no such editor', email: values.email });
      return done ? 0 : 1;
    }
    const password = await readPassword();
    const editor = await accounts.createEditor(values.email, password);
    report({ msg: 'editor created', id: editor.id, email: editor.email });
    return 0;
  } catch (error) {
    if (!(error instanceof EditorAccountError)) throw error;
    process.stderr.write(`editor not created: ${error.message}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

function report(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.EDITOR_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!process.stdin.isTTY) return firstLine(await readAll(process.stdin));
  const first = await prompt('Password (at least 12 characters): ');
  const again = await prompt('Password again: ');
  if (first !== again) throw new EditorAccountError('the two passwords differ');
  return first;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function firstLine(text: string): string {
  return text.split(/\r?\n/)[0] ?? '';
}

/** Reads one line from the terminal without echoing what is typed. */
function prompt(question: string): Promise<string> {
  process.stdout.write(question);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`editor command failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
