/**
 * Four projects: unit specs beside the code, repository specs (test/repository: the SQL against
 * PGlite, or the PostgreSQL server with DATABASE_URL), end-to-end specs (supertest, real app, embedded
 * database or the PostgreSQL/Redis servers when DATABASE_URL/REDIS_URL are set), browser specs
 * (Debian's Chromium through playwright-core against a started production build).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testEnvironment: 'node',
  moduleNameMapper: { '\\.css$': '<rootDir>/test/support/style-stub.js' },
};
module.exports = {
  testTimeout: 120000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/contracts/**/*.spec.ts',
        '<rootDir>/views/**/*.spec.ts?(x)',
        '<rootDir>/client/**/*.spec.ts',
        '<rootDir>/test/architecture/**/*.spec.ts',
      ],
    },
    // SQL of the repositories against a real database (PGlite, or the server with DATABASE_URL).
    { ...common, displayName: 'repository', testMatch: ['<rootDir>/test/repository/**/*.repo-spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      // Removes the seeded embedded database the specs copy from, and the copies (test/support/app.ts).
      globalTeardown: '<rootDir>/test/support/e2e-teardown.ts',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      // Says once when Chromium is missing; the specs then skip (test/browser/support.ts).
      globalSetup: '<rootDir>/test/browser/global-setup.ts',
    },
  ],
};
