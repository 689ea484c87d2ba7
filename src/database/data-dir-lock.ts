import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database is one process's: PGlite keeps its state in memory and writes it back to
 * DATA_DIR, so a second process (a seed or `editor:create` while the site runs) would write changes
 * the first never sees and overwrites when it stops. The first process to open the folder holds a
 * lock file with its pid; another live process is refused with a message saying what to do. A lock
 * left by a process that died is taken over.
 */
export class DataDirInUseError extends Error {}

export const LOCK_FILE = 'pglite-in-use.pid';

/** Whether a process is running (signal 0 only asks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `dir` is DATA_DIR: the lock file sits beside the `pglite` folder, never inside it (PGlite takes a
 * non-empty folder for an existing database).
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  let holder: number | null = null;
  try {
    holder = Number(readFileSync(file, 'utf8').trim()) || null;
  } catch {
    holder = null;
  }
  if (holder !== null && holder !== process.pid && processAlive(holder))
    throw new DataDirInUseError(
      `the embedded database in ${dir} is in use by process ${holder}: stop that process first ` +
        '(the embedded database serves one process at a time), or use a PostgreSQL server (DATABASE_URL)',
    );
  writeFileSync(file, String(process.pid));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
