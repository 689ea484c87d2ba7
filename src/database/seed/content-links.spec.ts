import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDir, loadSites, type MenuContent } from './content';

/**
 * The menus of every country's site point at needs that exist in the site's language (the Swiss
 * sites are also crawled end to end by test/e2e/links.e2e-spec.ts; the other countries' sites are
 * configuration only, so their menu links are checked here against the content pack).
 */
describe('site menus: need links', () => {
  const needs = JSON.parse(readFileSync(join(contentDir(), 'catalogue/needs.json'), 'utf8')) as Array<{
    texts: Record<string, { slug: string }>;
  }>;
  const slugsByLocale = new Map<string, Set<string>>();
  for (const need of needs) {
    for (const [locale, text] of Object.entries(need.texts)) {
      if (!slugsByLocale.has(locale)) slugsByLocale.set(locale, new Set());
      slugsByLocale.get(locale)!.add(text.slug);
    }
  }
  const NEED_PATH: Record<string, RegExp> = { fr: /^\/besoin\/([^/?#]+)$/, de: /^\/bedurfnis\/([^/?#]+)$/ };

  const urls = (items: MenuContent[]): string[] =>
    items.flatMap((item) => [...(item.url ? [item.url] : []), ...urls(item.children ?? [])]);

  const sites = loadSites().filter((site) => NEED_PATH[site.locale]);

  it.each(sites.map((site) => [`${site.shop}-${site.locale}`, site] as const))('%s', (_name, site) => {
    const slugs = slugsByLocale.get(site.locale)!;
    const missing = Object.values(site.menus)
      .flatMap(urls)
      .map((url) => NEED_PATH[site.locale].exec(url)?.[1])
      .filter((slug): slug is string => slug !== undefined && !slugs.has(slug));
    expect(missing).toEqual([]);
  });
});
