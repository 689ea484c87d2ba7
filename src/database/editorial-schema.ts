import { z } from 'zod';
import type { PageType } from './schema';

/**
 * The schemas of editorial content (content/editorial/FORMAT.md): one per paragraph type, and the
 * page around them. The seed checks every page with them before writing anything, and the write API
 * (SPEC §7 generic resource) will check its bodies with the same definitions. An invalid page stops
 * the load with a message naming the page, the paragraph and the field (`describeIssues`).
 */

export const MOTIFS = [
  'microbiome',
  'capsules',
  'leaves',
  'citrus',
  'berries',
  'grains',
  'moon',
  'heart',
  'joints',
  'muscle',
  'sun',
  'water',
  'flower',
  'shield',
  'lab',
  'mountains',
  'family',
  'travel',
  'sport',
  'sleep',
  'skin',
  'hair',
  'plate',
  'sprout',
  'pharmacy',
  'map',
] as const;

export const PALETTES = [
  'blue',
  'navy',
  'green',
  'teal',
  'red',
  'orange',
  'purple',
  'yellow',
  'pink',
  'brown',
  'grey',
  'lactibiane',
  'insudiet',
  'formag',
  'noctalyne',
  'articoria',
  'cardiomer',
  'immunalpes',
  'eclatia',
] as const;

/** Paragraph themes: light, dark, the page's brand colour, or a palette name. */
export const THEMES = ['light', 'dark', 'brand', ...PALETTES] as const;

const text = z.string().trim().min(1, 'must not be empty');
const optionalText = z.string().nullish();
const html = z.string().trim().min(1, 'must not be empty');
const picture = z.strictObject({ motif: z.enum(MOTIFS), palette: z.enum(PALETTES) });
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/, 'lowercase a-z, 0-9, - and /');
const key = z.string().regex(/^[a-z0-9]+([-_][a-z0-9]+)*$/, 'lowercase a-z, 0-9, - and _');
/** A path of the site (one leading slash) or an https:// address. */
export const linkUrl = z
  .string()
  .refine(
    (v) => /^\/(?![/\\])[^\s]*$/.test(v) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v),
    'a site path or an https:// URL',
  );
const theme = z.enum(THEMES).nullish();
const reference = z.string().regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'a product reference');

/** Optional link: both label and URL, or neither. */
const linkFields = { link_label: optionalText, link_url: linkUrl.nullish() };
const bothOrNeither = (t: { link_label?: string | null; link_url?: string | null }) => !t.link_label === !t.link_url;
const linkPair = { message: 'link_label and link_url go together', path: ['link_url'] };

const cardItem = z.strictObject({ title: text, text });

/** Per type: the fields shared by both languages, and the fields of each language. */
export const PARAGRAPH_SCHEMAS = {
  text: { shared: {}, texts: z.strictObject({ title: optionalText, text: html }) },
  html: { shared: {}, texts: z.strictObject({ html }) },
  tagline: { shared: { theme }, texts: z.strictObject({ text }) },
  citation: { shared: { theme }, texts: z.strictObject({ text, author: text }) },
  text_image: {
    shared: { image: picture },
    texts: z.strictObject({ title: optionalText, text: html, ...linkFields }).refine(bothOrNeither, linkPair),
  },
  image_text: {
    shared: { image: picture },
    texts: z.strictObject({ title: optionalText, text: html, ...linkFields }).refine(bothOrNeither, linkPair),
  },
  text_above_image: { shared: { image: picture }, texts: z.strictObject({ title: optionalText, text: html }) },
  image_push: {
    shared: { image: picture },
    texts: z.strictObject({ title: text, text: optionalText, link_label: text, link_url: linkUrl }),
  },
  color_push: {
    shared: { background: z.enum(PALETTES) },
    texts: z.strictObject({ title: text, text: html, ...linkFields }).refine(bothOrNeither, linkPair),
  },
  color_with_image_push: {
    shared: { background: z.enum(PALETTES), image: picture },
    texts: z.strictObject({ title: text, text: html, ...linkFields }).refine(bothOrNeither, linkPair),
  },
  faq: {
    shared: {},
    texts: z
      .strictObject({
        title: optionalText,
        items: z.array(z.strictObject({ question: text, answer: html })).min(1),
        ...linkFields,
      })
      .refine(bothOrNeither, linkPair),
  },
  video: {
    shared: {
      // Its title, duration, dates… are the video's own data (content/media/videos.json).
      embed: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'an 11-character video id'),
    },
    texts: z.strictObject({ title: text, text: optionalText }),
  },
  slider: {
    shared: { items: z.array(z.strictObject({ image: picture })).min(1) },
    texts: z.strictObject({
      title: optionalText,
      items: z.array(z.strictObject({ title: text, text, ...linkFields }).refine(bothOrNeither, linkPair)).min(1),
    }),
  },
  horizontal_slider: {
    shared: { items: z.array(z.strictObject({ image: picture })).min(1) },
    texts: z.strictObject({ title: optionalText, items: z.array(cardItem).min(1) }),
  },
  steps_slider: {
    shared: {},
    texts: z.strictObject({ title: optionalText, items: z.array(cardItem).min(3).max(6) }),
  },
  small_cards_group: {
    shared: { items: z.array(z.strictObject({ icon: z.enum(MOTIFS) })).min(1) },
    texts: z.strictObject({ title: optionalText, items: z.array(cardItem).min(1) }),
  },
  white_cards_group: {
    shared: {},
    texts: z.strictObject({
      title: optionalText,
      items: z.array(z.strictObject({ title: text, text, ...linkFields }).refine(bothOrNeither, linkPair)).min(1),
    }),
  },
  products: {
    shared: { products: z.array(reference).min(1), allow_add_to_cart: z.boolean().default(false) },
    texts: z.strictObject({ title: optionalText }),
  },
  our_solutions: {
    shared: { products: z.array(reference).min(1) },
    texts: z.strictObject({ title: optionalText, text: optionalText }),
  },
  product_assortment_group: {
    shared: { items: z.array(z.strictObject({ image: picture, products: z.array(reference).min(1) })).min(1) },
    texts: z.strictObject({ title: optionalText, items: z.array(cardItem).min(1) }),
  },
  advice: { shared: { page: key }, texts: z.strictObject({ title: optionalText }) },
  advice_pages_group: { shared: { pages: z.array(key).min(1) }, texts: z.strictObject({ title: optionalText }) },
  store_locator: {
    // A product in context: the finder opens with its stockists marked (as from the product page).
    shared: { product: reference.optional() },
    texts: z.strictObject({ title: text, text: optionalText }),
  },
  opt_out_at_internet: { shared: {}, texts: z.strictObject({ title: text, text: html }) },
} as const;

export type StoredParagraphType = keyof typeof PARAGRAPH_SCHEMAS;
export const STORED_PARAGRAPH_TYPES = Object.keys(PARAGRAPH_SCHEMAS) as StoredParagraphType[];

/** The types whose shared `items` pair up by position with each language's `items`. */
const PAIRED_ITEMS: readonly StoredParagraphType[] = [
  'slider',
  'horizontal_slider',
  'small_cards_group',
  'product_assortment_group',
];

export const PAGE_TYPES = [
  'advice',
  'innovation',
  'standard',
  'brand_corner_main',
  'brand_corner_page',
  'brand_landing',
  'cms_page',
  'contact',
  'actualite',
] as const;

const pageText = z
  .strictObject({
    title: text,
    slug,
    old_slugs: z.array(slug).default([]),
    meta_title: z.string().default(''),
    meta_description: z.string().max(300).default(''),
    introduction: optionalText,
    content: optionalText,
    excerpt: z.string().default(''),
    link_label: optionalText,
    link_url: linkUrl.nullish(),
    ingredient: optionalText,
    description: optionalText,
    wording_presentation: optionalText,
    wording_solution: optionalText,
    contents_title: optionalText,
    contents_table_link_url: linkUrl.nullish(),
  })
  .refine((t) => !t.old_slugs.includes(t.slug), {
    message: 'the current slug is not an old slug',
    path: ['old_slugs'],
  });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO date (YYYY-MM-DD)');

const storedParagraph = z
  .looseObject({ key, type: z.string(), texts: z.record(z.string(), z.unknown()) })
  .superRefine((p, ctx) => {
    const schema = PARAGRAPH_SCHEMAS[p.type as StoredParagraphType];
    if (!schema) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: `unknown paragraph type "${p.type}"` });
      return;
    }
    const shared = z.strictObject({ key, type: z.string(), texts: z.unknown(), ...schema.shared }).safeParse(p);
    if (!shared.success) for (const issue of shared.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    for (const [locale, fields] of Object.entries(p.texts)) {
      const parsed = schema.texts.safeParse(fields);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['texts', locale, ...issue.path] });
      if (PAIRED_ITEMS.includes(p.type as StoredParagraphType)) {
        const sharedItems = (p as { items?: unknown[] }).items;
        const localItems = (fields as { items?: unknown[] } | null)?.items;
        if (Array.isArray(sharedItems) && Array.isArray(localItems) && sharedItems.length !== localItems.length)
          ctx.addIssue({
            code: 'custom',
            path: ['texts', locale, 'items'],
            message: `has ${localItems.length} items, the shared items ${sharedItems.length}`,
          });
      }
    }
  });

/** A page of the content pack, both languages (FORMAT.md "A page"). */
export const storedPageSchema = z
  .strictObject({
    key,
    type: z.enum(PAGE_TYPES),
    published: z.boolean().default(true),
    published_at: isoDate.nullish(),
    updated_at: isoDate.nullish(),
    highlighted: z.boolean().default(false),
    order: z.number().int().default(0),
    parent: key.nullish(),
    expertise: key.nullish(),
    need: key.nullish(),
    innovation_category: key.nullish(),
    brand: key.nullish(),
    title_outside_cover: z.boolean().default(false),
    cover: picture.nullish(),
    icon: z.enum(MOTIFS).nullish(),
    products: z.array(reference).default([]),
    linked_pages: z.array(key).default([]),
    link: z.union([z.strictObject({ paragraph: key }), z.strictObject({ url: z.string() })]).nullish(),
    toc: z.array(key).default([]),
    texts: z.record(z.string().regex(/^(fr|de|it|es|nl)$/, 'a locale'), pageText),
    paragraphs: z.array(storedParagraph).default([]),
  })
  .superRefine((page, ctx) => {
    const keys = new Set<string>();
    page.paragraphs.forEach((p, index) => {
      if (keys.has(p.key))
        ctx.addIssue({ code: 'custom', path: ['paragraphs', index, 'key'], message: `duplicate key ${p.key}` });
      keys.add(p.key);
      for (const locale of Object.keys(page.texts))
        if (!(locale in p.texts))
          ctx.addIssue({ code: 'custom', path: ['paragraphs', index, 'texts', locale], message: 'missing language' });
    });
    page.toc.forEach((k, index) => {
      if (!keys.has(k)) ctx.addIssue({ code: 'custom', path: ['toc', index], message: `no paragraph ${k}` });
    });
    if (page.link && 'paragraph' in page.link && !keys.has(page.link.paragraph))
      ctx.addIssue({ code: 'custom', path: ['link', 'paragraph'], message: `no paragraph ${page.link.paragraph}` });
    if (page.link)
      for (const [locale, t] of Object.entries(page.texts))
        if (!t.link_label)
          ctx.addIssue({ code: 'custom', path: ['texts', locale, 'link_label'], message: 'required with link' });
    if (!('fr' in page.texts))
      ctx.addIssue({ code: 'custom', path: ['texts', 'fr'], message: 'every page has French' });
  });

export type StoredPage = z.output<typeof storedPageSchema>;
export type StoredParagraph = StoredPage['paragraphs'][number];

export const innovationCategoriesSchema = z.array(
  z.strictObject({
    key,
    order: z.number().int(),
    texts: z.record(z.string(), z.strictObject({ name: text, slug })),
  }),
);

/**
 * Readable messages for a failed parse: `page <key>, paragraph <key> (<type>), texts.de.items.2.title:
 * must not be empty`.
 */
export function describeIssues(where: string, raw: unknown, issues: z.core.$ZodIssue[]): string[] {
  const paragraphs = (raw as { paragraphs?: Array<{ key?: unknown; type?: unknown }> })?.paragraphs;
  return issues.map((issue) => {
    const path = [...issue.path];
    let place = where;
    if (path[0] === 'paragraphs' && typeof path[1] === 'number') {
      const p = paragraphs?.[path[1]];
      place += `, paragraph ${String(p?.key ?? path[1])} (${String(p?.type ?? '?')})`;
      path.splice(0, 2);
    }
    const field = path.map(String).join('.') || '(record)';
    return `${place}, ${field}: ${issue.message}`;
  });
}

/**
 * The route family a page's slug answers on: slugs are unique per locale within it, and the old slugs
 * of a family redirect within it (SPEC §2.1: /conseil/{slug}, /qualite-innovation/{slug},
 * /marque/{slug}, /besoin/{slug}, /{brand}/{slug}, the catch-all /{slug}).
 */
export function routeFamily(type: PageType, brand: string | null | undefined, need: string | null | undefined): string {
  switch (type) {
    case 'advice':
      return 'advice';
    case 'innovation':
      return 'innovation';
    case 'brand_landing':
      return 'brand';
    case 'brand_corner_main':
    case 'brand_corner_page':
      return `brandCorner:${brand ?? ''}`;
    case 'standard':
      return need ? 'need' : 'cmsPage';
    default:
      return 'cmsPage';
  }
}
