import type { Migration } from 'kysely';
import * as m0001 from './0001-platform';
import * as m0002 from './0002-search-extensions';
import * as m0003 from './0003-catalogue';
import * as m0004 from './0004-facet-summary';
import * as m0005 from './0005-redirection-locale';
import * as m0006 from './0006-cms';
import * as m0007 from './0007-editors';
import * as m0008 from './0008-localities';
import * as m0013 from './0013-product-listing';
import * as m0015 from './0015-search';
import * as m0016 from './0016-stores';
import * as m0016b from './0016-stores-position';
import * as m0017 from './0017-contact';
import * as m0018 from './0018-locality-name-search';
import * as m0026 from './0026-search-sales-plans';

/** Every migration, in order. Listed explicitly so the compiled build needs no directory scan. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': m0001,
  '0002-search-extensions': m0002,
  '0003-catalogue': m0003,
  '0004-facet-summary': m0004,
  '0005-redirection-locale': m0005,
  '0006-cms': m0006,
  '0007-editors': m0007,
  '0008-localities': m0008,
  '0013-product-listing': m0013,
  '0015-search': m0015,
  '0016-stores': m0016,
  '0016-stores-position': m0016b,
  '0017-contact': m0017,
  '0018-locality-name-search': m0018,
  '0026-search-sales-plans': m0026,
};
