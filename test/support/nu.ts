import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The W3C Nu HTML checker (the `vnu-jar` package, pinned) run on server HTML. Java 17 runs it; one
 * JVM checks every page at once (a start costs seconds, a page milliseconds).
 */
const VNU_JAR = join(require.resolve('vnu-jar/package.json'), '..', 'build', 'dist', 'vnu.jar');

export const JAVA = process.env.JAVA ?? 'java';

/** Whether a Java runtime answers (the Nu checker needs one). */
export function javaAvailable(): boolean {
  return spawnSync(JAVA, ['-version'], { stdio: 'ignore' }).status === 0;
}

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * The Nu checker's errors for each page ({ name: html } in, { name: ["message | extract"] } out;
 * warnings and notes left out). Names become file names: letters, digits and dashes.
 */
export function nuErrors(pages: Record<string, string>): Record<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nu-'));
  try {
    const files = Object.entries(pages).map(([name, html]) => {
      const file = join(dir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.html`);
      writeFileSync(file, html);
      return { name, file };
    });
    const run = spawnSync(
      JAVA,
      ['-Xss8m', '-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', ...files.map((f) => f.file)],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
    );
    if (run.error) throw run.error;
    const messages = (JSON.parse(run.stdout) as { messages: NuMessage[] }).messages;
    const errors: Record<string, string[]> = Object.fromEntries(files.map((f) => [f.name, []]));
    for (const m of messages) {
      const page = files.find((f) => m.url?.endsWith(f.file.split('/').pop() as string));
      const text = `${m.message} | ${(m.extract ?? '').replace(/\s+/g, ' ').slice(0, 160)}`;
      (errors[page?.name ?? 'checker'] ??= []).push(text);
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
