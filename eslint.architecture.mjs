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
 *   src/modules/<a>       another feature only through its public face, src/modules/<b>/index.ts
 *   everywhere            no import cycle (import-x/no-cycle; type-only cycles: the architecture spec)
 *
 * Test files (`*.spec.ts`, test/) may import across layers: they are not part of the layering.
 */

/** The shared server layers that sit below the feature modules. */
export const SHARED_LAYERS = ['src/common', 'src/render', 'src/cache', 'src/database', 'src/config'];

/**
 * TEMPORARY (issue 8, server side): files of the shared layers that still import a feature module. The
 * shared-layers rule is off for them only; whoever moves these imports out deletes the file's line, and
 * the list goes when it is empty. Never add a file here.
 */
export const SHARED_LAYER_EXCEPTIONS = [
  'src/common/errors/all-exceptions.filter.ts', // ShopService (the error page's shop)
  'src/common/http/request-types.ts', // SiteContext (req.site)
  'src/common/security/ip-filter.middleware.ts', // isProbeRequest (health)
  'src/render/render.service.ts', // ShopService (shell data), SiteContext
  'src/render/cached-page.ts', // SiteContext
];

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

/**
 * The zones of import-x/no-restricted-paths, relative to `root`. `withShared` false leaves out the
 * shared-layers zone (for SHARED_LAYER_EXCEPTIONS only).
 */
function zones(root, withShared = true) {
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
    ...(withShared
      ? [
          {
            target: SHARED_LAYERS.map((layer) => `./${layer}`),
            from: './src/modules',
            message:
              'The shared layers (common, render, cache, database, config) never import a feature module: move the shared part down.',
          },
        ]
      : []),
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
 * `exceptions: false` leaves SHARED_LAYER_EXCEPTIONS out (the architecture spec checks each is still needed).
 * @param {string} root
 * @param {{ exceptions?: boolean }} [options]
 * @returns {import('eslint').Linter.Config[]}
 */
export function architecture(root, { exceptions = true } = {}) {
  const restricted = (withShared) => ['error', { basePath: root, zones: zones(root, withShared) }];
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
        'import-x/no-restricted-paths': restricted(true),
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    ...(exceptions && SHARED_LAYER_EXCEPTIONS.length
      ? [{ files: SHARED_LAYER_EXCEPTIONS, rules: { 'import-x/no-restricted-paths': restricted(false) } }]
      : []),
    { files: TEST_FILES, rules: { 'import-x/no-restricted-paths': 'off' } },
  ];
}
