/** Temporary folders of the e2e specs' embedded databases (test/support/app.ts): `<prefix>seeded-<pid>`, `<prefix>app-<pid>-…`. */
export const E2E_FOLDER_PREFIX = 'catalogue-e2e-';
