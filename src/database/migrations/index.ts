import type { Migration } from 'kysely';
import * as m0001 from './0001-platform';
import * as m0002 from './0002-search-extensions';

/** Every migration, in order. Listed explicitly so the compiled build needs no directory scan. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': m0001,
  '0002-search-extensions': m0002,
};
