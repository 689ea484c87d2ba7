import { Injectable, Logger } from '@nestjs/common';
import { AppCache } from '../../cache/app-cache.service';
import { safeRedirectTarget, samePath } from '../../common/http/safe-redirect';
import type { SiteContext } from '../shop';
import { DomainException } from '../../common/errors/domain.exception';
import { RedirectionRepository } from './redirection.repository';

export interface Redirect {
  type: number;
  url: string;
}

interface Rule {
  match: 'url' | 'path' | 'host';
  source: string;
  target: string;
  code: number;
}

/** Segments that only marked "current" news and are dropped from URLs (SPEC §2.1). */
const NEWS_SEGMENTS = new Set(['en-ce-moment', 'derzeit']);
const HOME_ALIASES = new Set(['/index', '/fr', '/de']);

/**
 * Redirections (SPEC §2.1): built-in rules (home aliases, news segments) then the rules of the shop's
 * site in the visitor's language (and those for every language) from the database, matched against
 * url (path + query), path and host before any page renders. A failure to
 * read the rules is logged and the page goes on (SPEC §8).
 */
@Injectable()
export class RedirectionService {
  private readonly logger = new Logger(RedirectionService.name);

  constructor(
    private readonly repository: RedirectionRepository,
    private readonly cache: AppCache,
  ) {}

  async find(site: SiteContext, hostname: string, path: string, search: string): Promise<Redirect | null> {
    const builtIn = this.builtIn(path, search);
    if (builtIn) return builtIn;
    let rules: Rule[];
    try {
      rules = await this.cache.getOrSet(rulesKey(site), () => this.repository.findForSite(site.shop.id, site.locale));
    } catch (error) {
      this.logger.warn(`redirections unavailable: ${(error as Error).message}`);
      return null;
    }
    return matchRule(rules, hostname, path, search);
  }

  /**
   * `find` without waiting, for the page cache's fast lane: undefined when the site's rules are not
   * in this process's memory (the ordinary pipeline then asks `find`).
   */
  findNow(site: SiteContext, hostname: string, path: string, search: string): Redirect | null | undefined {
    const builtIn = this.builtIn(path, search);
    if (builtIn) return builtIn;
    const rules = this.cache.peekNow<Rule[]>(rulesKey(site));
    return rules && matchRule(rules, hostname, path, search);
  }

  /**
   * The API's lookup (SPEC §7 "Redirections"): the same rules as the middleware for the address named by
   * `url` (path and query), `path` and `origin` (the host; the request's own when absent). At least one of
   * url and path; when both, they name the same path. No rule: 404.
   */
  async lookup(
    site: SiteContext,
    query: { url?: string; path?: string; origin?: string },
  ): Promise<{ data: Redirect }> {
    if (query.url === undefined && query.path === undefined)
      throw DomainException.invalidInput({ url: 'url or path is required' });
    const queryAt = query.url?.indexOf('?') ?? -1;
    const urlPath = query.url === undefined ? undefined : queryAt >= 0 ? query.url.slice(0, queryAt) : query.url;
    if (urlPath !== undefined && query.path !== undefined && urlPath !== query.path)
      throw DomainException.invalidInput({ path: 'path must be the path of url when both are given' });
    const path = (urlPath ?? query.path) as string;
    const search = query.url !== undefined && queryAt >= 0 ? query.url.slice(queryAt) : '';
    const hostname = query.origin
      ? query.origin
          .replace(/^https?:\/\//i, '')
          .replace(/\/$/, '')
          .replace(/:[0-9]+$/, '')
          .toLowerCase()
      : site.hostname;
    const redirect = await this.find(site, hostname, path, search);
    if (!redirect) throw DomainException.notFound('No redirection for this address');
    return { data: redirect };
  }

  private builtIn(path: string, search: string): Redirect | null {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (HOME_ALIASES.has(trimmed)) return { type: 301, url: '/' + search };
    const segments = path.split('/');
    if (segments.some((s) => NEWS_SEGMENTS.has(s))) {
      const kept = segments.filter((s) => s !== '' && !NEWS_SEGMENTS.has(s)).join('/');
      return { type: 301, url: samePath(kept) + search };
    }
    return null;
  }
}

const rulesKey = (site: SiteContext) => `redirection:${site.shop.id}:${site.locale}`;

/** The first rule matching url (path + query), path or host; a path target keeps the visitor's query. */
function matchRule(rules: Rule[], hostname: string, path: string, search: string): Redirect | null {
  const url = path + search;
  for (const rule of rules) {
    const subject = rule.match === 'url' ? url : rule.match === 'path' ? path : hostname;
    if (subject !== rule.source) continue;
    const target = safeRedirectTarget(rule.target);
    if (!target) continue;
    // A path target keeps the visitor's query unless it brings its own.
    const keepQuery = rule.match !== 'url' && target.startsWith('/') && !target.includes('?');
    return { type: rule.code, url: keepQuery ? target + search : target };
  }
  return null;
}
