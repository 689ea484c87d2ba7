import sanitizeHtml from 'sanitize-html';

/**
 * CMS and content HTML is sanitised before it reaches a page (ARCHITECTURE "security"): structural
 * and text tags only, http(s)/mailto/tel or site-relative links, no scripts, styles, handlers or
 * iframes. External links get rel="noopener noreferrer".
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'sup',
    'sub',
    'small',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'abbr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    abbr: ['title'],
    th: ['scope', 'colspan'],
    td: ['colspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external
          ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' }
          : { href: attribs.href ?? '#', ...(attribs.title ? { title: attribs.title } : {}) },
      };
    },
  },
};

export function sanitize(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}
