import type { SiteContext } from '../site/site.types';

/** What GET /url/entity answers for a page (SPEC §7 "Entity by URL"). */
export type PageEntityAnswer = { items: Array<Record<string, unknown>> } | { code: 301; slug: string };

/**
 * Editorial pages by type and slug, for the entity lookup the catalogue's API serves (the cms
 * feature provides it, as for ProductArticles: the catalogue never imports the cms feature).
 */
export abstract class PageEntities {
  /** Published page of `type` with this slug in the site's language, or the 301 to its new slug, or null. */
  abstract entity(site: SiteContext, type: string, slug: string, parents: boolean): Promise<PageEntityAnswer | null>;
}
