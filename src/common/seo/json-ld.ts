import type {
  Article,
  BreadcrumbList,
  FAQPage,
  NewsArticle,
  Organization,
  Pharmacy,
  Product,
  VideoObject,
  WebSite,
  WithContext,
} from 'schema-dts';

/**
 * The structured data of the pages (JSON-LD, schema.org), one small builder per type, typed with
 * schema-dts, with the properties each rich-result type requires. The head serializes them escaped
 * (views/serialize.ts), so no text in them can close the script element.
 */
const CONTEXT = 'https://schema.org' as const;

/** SearchAction's target needs a placeholder the search engine fills; the results route takes it in the path. */
export const SEARCH_TERM = '{search_term_string}';

/** The site and its search (home page): the results route with the text in its path. */
export function webSiteJsonLd(input: {
  origin: string;
  name: string;
  locale: string;
  /** The results path with SEARCH_TERM where the text goes. */
  searchTemplate: string;
}): WithContext<WebSite> {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: input.name,
    url: `${input.origin}/`,
    inLanguage: input.locale,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${input.origin}${input.searchTemplate}` },
      // schema-dts has no type for Google's "query-input" shorthand.
      ...({ 'query-input': 'required name=search_term_string' } as object),
    },
  };
}

/** The laboratory (home page). */
export function organizationJsonLd(input: {
  origin: string;
  name: string;
  logo: string;
  telephone?: string;
  sameAs?: string[];
}): WithContext<Organization> {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: input.name,
    url: `${input.origin}/`,
    logo: input.logo,
    ...(input.telephone
      ? { contactPoint: { '@type': 'ContactPoint', telephone: input.telephone, contactType: 'customer service' } }
      : {}),
    ...(input.sameAs?.length ? { sameAs: input.sameAs } : {}),
  };
}

/** An advice, innovation (Article) or news (NewsArticle) page. */
export function articleJsonLd(input: {
  type: 'Article' | 'NewsArticle';
  headline: string;
  description: string;
  /** Absolute URLs, ideally 16:9, 4:3 and 1:1, each at least 50,000 pixels (never the site root). */
  images: string[];
  datePublished?: string | null;
  dateModified: string | Date;
  locale: string;
  url: string;
  publisher: string;
}): WithContext<Article> | WithContext<NewsArticle> {
  const organization = { '@type': 'Organization', name: input.publisher } as const;
  return {
    '@context': CONTEXT,
    '@type': input.type,
    headline: input.headline,
    description: input.description,
    image: input.images,
    ...(input.datePublished ? { datePublished: input.datePublished } : {}),
    dateModified: input.dateModified instanceof Date ? input.dateModified.toISOString() : input.dateModified,
    inLanguage: input.locale,
    mainEntityOfPage: input.url,
    author: organization,
    publisher: organization,
  } as WithContext<Article> | WithContext<NewsArticle>;
}

/**
 * A product page (product snippet: the site shows products, it does not sell them): what it is, its
 * picture and the price a pharmacy asks, in stock (the page's store locator finds one).
 */
export function productJsonLd(input: {
  name: string;
  description: string;
  sku: string;
  gtin13: string;
  image: string;
  url: string;
  brand: string;
  price: number;
  /** ISO 4217 (CHF, EUR). */
  currency: string;
}): WithContext<Product> {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: input.name,
    description: input.description,
    sku: input.sku,
    gtin13: input.gtin13,
    image: input.image,
    url: input.url,
    brand: { '@type': 'Brand', name: input.brand },
    offers: {
      '@type': 'Offer',
      price: input.price.toFixed(2),
      priceCurrency: input.currency,
      availability: 'https://schema.org/InStock',
      url: input.url,
    },
  };
}

/** Questions and answers (product FAQ page, brand page); answers are HTML. */
export function faqPageJsonLd(items: Array<{ question: string; answer: string }>): WithContext<FAQPage> {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** One pharmacy of the finder. */
export function pharmacyJsonLd(input: {
  name: string;
  url: string;
  telephone?: string;
  streetAddress: string;
  postalCode: string;
  locality: string;
  country: string;
  latitude: number;
  longitude: number;
}): WithContext<Pharmacy> {
  return {
    '@context': CONTEXT,
    '@type': 'Pharmacy',
    name: input.name,
    url: input.url,
    ...(input.telephone ? { telephone: input.telephone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: input.streetAddress,
      postalCode: input.postalCode,
      addressLocality: input.locality,
      addressCountry: input.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: input.latitude, longitude: input.longitude },
  };
}

/** The breadcrumb trail (every page but the home page). */
export function breadcrumbJsonLd(
  trail: Array<{ label: string; href?: string }>,
  origin: string,
): WithContext<BreadcrumbList> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      ...(crumb.href ? { item: `${origin}${crumb.href}` } : {}),
    })),
  };
}

/**
 * One embedded video (home news video, video paragraph, product gallery): name, thumbnail and upload
 * date are what the rich result requires; the player is the privacy-enhanced embed (there is no media
 * file of our own for a contentUrl); views when the platform tells them.
 */
export function videoObjectJsonLd(input: {
  name: string;
  description: string;
  thumbnailUrl: string;
  uploadDate: string;
  duration: string;
  embedUrl: string;
  viewCount: number | null;
}): WithContext<VideoObject> {
  return {
    '@context': CONTEXT,
    '@type': 'VideoObject',
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    thumbnailUrl: [input.thumbnailUrl],
    uploadDate: input.uploadDate,
    duration: input.duration,
    embedUrl: input.embedUrl,
    ...(input.viewCount !== null
      ? {
          interactionStatistic: {
            '@type': 'InteractionCounter',
            interactionType: { '@type': 'WatchAction' },
            userInteractionCount: input.viewCount,
          },
        }
      : {}),
  };
}
