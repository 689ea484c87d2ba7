// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The one-way dependency rules of docs/architecture.md ("Layers"), as ESLint rules. `eslint.config.mjs`
 * applies them to the repository; `test/architecture/architecture.spec.ts` applies them to files that
 * break each rule, so a rule that stops reporting fails the tests.
 *
 *   contracts/            imports nothing (no package, no other folder): pure TypeScript both sides share
 *   views/, client/       React and other packages, each other, contracts/ — never src/ (or test/, i18n/…)
 *   src/common, render,   never a feature module (src/modules/*)
 *   cache, database, config
 *   src/modules/<a>       another feature only through its public face, src/modules/<b>/index.ts;
 *                         never the seed (src/database/seed)
 *   everywhere            no import cycle (import-x/no-cycle; type-only cycles: the architecture spec)
 *
 * Test files (`*.spec.ts`, test/) may import across layers: they are not part of the layering.
 */

/** The shared server layers that sit below the feature modules. */
export const SHARED_LAYERS = ['src/common', 'src/render', 'src/cache', 'src/database', 'src/config'];

const TS_FILES = '**/*.{ts,tsx,mts,cts}';
const TEST_FILES = ['**/*.spec.ts', '**/*.spec.tsx', 'test/**'];

/** Feature folders under src/modules of the repository at `root` (each gets its own zone). */
function features(root) {
  const dir = join(root, 'src/modules');
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
}

/** The zones of import-x/no-restricted-paths, relative to `root`. */
function zones(root) {
  const names = features(root);
  return [
    {
      target: './contracts',
      from: '.',
      except: ['./contracts'],
      message: 'contracts/ imports nothing outside itself (no package either): it is shared by server and browser.',
    },
    {
      target: ['./views', './client'],
      from: '.',
      except: ['./views', './client', './contracts', './node_modules'],
      message:
        'views/ and client/ import React and other packages, each other and contracts/ only (never src/): move what both sides need to contracts/.',
    },
    {
      target: SHARED_LAYERS.map((layer) => `./${layer}`),
      from: './src/modules',
      message:
        'The shared layers (common, render, cache, database, config) never import a feature module: move the shared part down (a contract in src/common, implemented and provided by the feature).',
    },
    {
      target: './src/modules',
      from: './src/database/seed',
      message:
        'Features (their repositories included) never import the seed: what both need (table names, constants) goes in src/database/schema.ts.',
    },
    ...names.map((name) => ({
      target: `./src/modules/${name}`,
      from: './src/modules',
      except: [`./${name}`, ...names.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
      message: `A feature imports another feature only through its index.ts (src/modules/<feature>/index.ts), never its internals.`,
    })),
  ];
}

/**
 * The flat-config blocks that enforce the layers in the repository at `root` (absolute path).
 * @param {string} root
 * @returns {import('eslint').Linter.Config[]}
 */
export function architecture(root) {
  return [
    {
      files: [TS_FILES],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
        // Imported files are parsed with the linted file's parser (typescript-eslint's) to follow cycles.
        'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs'],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: zones(root) }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    { files: TEST_FILES, rules: { 'import-x/no-restricted-paths': 'off' } },
  ];
}
