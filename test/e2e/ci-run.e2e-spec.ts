import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `.ci/run` with its tools replaced by stubs (npm, node, apt-get first on PATH): what the script does
 * with its own files, not the real install and test runs. Its temporary folder goes under a TMPDIR of
 * the test's own, which must be empty again once the script has exited, however it exits.
 */
const SCRIPT = join(__dirname, '../../.ci/run');

const NPM_STUB = `#!/bin/sh
case "$1" in
  ci) [ -n "$STUB_NPM_CI_FAILS" ] && exit 1; exit 0 ;;
  test) [ -n "$STUB_SLOW_TESTS" ] && { echo started > "$STUB_MARK"; sleep 30; }
        echo "Tests:       2 passed, 2 total"; exit 0 ;;
  run) echo "Tests:       3 passed, 3 total"; exit 0 ;;
esac
exit 0
`;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  leftovers: string[];
}

describe('.ci/run (with stubbed tools)', () => {
  let root: string;
  let bin: string;
  let tmp: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ci-run-spec-'));
    bin = join(root, 'bin');
    tmp = join(root, 'tmp');
    mkdirSync(bin);
    mkdirSync(tmp);
    for (const [name, body] of Object.entries({
      npm: NPM_STUB,
      node: '#!/bin/sh\nexit 0\n',
      'apt-get': '#!/bin/sh\nexit 0\n',
    })) {
      writeFileSync(join(bin, name), body);
      chmodSync(join(bin, name), 0o755);
    }
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function run(env: Record<string, string> = {}, whileRunning?: (pid: number) => Promise<void>): Promise<Run> {
    const child = spawn('bash', [SCRIPT], {
      env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}`, TMPDIR: tmp, STUB_MARK: join(root, 'mark') },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, stopped as a CI runner cancels a job (the stubs' sleep included).
      detached: true,
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<Run>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, output, leftovers: readdirSync(tmp) })),
    );
    if (whileRunning) void whileRunning(child.pid!);
    return exited;
  }

  it('removes its log folder after a green run', async () => {
    const result = await run();
    expect(result.output).toContain('8 passed, 0 failed, 0 skipped');
    expect(result.code).toBe(0);
    expect(result.leftovers).toEqual([]);
  });

  it('removes its log folder when a step fails', async () => {
    const result = await run({ STUB_NPM_CI_FAILS: '1' });
    expect(result.code).not.toBe(0);
    expect(result.leftovers).toEqual([]);
  });

  it('removes its log folder when it is stopped with SIGTERM', async () => {
    const result = await run({ STUB_SLOW_TESTS: '1' }, async (pid) => {
      // Once the (stubbed) test step runs, the log folder exists: stop the script there.
      for (let i = 0; i < 200 && !readdirSync(root).includes('mark'); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readdirSync(tmp)).toHaveLength(1);
      process.kill(-pid, 'SIGTERM');
    });
    expect(result.code === 0).toBe(false);
    expect(result.leftovers).toEqual([]);
  });
});
