import { z } from 'zod';
import {
  flatSlug,
  hexColor,
  html,
  int,
  isoDateTime,
  key,
  linkUrl,
  money,
  optionalText,
  perLocale,
  reference,
  str,
  text,
} from './fields';

/**
 * A product (SPEC §3 "Product"), both languages: the content pack's file
 * (content/catalogue/products/*.json) and the body of `POST /api/v1/product`, one definition.
 * Brands, expertises, needs, sales plans and associates are named by their keys (references for
 * products); the write path resolves them.
 */

export const PRODUCT_IMAGE_SHAPES = ['box', 'bottle', 'tube', 'jar', 'sachet', 'stick'] as const;

const volumeDiscount = z
  .strictObject({ quantity_min: int(1, 100_000), quantity_max: int(1, 100_000), price: money })
  .refine((d) => d.quantity_min < d.quantity_max, {
    message: 'quantity_min must be below quantity_max',
    path: ['quantity_max'],
  });

/** `active_ingredient_N`: an active ingredient (vocabulary key) and its amount per dose. */
const activeIngredientSlide = z.strictObject({ ingredient: key, amount: optionalText(100) });
const ACTIVE_SLIDE = /^active_ingredient_[1-9][0-9]?$/;

/** The caracteristics besides the active_ingredient_N slides. */
const caracteristicsShape = {
  galenic_format: 1,
  flavour: 1,
  color: 1,
  diner_type: 1,
  labels: 1,
  active_ingredient: 1,
  not_sold_in_store: 1,
  case_to_recycle: 1,
  embed_push_video: 1,
  units_ufc: 1,
  slide_product: 1,
};

/** Language-neutral caracteristics keyed by technical name (SPEC §3). */
export const caracteristicsSchema = z
  .object({
    galenic_format: key.nullish(),
    flavour: key.nullish(),
    color: key.nullish(),
    diner_type: key.nullish(),
    labels: z.array(key).max(30).optional(),
    active_ingredient: z.array(key).max(30).optional(),
    not_sold_in_store: z.boolean().optional(),
    case_to_recycle: z.enum(['on']).nullish(),
    embed_push_video: z
      .string()
      .regex(/^[A-Za-z0-9_-]{11}$/, 'an 11-character video id')
      .nullish(),
    units_ufc: z.number().int().min(0).max(100_000).nullish(),
    slide_product: z
      .array(z.enum(['packshot', 'content']))
      .max(2)
      .optional(),
  })
  .catchall(activeIngredientSlide)
  .superRefine((value, ctx) => {
    const known = new Set(Object.keys(caracteristicsShape));
    for (const name of Object.keys(value))
      if (!known.has(name) && !ACTIVE_SLIDE.test(name))
        ctx.addIssue({ code: 'custom', path: [name], message: 'unknown caracteristic' });
  });

const documentSchema = z.strictObject({
  type: z.enum(['pdf']),
  title: perLocale(text(200)),
  file: z
    .string()
    .max(200)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*\.pdf$/, 'a file name like fiche-abc.pdf'),
});

interface Compound {
  name: string;
  label: Partial<Record<string, string>>;
  unit: string;
  values: Record<string, string>;
  children: Compound[];
}
const compound: z.ZodType<Compound> = z.lazy(() =>
  z.strictObject({
    name: key,
    label: perLocale(text(200)),
    unit: str(20),
    values: z.record(key, str(50)),
    children: z.array(compound).max(50),
  }),
);

/** The nutrition table (SPEC §3 "Nutrition table"). */
export const nutritionSchema = z.strictObject({
  quantity: perLocale(text(200)),
  quantity_value: str(50),
  columns: z
    .array(
      z.strictObject({
        key,
        label: perLocale(text(200)),
        sub_columns: z.array(z.strictObject({ key, label: perLocale(text(200)) })).max(10),
      }),
    )
    .max(10),
  compounds: z.array(compound).max(100),
  mentions: z.array(z.enum(['vnr1', 'aet2', 'djm3', 'aqr4', 'ui5', 'ajr6'])).max(6),
});

const pushPromoteText = z.strictObject({ text: text(300), label_link: text(200), url_link: linkUrl });
/** The promotion block of a product page (SPEC §3 push_promote): per locale, its text and link. */
export const pushPromoteSchema = z
  .object({ background: hexColor, packshot: z.boolean() })
  .catchall(pushPromoteText)
  .superRefine((value, ctx) => {
    for (const name of Object.keys(value))
      if (!['background', 'packshot', 'fr', 'de', 'it', 'es', 'nl'].includes(name))
        ctx.addIssue({ code: 'custom', path: [name], message: 'a locale, background or packshot' });
  });

/** The per-language texts: name, slug, meta description and the text caracteristics. */
export const productTextsSchema = z.strictObject({
  name: text(200),
  slug: flatSlug,
  meta_description: str(500).default(''),
  tagline: optionalText(500),
  legal_denomination: optionalText(1000),
  description: str(100_000).nullish(),
  intro_text: optionalText(2000),
  marketing_description: optionalText(2000),
  legal_notices: optionalText(5000),
  usage_instructions: str(100_000).nullish(),
  ingredients: str(100_000).nullish(),
  gourmet_advice: optionalText(2000),
  conservation: optionalText(2000),
  recommandation: optionalText(2000),
  duration: optionalText(200),
  weight: optionalText(200),
  volume: optionalText(200),
  precautions__use: optionalText(5000),
  do_you_know: optionalText(5000),
  packaging_label: optionalText(200),
});

/** The product's text fields that hold HTML (sanitised when stored). */
export const PRODUCT_HTML_TEXTS = ['description', 'usage_instructions', 'ingredients'] as const;

export const faqSchema = perLocale(z.strictObject({ question: text(500), answer: html }));

export const productSchema = z
  .strictObject({
    reference,
    ean: z.string().regex(/^[0-9]{8,14}$/, '8 to 14 digits'),
    brand: key,
    product_type: key,
    expertises: z.array(key).max(30),
    needs: z.array(key).max(50),
    published: z.boolean(),
    sales_plans: z.array(key).min(1).max(20),
    price: money,
    original_price: money.nullable(),
    volume_discounts: z.array(volumeDiscount).max(20),
    is_new_from: isoDateTime.nullable(),
    is_new_to: isoDateTime.nullable(),
    is_new_formulae: z.boolean(),
    promoted: z.boolean(),
    is_free: z.boolean(),
    position: int(0),
    packaging_group: key.nullable(),
    associates: z.array(reference).max(50),
    image: z.strictObject({ shape: z.enum(PRODUCT_IMAGE_SHAPES), color: hexColor }),
    caracteristics: caracteristicsSchema,
    documents: z.array(documentSchema).max(20),
    nutrition: nutritionSchema.nullable(),
    push_promote: pushPromoteSchema.nullable(),
    texts: perLocale(productTextsSchema),
    faqs: z.array(faqSchema).max(100),
  })
  .superRefine((p, ctx) => {
    if (!p.texts.fr) ctx.addIssue({ code: 'custom', path: ['texts', 'fr'], message: 'every product has French' });
    if (p.associates.includes(p.reference))
      ctx.addIssue({ code: 'custom', path: ['associates'], message: 'a product is not its own associate' });
    if (p.is_new_from && p.is_new_to && Date.parse(p.is_new_from) > Date.parse(p.is_new_to))
      ctx.addIssue({ code: 'custom', path: ['is_new_to'], message: 'must not be before is_new_from' });
  });

export type ProductContent = z.output<typeof productSchema>;
export type ProductCaracteristicsContent = z.output<typeof caracteristicsSchema>;
