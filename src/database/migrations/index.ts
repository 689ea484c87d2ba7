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
import * as m0019 from './0019-content-write';
import * as m0020 from './0020-videos';
import * as m0021 from './0021-contact-exchanges';
import * as m0022 from './0022-store-map-tiles';
import * as m0026 from './0026-search-sales-plans';
import * as m0027 from './0027-product-listing-by-product';
import * as m0028 from './0028-search-index-by-kind';
import * as m0029 from './0029-facet-members';

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
  '0019-content-write': m0019,
  '0020-videos': m0020,
  '0021-contact-exchanges': m0021,
  '0022-store-map-tiles': m0022,
  '0026-search-sales-plans': m0026,
  '0027-product-listing-by-product': m0027,
  '0028-search-index-by-kind': m0028,
  '0029-facet-members': m0029,
};
