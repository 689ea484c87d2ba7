// Writes contracts/translation-keys.ts: every translation key of i18n/fr (the reference language), so a
// missing or misspelt key fails `npm run typecheck` (contracts/i18n.ts derives the types from it).
//   node scripts/i18n-keys.mjs            rewrite the file (npm run i18n:keys)
//   node scripts/i18n-keys.mjs --stdout   print what the file should hold (contracts/i18n.spec.ts compares)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REFERENCE = join(ROOT, 'i18n/fr');
const OUTPUT = join(ROOT, 'contracts/translation-keys.ts');

/** Leaf keys of one locale folder ("product.faq.title"), sorted. */
export function translationKeys(folder = REFERENCE) {
  const keys = [];
  const walk = (prefix, value) => {
    if (typeof value === 'string') keys.push(prefix);
    else for (const [key, child] of Object.entries(value)) walk(`${prefix}.${key}`, child);
  };
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort())
    walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(folder, file), 'utf8')));
  return keys.sort();
}

export function render(keys = translationKeys()) {
  return [
    '// Generated from i18n/fr/*.json by `npm run i18n:keys` (scripts/i18n-keys.mjs): do not edit.',
    '// contracts/i18n.ts derives the key types from this list; contracts/i18n.spec.ts checks it is current.',
    'export const TRANSLATION_KEYS = [',
    ...keys.map((key) => `  '${key}',`),
    '] as const;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--stdout')) process.stdout.write(render());
  else {
    writeFileSync(OUTPUT, render());
    console.log(`contracts/translation-keys.ts: ${translationKeys().length} keys`);
  }
}
