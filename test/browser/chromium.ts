import { accessSync, constants } from 'node:fs';

/** Where the browser specs find Chromium (Debian's package by default). No Jest globals here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the Chromium the specs drive is there (an executable file at CHROMIUM_PATH). */
export function chromiumAvailable(path = CHROMIUM_PATH): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Said once, before the specs, when Chromium is missing (test/browser/global-setup.ts; scripts/test.mjs for `npm test`). */
export const CHROMIUM_MISSING = `Browser specs need Chromium at ${CHROMIUM_PATH} (Debian/Ubuntu: apt-get install chromium, or set CHROMIUM_PATH); it is not there, so they are skipped.`;
