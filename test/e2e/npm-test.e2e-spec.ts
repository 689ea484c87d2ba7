import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(sut.calls).toEqual(['run build', 'run test:unit', 'run test:repository', 'run test:e2e']);
  });

  it('runs the browser specs too when Chromium is there', () => {
    const sut = runTestCommand(process.execPath);
    expect(sut.status).toBe(0);
    expect(sut.stdout).not.toContain('Browser specs need');
    expect(sut.calls).toEqual([
      'run build',
      'run test:unit',
      'run test:repository',
      'run test:e2e',
      'run test:browser',
    ]);
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

/** A clone holds only this repository: what README and docs/ point to must be in it. */
describe('README and docs/ (e2e)', () => {
  const docs = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
    f.endsWith('.md'),
  );

  it.each(docs)('%s links and names only files of the repository', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((l) => !/^[a-z]+:/.test(l));
    const missing = links.filter((link) => !existsSync(join(ROOT, file.startsWith('docs/') ? 'docs' : '', link)));
    expect(missing).toEqual([]);
    expect(text).not.toMatch(/shared\/ARCHITECTURE|ARCHITECTURE\.md|SPEC\.md/);
  });

  it('README points to docs/architecture.md, which describes the folders that exist', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(docs/architecture.md)');
    const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const folders = [...architecture.matchAll(/^\| `([a-z/._-]+)` /gm)].map((m) => m[1].replace(/<feature>\/$/, ''));
    expect(folders.length).toBeGreaterThan(8);
    expect(folders.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
  });
});
