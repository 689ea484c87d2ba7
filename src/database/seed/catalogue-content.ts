import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  brandFaqsSchema,
  brandSchema,
  describeIssues,
  expertiseSchema,
  needSchema,
  productSchema,
  vocabulariesSchema,
  type BrandContent,
  type ExpertiseContent,
  type FaqContent,
  type NeedContent,
  type ProductContent,
} from '../content-schema';
import type { CategoryPush } from '../schema';

export type { BrandContent, ExpertiseContent, FaqContent, NeedContent, ProductContent };

export type VocabularyContent = z.output<typeof vocabulariesSchema>;

export interface CatalogueContent {
  vocabularies: VocabularyContent;
  brands: BrandContent[];
  expertises: ExpertiseContent[];
  needs: NeedContent[];
  products: ProductContent[];
  brandFaqs: Record<string, FaqContent[]>;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`content: cannot read ${path}: ${(error as Error).message}`);
  }
}

/**
 * Reads and checks the catalogue pack with the content schemas (src/database/content-schema, the
 * same ones the write API checks its bodies with): every problem of every file is reported
 * together, each naming the file and the field, and nothing is loaded.
 */
export function loadCatalogue(dir: string): CatalogueContent | null {
  const root = join(dir, 'catalogue');
  if (!existsSync(join(root, 'brands.json'))) return null;
  const errors: string[] = [];
  const check = <S extends z.ZodType>(schema: S, file: string, raw: unknown, where = file): z.output<S> => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    errors.push(...describeIssues(where, raw, parsed.error.issues));
    return undefined as z.output<S>;
  };
  const list = <S extends z.ZodType>(schema: S, file: string): Array<z.output<S>> => {
    const raw = readJson(join(root, file));
    if (!Array.isArray(raw)) {
      errors.push(`${file}: must be a list`);
      return [];
    }
    return raw
      .map((item, i) => check(schema, file, item, `${file}, ${String((item as { key?: unknown })?.key ?? i)}`))
      .filter((x) => x !== undefined);
  };
  const productsDir = join(root, 'products');
  const products = existsSync(productsDir)
    ? readdirSync(productsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => check(productSchema, f, readJson(join(productsDir, f)), `products/${f}`))
        .filter((p) => p !== undefined)
    : [];
  const faqsFile = join(root, 'brand_faqs.json');
  const content: CatalogueContent = {
    vocabularies: check(vocabulariesSchema, 'vocabularies.json', readJson(join(root, 'vocabularies.json'))),
    brands: list(brandSchema, 'brands.json'),
    expertises: list(expertiseSchema, 'expertises.json'),
    needs: list(needSchema, 'needs.json'),
    products,
    brandFaqs: existsSync(faqsFile) ? check(brandFaqsSchema, 'brand_faqs.json', readJson(faqsFile)) : {},
  };
  if (errors.length) throw new Error(`content: invalid catalogue content\n  ${errors.join('\n  ')}`);
  return content;
}

/** Pushes of an expertise, per locale, in the stored shape. */
export function pushesFor(expertise: ExpertiseContent, locale: string): CategoryPush[] {
  return (expertise.pushes_expertise ?? [])
    .map((push) => {
      const text = push[locale] as Partial<CategoryPush> | undefined;
      if (!text) return null;
      return {
        title: text.title ?? '',
        text: text.text ?? '',
        link_label: text.link_label ?? '',
        url: text.url ?? '',
        theme: String(push.theme ?? 'default'),
      };
    })
    .filter((p): p is CategoryPush => p !== null);
}
