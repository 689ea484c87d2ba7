/**
 * robots.txt of a host: everything may be crawled but the JSON API, and the host's sitemap index.
 *
 * Crawl traps are closed by the pages themselves, not here (docs/architecture.md "Search engines"):
 * search results, lists with more than one filter or a sort, finder searches, previews, the login and
 * confirmation pages say `noindex` in their robots meta, which a crawler only reads if it may fetch
 * them. A URL blocked here can still be indexed from the links to it (without its text), and its
 * `noindex` is never seen.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
