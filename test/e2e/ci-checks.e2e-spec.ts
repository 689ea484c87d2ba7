import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `.ci/run` runs `npm run lint` and `npm run typecheck` before the tests, and a failing check fails the
 * run and counts in its closing line. Its tools are stubs (npm, node, apt-get first on PATH) that
 * write down how they were called: what is checked is the script, not the real checks.
 */
const SCRIPT = join(__dirname, '../../.ci/run');

const NPM_STUB = `#!/bin/sh
echo "$*" >> "$STUB_CALLS"
case "$1 $2" in
  "run lint") [ -n "$STUB_LINT_FAILS" ] && { echo "1 problem"; exit 1; }; exit 0 ;;
  "run typecheck") [ -n "$STUB_TYPES_FAIL" ] && exit 2; exit 0 ;;
  "test "*) echo "Tests:       2 passed, 2 total"; exit 0 ;;
  "run test:e2e") echo "Tests:       3 passed, 3 total"; exit 0 ;;
  "run test:repository") echo "Tests:       1 passed, 1 total"; exit 0 ;;
esac
exit 0
`;

describe('.ci/run checks (with stubbed tools)', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ci-checks-spec-'));
    mkdirSync(join(root, 'bin'));
    mkdirSync(join(root, 'tmp'));
    for (const [name, body] of Object.entries({
      npm: NPM_STUB,
      node: '#!/bin/sh\nexit 0\n',
      'apt-get': '#!/bin/sh\nexit 0\n',
    })) {
      writeFileSync(join(root, 'bin', name), body);
      chmodSync(join(root, 'bin', name), 0o755);
    }
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function run(env: Record<string, string> = {}): Promise<{ code: number | null; output: string; calls: string[] }> {
    const calls = join(root, 'calls');
    writeFileSync(calls, '');
    const child = spawn('bash', [SCRIPT], {
      env: {
        ...process.env,
        ...env,
        PATH: `${join(root, 'bin')}:${process.env.PATH}`,
        TMPDIR: join(root, 'tmp'),
        STUB_CALLS: calls,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((resolve) =>
      child.once('exit', (code) =>
        resolve({ code, output, calls: readFileSync(calls, 'utf8').split('\n').filter(Boolean) }),
      ),
    );
  }

  it('runs lint and the type check before the tests; green checks add no test count', async () => {
    const result = await run();
    expect(result.calls.filter((c) => !c.startsWith('ci'))).toEqual([
      'run lint',
      'run typecheck',
      'test',
      'run test:repository',
      expect.stringMatching(
        /^run test:e2e -- --testPathIgnorePatterns \/test\/e2e\/\(api-docs\|.*\)\\\.e2e-spec\\\.ts\$$/,
      ),
    ]);
    expect(result.output).toContain('6 passed, 0 failed, 0 skipped');
    expect(result.code).toBe(0);
  });

  it('a lint failure fails the run, is named, and counts as one failure', async () => {
    const result = await run({ STUB_LINT_FAILS: '1' });
    expect(result.output).toContain('failed step: lint (exit 1)');
    expect(result.output).toContain('6 passed, 1 failed, 0 skipped');
    expect(result.code).not.toBe(0);
    // The tests still run, so one CI run reports everything that is wrong.
    expect(result.calls).toContain('test');
  });

  it('a type error fails the run and counts as one failure', async () => {
    const result = await run({ STUB_TYPES_FAIL: '1' });
    expect(result.output).toContain('failed step: typecheck (exit 2)');
    expect(result.output).toContain('6 passed, 1 failed, 0 skipped');
    expect(result.code).not.toBe(0);
  });
});
