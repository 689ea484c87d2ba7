import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let root: string | undefined;

/** The project folder (holds package.json), whether running from `src/` (tests) or `dist/src/`. */
export function projectRoot(): string {
  if (root) return root;
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) || dir.endsWith('dist')) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + __dirname);
    dir = parent;
  }
  root = dir;
  return dir;
}
