import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const MISSING = 'Browser specs need Chromium at /nowhere/chromium';

/** A new user's first `npm test` on a machine without Chromium (README "Run the tests"). */
describe('npm test without Chromium (e2e)', () => {
  let bin: string;

  beforeAll(() => {
    // A stand-in npm that records the scripts it is asked to run, so the steps are seen, not run.
    bin = mkdtempSync(join(tmpdir(), 'fake-npm-'));
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "$@" >> "${join(bin, 'calls')}"\n`);
    chmodSync(join(bin, 'npm'), 0o755);
  });

  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  const runTestCommand = (chromium: string) => {
    rmSync(join(bin, 'calls'), { force: true });
    const run = spawnSync(process.execPath, ['scripts/test.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CHROMIUM_PATH: chromium },
    });
    return { ...run, calls: readFileSync(join(bin, 'calls'), 'utf8').trim().split('\n') };
  };

  it('says once, up front, that browser specs need Chromium, and runs everything else', () => {
    const sut = runTestCommand('/nowhere/chromium');
    expect(sut.status).toBe(0);
    expect(sut.stdout.startsWith(MISSING)).toBe(true);
    expect(sut.stdout.split(MISSING)).toHaveLength(2);
    expect(sut.calls).toEqual(['run build', 'run test:unit', 'run test:e2e']);
  });

  it('runs the browser specs too when Chromium is there', () => {
    const sut = runTestCommand(process.execPath);
    expect(sut.status).toBe(0);
    expect(sut.stdout).not.toContain('Browser specs need');
    expect(sut.calls).toEqual(['run build', 'run test:unit', 'run test:e2e', 'run test:browser']);
  });

  it('the browser suite on its own skips its specs with that message, without errors', () => {
    const run = spawnSync(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--selectProjects', 'browser'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium' }, timeout: 90_000 },
    );
    const output = run.stdout + run.stderr;
    expect(run.status).toBe(0);
    expect(output.split(MISSING)).toHaveLength(2);
    expect(output).toMatch(/Tests: +\d+ skipped, \d+ total/);
    expect(output).not.toMatch(/failed|TypeError|Cannot read properties/);
  });
});
