import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Transaction } from 'kysely';
import { sanitize } from '../../common/security/sanitize';
import type { Database } from '../database';
import {
  describeIssues,
  innovationCategoriesSchema,
  PARAGRAPH_SCHEMAS,
  routeFamily,
  storedPageSchema,
  type StoredPage,
  type StoredParagraph,
} from '../editorial-schema';
import type { DB } from '../schema';

/** A page of the pack, checked, with the file it came from. */
export interface EditorialPage extends StoredPage {
  file: string;
}

export interface EditorialContent {
  categories: ReturnType<typeof innovationCategoriesSchema.parse>;
  pages: EditorialPage[];
}

/** Per-locale fields of paragraphs that hold HTML (sanitised when stored, again when rendered). */
const HTML_FIELDS = new Set(['text', 'html', 'answer']);
const HTML_TYPES = new Set([
  'text',
  'html',
  'text_image',
  'image_text',
  'text_above_image',
  'image_push',
  'color_push',
  'color_with_image_push',
  'faq',
  'video',
  'opt_out_at_internet',
  'our_solutions',
  'store_locator',
]);

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

/** Paragraph texts as stored: HTML fields sanitised. */
function storedTexts(p: StoredParagraph): Record<string, Record<string, unknown>> {
  const clean = (value: unknown, field: string, htmlType: boolean): unknown => {
    if (typeof value === 'string') return htmlType && HTML_FIELDS.has(field) ? sanitize(value) : value;
    if (Array.isArray(value)) return value.map((v) => clean(v, field, htmlType));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, k, htmlType)]));
    return value;
  };
  const htmlType = HTML_TYPES.has(p.type);
  return Object.fromEntries(
    Object.entries(p.texts).map(([locale, fields]) => [locale, clean(fields, '', htmlType) as Record<string, unknown>]),
  );
}

function sharedData(p: StoredParagraph): Record<string, unknown> {
  const shared = PARAGRAPH_SCHEMAS[p.type as keyof typeof PARAGRAPH_SCHEMAS]?.shared ?? {};
  const data = p as Record<string, unknown>;
  return Object.fromEntries(Object.keys(shared).map((k) => [k, data[k] ?? null]));
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
    await seedPages(trx, content.pages);
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

async function idsByKey(trx: Transaction<DB>, table: 'category' | 'need' | 'brand' | 'innovation_category') {
  const rows = await trx.selectFrom(table).select(['id', 'key']).execute();
  return new Map(rows.map((r) => [r.key, r.id]));
}

async function seedPages(trx: Transaction<DB>, pages: EditorialPage[]): Promise<void> {
  const [expertises, needs, brands, categories] = await Promise.all([
    idsByKey(trx, 'category'),
    idsByKey(trx, 'need'),
    idsByKey(trx, 'brand'),
    idsByKey(trx, 'innovation_category'),
  ]);
  const products = new Map(
    (await trx.selectFrom('product').select(['id', 'reference']).execute()).map((r) => [r.reference, r.id]),
  );
  const errors: string[] = [];
  const lookup = (map: Map<string, number>, value: string | null | undefined, page: EditorialPage, field: string) => {
    if (!value) return null;
    const id = map.get(value);
    if (id === undefined) errors.push(`page ${page.key} (${page.file}), ${field}: unknown "${value}"`);
    return id ?? null;
  };
  const rows = pages.map((page) => {
    const references = new Set([
      ...page.products,
      ...page.paragraphs.flatMap((p) => {
        const data = p as Record<string, unknown>;
        if (p.type === 'product_assortment_group')
          return (data.items as Array<{ products: string[] }>).flatMap((item) => item.products);
        return Array.isArray(data.products) ? (data.products as string[]) : [];
      }),
    ]);
    // Products of the pack only: a missing reference is an error (a typo would hide a product).
    for (const reference of references)
      if (!products.has(reference)) errors.push(`page ${page.key} (${page.file}), products: unknown "${reference}"`);
    return {
      page,
      values: {
        key: page.key,
        type: page.type,
        published: page.published,
        content_hash: createHash('sha256').update(JSON.stringify(page)).digest('hex'),
        published_at: page.published_at ?? null,
        updated_at: page.updated_at ?? page.published_at ?? new Date().toISOString().slice(0, 10),
        highlighted: page.highlighted,
        position: page.order,
        expertise_id: lookup(expertises, page.expertise, page, 'expertise'),
        need_id: lookup(needs, page.need, page, 'need'),
        innovation_category_id: lookup(categories, page.innovation_category, page, 'innovation_category'),
        brand_id: lookup(brands, page.brand, page, 'brand'),
        title_outside_cover: page.title_outside_cover,
        cover: page.cover ? JSON.stringify(page.cover) : null,
        icon: page.icon ?? null,
        link: page.link ? JSON.stringify(page.link) : null,
        toc: JSON.stringify(page.toc),
      },
    };
  });
  if (errors.length) throw new Error(`content: invalid editorial content\n  ${errors.join('\n  ')}`);

  const ids = new Map<string, number>();
  for (const { page, values } of rows) {
    const { id } = await trx
      .insertInto('page')
      .values(values)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          ...values,
          // A new version only when the content changed.
          vid: sql<number>`case when ${eb.ref('page.content_hash')} = ${values.content_hash} then ${eb.ref('page.vid')} else ${eb.ref('page.vid')} + 1 end`,
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(page.key, id);
  }

  for (const { page } of rows) {
    const id = ids.get(page.key)!;
    await trx
      .updateTable('page')
      .set({ parent_id: page.parent ? ids.get(page.parent)! : null })
      .where('id', '=', id)
      .execute();
    await seedTranslations(trx, id, page);
    await seedParagraphs(trx, id, page);
    await trx.deleteFrom('page_link').where('page_id', '=', id).execute();
    if (page.linked_pages.length)
      await trx
        .insertInto('page_link')
        .values(page.linked_pages.map((k, position) => ({ page_id: id, linked_page_id: ids.get(k)!, position })))
        .execute();
    await trx.deleteFrom('page_product').where('page_id', '=', id).execute();
    const associated = [...new Set(page.products)];
    if (associated.length)
      await trx
        .insertInto('page_product')
        .values(associated.map((r, position) => ({ page_id: id, product_id: products.get(r)!, position })))
        .execute();
  }
  // A slug in use again is no longer a redirect.
  await trx
    .deleteFrom('slug_history')
    .where('entity_type', 'like', 'page:%')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('page_translation as t')
          .select(sql`1`.as('one'))
          .whereRef('t.locale', '=', 'slug_history.locale')
          .whereRef('t.slug', '=', 'slug_history.old_slug')
          .where(sql<boolean>`'page:' || t.route = slug_history.entity_type`),
      ),
    )
    .execute();
}

async function seedTranslations(trx: Transaction<DB>, id: number, page: EditorialPage): Promise<void> {
  const route = routeFamily(page.type, page.brand, page.need);
  const previous = await trx
    .selectFrom('page_translation')
    .select(['locale', 'slug', 'route'])
    .where('page_id', '=', id)
    .execute();
  const history = [
    ...previous
      .filter((row) => page.texts[row.locale] && page.texts[row.locale].slug !== row.slug && row.route === route)
      .map((row) => ({ locale: row.locale, old_slug: row.slug })),
    ...Object.entries(page.texts).flatMap(([locale, t]) => t.old_slugs.map((old_slug) => ({ locale, old_slug }))),
  ];
  if (history.length)
    await trx
      .insertInto('slug_history')
      .values(history.map((h) => ({ ...h, entity_type: `page:${route}`, entity_id: id })))
      .onConflict((oc) =>
        oc
          .columns(['entity_type', 'locale', 'old_slug'])
          .doUpdateSet((eb) => ({ entity_id: eb.ref('excluded.entity_id') })),
      )
      .execute();
  await trx.deleteFrom('page_translation').where('page_id', '=', id).execute();
  await trx
    .insertInto('page_translation')
    .values(
      Object.entries(page.texts).map(([locale, t]) => ({
        page_id: id,
        locale,
        route,
        title: t.title,
        slug: t.slug,
        meta_title: t.meta_title,
        meta_description: t.meta_description,
        introduction: t.introduction ? sanitize(t.introduction) : null,
        content: t.content ? sanitize(t.content) : null,
        excerpt: t.excerpt,
        link_label: t.link_label ?? null,
        link_url: t.link_url ?? null,
        extra: JSON.stringify({
          ingredient: t.ingredient ? sanitize(t.ingredient) : null,
          description: t.description ? sanitize(t.description) : null,
          wording_presentation: t.wording_presentation ?? null,
          wording_solution: t.wording_solution ?? null,
          contents_title: t.contents_title ?? null,
          contents_table_link_url: t.contents_table_link_url ?? null,
        }),
      })),
    )
    .execute();
}

async function seedParagraphs(trx: Transaction<DB>, id: number, page: EditorialPage): Promise<void> {
  const keys = page.paragraphs.map((p) => p.key);
  let removed = trx.deleteFrom('paragraph').where('page_id', '=', id);
  if (keys.length) removed = removed.where('key', 'not in', keys);
  await removed.execute();
  if (!page.paragraphs.length) return;
  await trx
    .insertInto('paragraph')
    .values(
      page.paragraphs.map((p, position) => ({
        page_id: id,
        key: p.key,
        position,
        type: p.type,
        data: JSON.stringify(sharedData(p)),
        texts: JSON.stringify(storedTexts(p)),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['page_id', 'key']).doUpdateSet((eb) => ({
        position: eb.ref('excluded.position'),
        type: eb.ref('excluded.type'),
        data: eb.ref('excluded.data'),
        texts: eb.ref('excluded.texts'),
      })),
    )
    .execute();
}
