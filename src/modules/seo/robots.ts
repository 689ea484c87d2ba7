import { buildPath, type Locale } from '../../../contracts/route-table';

/**
 * robots.txt of a host (its language's paths): crawl traps closed — search results, any URL with a
 * query (sorts, price ranges, displays, the finder's searches), previews, the API, the editors' login —
 * and the host's sitemap index. Filtered list paths stay crawlable: their pages say `noindex, follow`.
 */
export function robotsTxt(locale: Locale, origin: string): string {
  const results = buildPath('results', locale);
  return [
    'User-agent: *',
    `Disallow: ${results}$`,
    `Disallow: ${results}/`,
    'Disallow: /*?',
    'Disallow: /preview/',
    'Disallow: /api/',
    `Disallow: ${buildPath('login', locale)}`,
    `Disallow: ${buildPath('logout', locale)}`,
    `Disallow: ${buildPath('confirmation', locale)}`,
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
