import { z } from 'zod';
import { faqSchema } from './product';
import { flatSlug, hexColor, int, key, optionalText, perLocale, str, text } from './fields';

/**
 * Needs and brands (SPEC §3), both languages: the content pack's files (content/catalogue/needs.json,
 * brands.json, brand_faqs.json) and the bodies of `POST /api/v1/need` and `POST /api/v1/brands`.
 */

export const needSchema = z
  .strictObject({
    key,
    /** The parent need's key (one level: a parent need has none). */
    parent: key.nullable(),
    order: int(0),
    texts: perLocale(z.strictObject({ label: text(200), slug: flatSlug })),
  })
  .superRefine((n, ctx) => {
    if (!n.texts.fr) ctx.addIssue({ code: 'custom', path: ['texts', 'fr'], message: 'every need has French' });
    if (n.parent === n.key) ctx.addIssue({ code: 'custom', path: ['parent'], message: 'a need is not its own parent' });
  });

export const brandSchema = z
  .strictObject({
    key,
    name: text(200),
    class: key,
    color: hexColor,
    corner: z.boolean(),
    /** Order in brand lists (the pack: the file's order). */
    position: int(0).optional(),
    texts: perLocale(
      z.strictObject({ slug: flatSlug, description: str(100_000).default(''), name: optionalText(200) }),
    ),
    /** The brand's FAQs (content/catalogue/brand_faqs.json); absent: left as they are. */
    faqs: z.array(faqSchema).max(100).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.texts.fr) ctx.addIssue({ code: 'custom', path: ['texts', 'fr'], message: 'every brand has French' });
  });

export const brandFaqsSchema = z.record(key, z.array(faqSchema));

export const expertiseSchema = z.strictObject({
  key,
  class: key,
  parent: key.nullable(),
  position: int(0),
  texts: perLocale(
    z.strictObject({
      name: text(200),
      slug: flatSlug,
      text: str(100_000),
      banner_title: str(500),
      meta_description: str(500),
    }),
  ),
  pushes_expertise: z.array(z.record(z.string(), z.unknown())).optional(),
});

/** Vocabularies: kind -> key -> labels per locale and extra fields. */
export const vocabulariesSchema = z.record(key, z.record(key, z.record(z.string(), z.unknown())));

export type NeedContent = z.output<typeof needSchema>;
export type BrandContent = z.output<typeof brandSchema>;
export type ExpertiseContent = z.output<typeof expertiseSchema>;
export type FaqContent = z.output<typeof faqSchema>;
