#!/usr/bin/env node
/**
 * `npm test`: build, then the unit, repository, end-to-end and browser specs, stopping at the first failing step.
 * The browser specs drive Chromium at CHROMIUM_PATH (default /usr/bin/chromium); on a machine
 * without it this says so once, up front, and leaves that step out instead of failing it.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let hasChromium = true;
try {
  accessSync(chromium, constants.X_OK);
} catch {
  hasChromium = false;
}
if (!hasChromium)
  console.log(
    `Browser specs need Chromium at ${chromium} (Debian/Ubuntu: apt-get install chromium, or set CHROMIUM_PATH); it is not there, so they are skipped.\n`,
  );

const steps = ['build', 'test:unit', 'test:repository', 'test:e2e', ...(hasChromium ? ['test:browser'] : [])];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const step of steps) {
  const { status, signal } = spawnSync(npm, ['run', step], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? (signal ? 1 : 0));
}
