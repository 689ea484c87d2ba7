import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../../src/database/data-dir-lock';
import { E2E_FOLDER_PREFIX } from './e2e-folders';

/**
 * After the e2e specs: the seeded database and the copies the apps ran on (test/support/app.ts) are
 * removed, those of this run (its process, or its workers, gone by now) and those an interrupted run
 * left. Another run going on at the same time keeps its own (their process is alive).
 */
export default function removeE2eFolders(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(E2E_FOLDER_PREFIX)) continue;
    const pid = Number(/-(\d+)(-|$)/.exec(name.slice(E2E_FOLDER_PREFIX.length))?.[1]);
    if (!pid || pid === process.pid || !processAlive(pid))
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}
