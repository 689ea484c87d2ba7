import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CategoryPush,
  NutritionTable,
  ProductCaracteristics,
  ProductDocument,
  ProductImage,
  PushPromote,
  VolumeDiscount,
} from '../schema';

type PerLocale<T> = Record<string, T>;

export interface VocabularyContent {
  [kind: string]: Record<string, Record<string, unknown>>;
}

export interface BrandContent {
  key: string;
  name: string;
  class: string;
  color: string;
  corner: boolean;
  texts: PerLocale<{ slug: string; description: string; name?: string }>;
}

export interface ExpertiseContent {
  key: string;
  class: string;
  parent: string | null;
  position: number;
  texts: PerLocale<{ name: string; slug: string; text: string; banner_title: string; meta_description: string }>;
  pushes_expertise?: Array<Record<string, unknown>>;
}

export interface NeedContent {
  key: string;
  parent: string | null;
  order: number;
  texts: PerLocale<{ label: string; slug: string }>;
}

export interface FaqContent {
  [locale: string]: { question: string; answer: string };
}

/** One product of the content pack (content/catalogue/products/*.json), both languages. */
export interface ProductContent {
  reference: string;
  ean: string;
  brand: string;
  product_type: string;
  expertises: string[];
  needs: string[];
  published: boolean;
  sales_plans: string[];
  price: number;
  original_price: number | null;
  volume_discounts: VolumeDiscount[];
  is_new_from: string | null;
  is_new_to: string | null;
  is_new_formulae: boolean;
  promoted: boolean;
  is_free: boolean;
  position: number;
  packaging_group: string | null;
  associates: string[];
  image: ProductImage;
  caracteristics: ProductCaracteristics;
  documents: ProductDocument[];
  nutrition: NutritionTable | null;
  push_promote: PushPromote | null;
  texts: PerLocale<Record<string, string | null> & { name: string; slug: string; meta_description: string }>;
  faqs: FaqContent[];
}

export interface CatalogueContent {
  vocabularies: VocabularyContent;
  brands: BrandContent[];
  expertises: ExpertiseContent[];
  needs: NeedContent[];
  products: ProductContent[];
  brandFaqs: Record<string, FaqContent[]>;
}

function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new Error(`content: cannot read ${path}: ${(error as Error).message}`);
  }
}

export function loadCatalogue(dir: string): CatalogueContent | null {
  const root = join(dir, 'catalogue');
  if (!existsSync(join(root, 'brands.json'))) return null;
  const productsDir = join(root, 'products');
  const products = existsSync(productsDir)
    ? readdirSync(productsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => readJson<ProductContent>(join(productsDir, f)))
    : [];
  return {
    vocabularies: readJson(join(root, 'vocabularies.json')),
    brands: readJson(join(root, 'brands.json')),
    expertises: readJson(join(root, 'expertises.json')),
    needs: readJson(join(root, 'needs.json')),
    products,
    brandFaqs: existsSync(join(root, 'brand_faqs.json')) ? readJson(join(root, 'brand_faqs.json')) : {},
  };
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
