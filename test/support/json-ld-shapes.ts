import { z } from 'zod';

/**
 * The structured data of the pages, checked at run time: one strict zod shape per schema.org @type
 * the site emits, holding what the search engine's rich result requires and recommends
 * (developers.google.com/search/docs/appearance/structured-data: WebSite sitelinks search box,
 * Organization, BreadcrumbList, Product snippet, Article, FAQPage, VideoObject, LocalBusiness). Strict:
 * a misspelt or unexpected property fails as surely as a missing one. The builders themselves are
 * typed with schema-dts (src/common/seo/json-ld.ts); these shapes are the run-time side.
 */
const context = z.literal('https://schema.org');
/** An absolute http(s) URL that names something (never a site root standing in for a picture). */
const absoluteUrl = z.url({ protocol: /^https?$/ });
const pictureUrl = absoluteUrl.refine((u) => new URL(u).pathname !== '/', 'a picture, not the site root');
const text = z.string().trim().min(1);
/** ISO 8601 date, or date and time with its offset. */
const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const isoDuration = z.string().regex(/^P(\d+D)?T(?=\d)(\d+H)?(\d+M)?(\d+S)?$/, 'an ISO 8601 duration');
const organization = z.strictObject({ '@type': z.literal('Organization'), name: text });

export const webSiteShape = z.strictObject({
  '@context': context,
  '@type': z.literal('WebSite'),
  name: text,
  url: absoluteUrl,
  inLanguage: z.string().regex(/^[a-z]{2}$/),
  potentialAction: z.strictObject({
    '@type': z.literal('SearchAction'),
    target: z.strictObject({
      '@type': z.literal('EntryPoint'),
      urlTemplate: absoluteUrl.and(z.string().includes('{search_term_string}')),
    }),
    'query-input': z.literal('required name=search_term_string'),
  }),
});

export const organizationShape = z.strictObject({
  '@context': context,
  '@type': z.literal('Organization'),
  name: text,
  url: absoluteUrl,
  logo: pictureUrl,
  contactPoint: z.strictObject({ '@type': z.literal('ContactPoint'), telephone: text, contactType: text }).optional(),
  sameAs: z.array(absoluteUrl).optional(),
});

export const breadcrumbShape = z
  .strictObject({
    '@context': context,
    '@type': z.literal('BreadcrumbList'),
    itemListElement: z
      .array(
        z.strictObject({
          '@type': z.literal('ListItem'),
          position: z.int().positive(),
          name: text,
          item: absoluteUrl.optional(),
        }),
      )
      .min(1),
  })
  .refine((b) => b.itemListElement.every((e, i) => e.position === i + 1), 'positions 1, 2, 3… in order')
  .refine((b) => b.itemListElement.slice(0, -1).every((e) => e.item), 'every crumb but the last links to its page');

export const productShape = z.strictObject({
  '@context': context,
  '@type': z.literal('Product'),
  name: text,
  description: text,
  sku: text,
  gtin13: z.string().regex(/^\d{13}$/),
  image: pictureUrl,
  url: absoluteUrl,
  brand: z.strictObject({ '@type': z.literal('Brand'), name: text }),
  // Product snippet: one of offers, review, aggregateRating; the site has offers only.
  offers: z.strictObject({
    '@type': z.literal('Offer'),
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.string().regex(/^[A-Z]{3}$/),
    availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
    url: absoluteUrl,
  }),
});

const articleFields = {
  '@context': context,
  headline: text.max(110),
  description: text,
  image: z.array(pictureUrl).min(1),
  datePublished: isoDate.optional(),
  dateModified: isoDate,
  inLanguage: z.string().regex(/^[a-z]{2}$/),
  mainEntityOfPage: absoluteUrl,
  author: organization,
  publisher: organization,
};
export const articleShape = z.strictObject({ '@type': z.literal('Article'), ...articleFields });
export const newsArticleShape = z.strictObject({ '@type': z.literal('NewsArticle'), ...articleFields });

export const faqPageShape = z.strictObject({
  '@context': context,
  '@type': z.literal('FAQPage'),
  mainEntity: z
    .array(
      z.strictObject({
        '@type': z.literal('Question'),
        name: text,
        acceptedAnswer: z.strictObject({ '@type': z.literal('Answer'), text }),
      }),
    )
    .min(1),
});

export const videoObjectShape = z.strictObject({
  '@context': context,
  '@type': z.literal('VideoObject'),
  name: text,
  description: text.optional(),
  thumbnailUrl: z.array(pictureUrl).min(1),
  uploadDate: z.iso.datetime({ offset: true }),
  duration: isoDuration,
  embedUrl: z.url({ protocol: /^https$/ }),
  interactionStatistic: z
    .strictObject({
      '@type': z.literal('InteractionCounter'),
      interactionType: z.strictObject({ '@type': z.literal('WatchAction') }),
      userInteractionCount: z.int().nonnegative(),
    })
    .optional(),
});

export const pharmacyShape = z.strictObject({
  '@context': context,
  '@type': z.literal('Pharmacy'),
  name: text,
  url: absoluteUrl,
  telephone: text.optional(),
  address: z.strictObject({
    '@type': z.literal('PostalAddress'),
    streetAddress: text,
    postalCode: z.string().regex(/^\d{4}$/),
    addressLocality: text,
    addressCountry: z.string().regex(/^[A-Z]{2}$/),
  }),
  geo: z.strictObject({
    '@type': z.literal('GeoCoordinates'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
});

/** Every @type a page may carry, and its shape. */
export const JSON_LD_SHAPES = {
  WebSite: webSiteShape,
  Organization: organizationShape,
  BreadcrumbList: breadcrumbShape,
  Product: productShape,
  Article: articleShape,
  NewsArticle: newsArticleShape,
  FAQPage: faqPageShape,
  VideoObject: videoObjectShape,
  Pharmacy: pharmacyShape,
} as const;
export type JsonLdType = keyof typeof JSON_LD_SHAPES;

/** Problems of one JSON-LD block (its @type unknown, or each property that breaks its shape). */
export function jsonLdProblems(block: unknown): string[] {
  const type = (block as { '@type'?: unknown })?.['@type'];
  if (typeof type !== 'string' || !(type in JSON_LD_SHAPES)) return [`unknown @type ${JSON.stringify(type)}`];
  const result = JSON_LD_SHAPES[type as JsonLdType].safeParse(block);
  return result.success ? [] : result.error.issues.map((i) => `${type}.${i.path.join('.') || '(block)'}: ${i.message}`);
}
