// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { architecture } from './eslint.architecture.mjs';

/**
 * Lint = correctness, not layout (Prettier owns layout: `prettier --check .` runs after ESLint in
 * `npm run lint`). TypeScript files get typescript-eslint's recommended rules plus the few type-aware
 * rules that catch real bugs in a Nest/Express server (a forgotten `await` or a promise handed to a
 * callback that ignores it); views/ and client/ get the React hooks rules.
 *
 * The layers (which folder may import which) and the ban on import cycles are in
 * eslint.architecture.mjs (docs/architecture.md "Layers").
 *
 * Deliberately NOT enabled: `consistent-type-imports` — its autofix turns constructor-parameter
 * imports into `import type`, which erases the runtime class Nest's dependency injection reads through
 * emitDecoratorMetadata.
 */
export default defineConfig(
  {
    // *.tmp.* are scratch files (git-ignored).
    ignores: [
      'dist/',
      'var/',
      'node_modules/',
      'coverage/',
      'content/',
      'bench/results/',
      'test-results/',
      '**/*.tmp.*',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // vite.config.ts sits outside tsconfig.json's folders: linted with default compiler options.
        projectService: { allowDefaultProject: ['*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      // Nest modules are classes with only decorators.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  ...architecture(import.meta.dirname),
  {
    files: ['views/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    // Served as they are to any browser (old ones included): classic scripts, no modules.
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // CommonJS files Node runs as they are (the embedded database's worker: src/database/pglite-worker.js).
    files: ['jest.config.js', 'test/support/*.js', 'src/database/pglite-worker.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.{ts,tsx}', 'test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-console': 'off' },
  },
  {
    // The command-line entry points write to the terminal on purpose.
    files: ['src/cli/**/*.ts', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
