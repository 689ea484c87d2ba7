import type { RouteMatch } from '../../render/render.service';
import type { SiteContext } from '../site/site.types';

declare module 'express-serve-static-core' {
  interface Request {
    site?: SiteContext;
    pageRoute?: RouteMatch;
  }
  interface Locals {
    cspNonce?: string;
    /** Set by `markPrivate`: the answer is for this visitor only (never cached). */
    privateResponse?: boolean;
    /** The page cache's epoch when the request began (PageCache.set keeps no page of an older one). */
    pageEpoch?: number;
  }
}

export {};
