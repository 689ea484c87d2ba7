import { fileCount, parseSitemapFile, sitemapFile, SITEMAP_MAX_URLS, urlEntry } from './sitemap-xml';

describe('sitemap files', () => {
  it('splits at 50,000 URLs per file', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(fileCount(0)).toBe(1);
    expect(fileCount(50_000)).toBe(1);
    expect(fileCount(50_001)).toBe(2);
    expect(fileCount(100_000)).toBe(2);
    expect(fileCount(100_001)).toBe(3);
  });

  it('names the parts and reads the names back', () => {
    expect(sitemapFile('products', 1)).toBe('sitemap-products.xml');
    expect(sitemapFile('products', 2)).toBe('sitemap-products-2.xml');
    expect(parseSitemapFile('sitemap-products-2.xml', ['products'])).toEqual({ type: 'products', part: 2 });
    expect(parseSitemapFile('sitemap-products.xml', ['products'])).toEqual({ type: 'products', part: 1 });
    for (const bad of [
      'sitemap-products-1.xml',
      'sitemap-products-02.xml',
      'sitemap-other.xml',
      'sitemap-products.xml.gz',
    ])
      expect(parseSitemapFile(bad, ['products'])).toBeNull();
  });

  it('escapes URLs in the XML', () => {
    const xml = urlEntry({
      loc: 'https://h/a?b=1&c=<2>',
      lastmod: new Date('2026-01-02T23:00:00Z'),
      alternates: [{ hreflang: 'fr-CH', href: "https://h/'x'" }],
    });
    expect(xml).toBe(
      '<url><loc>https://h/a?b=1&amp;c=&lt;2&gt;</loc><lastmod>2026-01-02</lastmod>' +
        '<xhtml:link rel="alternate" hreflang="fr-CH" href="https://h/&apos;x&apos;"/></url>\n',
    );
  });
});
