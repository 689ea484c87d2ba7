/** The sitemap protocol's XML (sitemaps.org 0.9) with hreflang alternates (xhtml:link). Pure. */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  loc: string;
  lastmod?: Date | null;
  alternates: Array<{ hreflang: string; href: string }>;
}

const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/** W3C date (the day is enough for search engines; no time zone surprises). */
export function w3cDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';

export function urlEntry(url: SitemapUrl): string {
  let out = `<url><loc>${escapeXml(url.loc)}</loc>`;
  if (url.lastmod && !Number.isNaN(url.lastmod.getTime())) out += `<lastmod>${w3cDate(url.lastmod)}</lastmod>`;
  for (const a of url.alternates)
    out += `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`;
  return `${out}</url>\n`;
}

export function sitemapIndex(locations: string[]): string {
  const items = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${items}</sitemapindex>\n`;
}

/** How many files a sitemap of `count` URLs takes (at least one, which may be empty). */
export function fileCount(count: number, max = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(count / max));
}

/** File name of part `n` (1-based) of a sitemap type: sitemap-products.xml, sitemap-products-2.xml… */
export function sitemapFile(type: string, n: number): string {
  return n === 1 ? `sitemap-${type}.xml` : `sitemap-${type}-${n}.xml`;
}

/** The type and part of a sitemap file name, or null. */
export function parseSitemapFile(name: string, types: readonly string[]): { type: string; part: number } | null {
  const m = /^sitemap-([a-z]+)(?:-([2-9]|[1-9][0-9]{1,3}))?\.xml$/.exec(name);
  if (!m || !types.includes(m[1])) return null;
  return { type: m[1], part: m[2] ? Number(m[2]) : 1 };
}
