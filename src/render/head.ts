import type { Locale } from '../../contracts/route-table';
import { serializeJson } from '../../views/serialize';
import type { PageAssets } from './manifest';
import { META_DESCRIPTION_MAX, truncate, type PageHead } from './page-view';

export interface HeadInput {
  head: PageHead;
  appTitle: string;
  locale: Locale;
  countryCode: string;
  canonicalUrl?: string;
  /** hreflang -> absolute URL of the same content in that language. */
  alternates: Array<{ hreflang: string; url: string }>;
  assets: PageAssets;
  nonce: string;
  jsonLd: object[];
  siteName: string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The page title template of SPEC §9: "page title - app title". */
export function documentTitle(title: string, appTitle: string): string {
  return title && title !== appTitle ? `${title} - ${appTitle}` : appTitle;
}

export function renderHead(input: HeadInput): string {
  const { head, assets, nonce } = input;
  const title = escapeHtml(documentTitle(head.title, input.appTitle));
  const description = head.description ? escapeHtml(truncate(head.description, META_DESCRIPTION_MAX)) : '';
  const parts = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    description && `<meta name="description" content="${description}">`,
    head.noindex
      ? '<meta name="robots" content="noindex">'
      : head.noindexFollow
        ? '<meta name="robots" content="noindex, follow">'
        : '',
    input.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(input.canonicalUrl)}">` : '',
    ...input.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.url)}">`),
    `<meta property="og:type" content="${escapeHtml(head.ogType ?? 'website')}">`,
    `<meta property="og:title" content="${title}">`,
    description && `<meta property="og:description" content="${description}">`,
    input.canonicalUrl ? `<meta property="og:url" content="${escapeHtml(input.canonicalUrl)}">` : '',
    `<meta property="og:site_name" content="${escapeHtml(input.siteName)}">`,
    `<meta property="og:locale" content="${input.locale}_${input.countryCode.toUpperCase()}">`,
    head.ogImage ? `<meta property="og:image" content="${escapeHtml(head.ogImage)}">` : '',
    '<meta name="theme-color" content="#0b5d5a">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    assets.entry ? `<script type="module" src="${assets.entry}" nonce="${nonce}"></script>` : '',
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    ...input.jsonLd.map(
      (data) => `<script type="application/ld+json" nonce="${nonce}">${serializeJson(data)}</script>`,
    ),
  ];
  return parts.filter(Boolean).join('');
}
