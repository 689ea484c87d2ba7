import { CHROMIUM_MISSING, chromiumAvailable } from './chromium';

/**
 * Runs once before the browser specs: on a machine without Chromium it says so, once, and the specs
 * (written with `describeInBrowser`) are skipped rather than failed. `npm test` (scripts/test.mjs)
 * says it up front instead and leaves this step out.
 */
export default function globalSetup(): void {
  if (!chromiumAvailable()) process.stdout.write(`\n${CHROMIUM_MISSING}\n\n`);
}
