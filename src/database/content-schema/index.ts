/**
 * One definition of each resource's body (issue 15): the seed checks the content pack with these
 * schemas and the write API (src/modules/content-api) checks request bodies with the same ones. The
 * TypeScript types of the content are derived from them. Editorial pages: src/database/editorial-schema.ts.
 */
export * from './fields';
export * from './product';
export * from './catalogue';
export * from './store';
export * from './platform';
export { storedPageSchema, describeIssues, type StoredPage } from '../editorial-schema';
