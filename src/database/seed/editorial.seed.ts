import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import {
  describeIssues,
  innovationCategoriesSchema,
  routeFamily,
  storedPageSchema,
  type StoredPage,
} from '../editorial-schema';
import type { DB } from '../schema';
import { ContentWriteError } from '../content-write/errors';
import { upsertPages } from '../content-write/pages';

/** A page of the pack, checked, with the file it came from. */
export interface EditorialPage extends StoredPage {
  file: string;
}

export interface EditorialContent {
  categories: ReturnType<typeof innovationCategoriesSchema.parse>;
  pages: EditorialPage[];
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`content: cannot read ${path}: ${(error as Error).message}`);
  }
}

/**
 * Reads and checks the editorial pack (content/editorial). Every page is checked against the
 * schemas; all problems are reported together, each naming the page, the paragraph and the field.
 */
export function loadEditorial(dir: string): EditorialContent | null {
  const root = join(dir, 'editorial');
  if (!existsSync(join(root, 'pages'))) return null;
  const errors: string[] = [];
  const categoriesFile = join(root, 'innovation_categories.json');
  const categoriesRaw = existsSync(categoriesFile) ? readJson(categoriesFile) : [];
  const categories = innovationCategoriesSchema.safeParse(categoriesRaw);
  if (!categories.success)
    errors.push(...describeIssues('innovation_categories.json', categoriesRaw, categories.error.issues));
  const pages: EditorialPage[] = [];
  // Keys of every file, valid or not, so that one invalid page does not make its neighbours' links fail.
  const allKeys = new Set<string>();
  for (const type of readdirSync(join(root, 'pages')).sort()) {
    const folder = join(root, 'pages', type);
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const raw = readJson(join(folder, file));
      const rawKey = (raw as { key?: unknown })?.key;
      if (typeof rawKey === 'string') allKeys.add(rawKey);
      const parsed = storedPageSchema.safeParse(raw);
      const name = `page ${String((raw as { key?: unknown })?.key ?? file)} (pages/${type}/${file})`;
      if (!parsed.success) {
        errors.push(...describeIssues(name, raw, parsed.error.issues));
        continue;
      }
      if (parsed.data.type !== type) errors.push(`${name}, type: "${parsed.data.type}" in the folder of ${type}`);
      pages.push({ ...parsed.data, file: `pages/${type}/${file}` });
    }
  }
  errors.push(...crossCheck(pages, allKeys));
  if (errors.length) throw new Error(`content: invalid editorial content\n  ${errors.join('\n  ')}`);
  return { categories: categories.success ? categories.data : [], pages };
}

/** Keys between pages, and slugs unique per locale within a route family. */
function crossCheck(pages: EditorialPage[], allKeys: Set<string>): string[] {
  const errors: string[] = [];
  const exists = (k: string) => allKeys.has(k);
  const slugs = new Map<string, string>();
  for (const page of pages) {
    const name = `page ${page.key} (${page.file})`;
    if (pages.find((p) => p.key === page.key) !== page) errors.push(`${name}, key: used by another page too`);
    if (page.parent && !exists(page.parent)) errors.push(`${name}, parent: no page ${page.parent}`);
    page.linked_pages.forEach((k, i) => {
      if (!exists(k)) errors.push(`${name}, linked_pages.${i}: no page ${k}`);
    });
    for (const p of page.paragraphs) {
      const data = p as Record<string, unknown>;
      const refs = p.type === 'advice' ? [data.page] : p.type === 'advice_pages_group' ? (data.pages as unknown[]) : [];
      for (const k of refs)
        if (typeof k === 'string' && !exists(k))
          errors.push(`${name}, paragraph ${p.key} (${p.type}), page: no page ${k}`);
    }
    const family = routeFamily(page.type, page.brand, page.need);
    for (const [locale, t] of Object.entries(page.texts))
      for (const slug of [t.slug, ...t.old_slugs]) {
        const id = `${family} ${locale} ${slug}`;
        const other = slugs.get(id);
        if (other && other !== page.key)
          errors.push(`${name}, texts.${locale}.slug: "${slug}" is also page ${other}'s`);
        slugs.set(id, page.key);
      }
  }
  return errors;
}

/**
 * Loads the editorial pack: innovation categories, pages, their translations, paragraphs, linked
 * pages and associated products. Idempotent: pages are upserted by key and keep their id; a page
 * whose content changed gets the next version (`vid`); a changed or listed old slug goes to the slug
 * history so the old address answers 301; paragraphs keep their id by key.
 */
export async function seedEditorial(db: Database, dir: string): Promise<{ pages: number } | null> {
  const content = loadEditorial(dir);
  if (!content) return null;
  await db.transaction().execute(async (trx) => {
    await seedInnovationCategories(trx, content);
    try {
      await upsertPages(trx, content.pages);
    } catch (error) {
      if (!(error instanceof ContentWriteError)) throw error;
      throw new Error(
        `content: invalid editorial content\n  ${Object.entries(error.issues)
          .map(([where, message]) => `${where}: ${message}`)
          .join('\n  ')}`,
      );
    }
  });
  return { pages: content.pages.length };
}

async function seedInnovationCategories(trx: Transaction<DB>, content: EditorialContent): Promise<void> {
  for (const category of content.categories) {
    const { id } = await trx
      .insertInto('innovation_category')
      .values({ key: category.key, position: category.order })
      .onConflict((oc) => oc.column('key').doUpdateSet({ position: category.order }))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [locale, t] of Object.entries(category.texts))
      await trx
        .insertInto('innovation_category_translation')
        .values({ category_id: id, locale, name: t.name, slug: t.slug })
        .onConflict((oc) => oc.columns(['category_id', 'locale']).doUpdateSet({ name: t.name, slug: t.slug }))
        .execute();
  }
}
