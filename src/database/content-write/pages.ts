import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { sanitize } from '../../common/security/sanitize';
import { PARAGRAPH_SCHEMAS, routeFamily, type StoredPage, type StoredParagraph } from '../editorial-schema';
import type { DB } from '../schema';
import { Issues } from './errors';

/** A page to write: the checked body, and where it came from (a pack file) for messages. */
export interface PageToWrite extends StoredPage {
  file?: string;
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

async function idsByKey(trx: Transaction<DB>, table: 'category' | 'need' | 'brand' | 'innovation_category' | 'page') {
  const rows = await trx.selectFrom(table).select(['id', 'key']).execute();
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Where a problem of page `i` is: the field alone for one page, else the page and its file. */
const at = (pages: PageToWrite[], i: number, field: string) =>
  pages.length === 1 ? field : `page ${pages[i].key}${pages[i].file ? ` (${pages[i].file})` : ''}, ${field}`;

/**
 * Writes editorial pages (the seed's pack and `POST/PUT /api/v1/page`): upserted by key, keeping
 * their id; a page whose content changed gets the next version (`vid`); translations replaced, a
 * changed or listed old slug kept in the slug history (301 from the old address, within the route
 * family), a slug in use again no longer redirecting; paragraphs kept by key (HTML sanitised);
 * linked pages and associated products replaced. Everything a page names (parent, linked and
 * advice pages, expertise, need, brand, innovation category, products) must exist or be in the
 * batch (`invalid`); a slug another page holds in the same family and language is a `conflict`.
 * `touch`: the write's time is the page's `updated_at` (API writes); otherwise the body's date.
 */
export async function upsertPages(
  trx: Transaction<DB>,
  pages: PageToWrite[],
  { touch = false }: { touch?: boolean } = {},
): Promise<Map<string, number>> {
  const [expertises, needs, brands, categories] = await Promise.all([
    idsByKey(trx, 'category'),
    idsByKey(trx, 'need'),
    idsByKey(trx, 'brand'),
    idsByKey(trx, 'innovation_category'),
  ]);
  const products = new Map(
    (await trx.selectFrom('product').select(['id', 'reference']).execute()).map((r) => [r.reference, r.id]),
  );
  const existingPages = await idsByKey(trx, 'page');
  const batchKeys = new Set(pages.map((p) => p.key));
  const issues = new Issues();
  const lookup = (map: Map<string, number>, value: string | null | undefined, i: number, field: string) => {
    if (!value) return null;
    const id = map.get(value);
    if (id === undefined) issues.add(at(pages, i, field), `unknown "${value}"`);
    return id ?? null;
  };
  const pageExists = (k: string) => batchKeys.has(k) || existingPages.has(k);
  const now = new Date().toISOString();
  const rows = pages.map((page, i) => {
    if (page.parent && !pageExists(page.parent)) issues.add(at(pages, i, 'parent'), `no page ${page.parent}`);
    if (page.parent === page.key) issues.add(at(pages, i, 'parent'), 'a page is not its own parent');
    page.linked_pages.forEach((k, j) => {
      if (!pageExists(k)) issues.add(at(pages, i, `linked_pages.${j}`), `no page ${k}`);
    });
    page.paragraphs.forEach((p, j) => {
      const data = p as Record<string, unknown>;
      const refs = p.type === 'advice' ? [data.page] : p.type === 'advice_pages_group' ? (data.pages as unknown[]) : [];
      for (const k of refs)
        if (typeof k === 'string' && !pageExists(k)) issues.add(at(pages, i, `paragraphs.${j}.page`), `no page ${k}`);
    });
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
      if (!products.has(reference)) issues.add(at(pages, i, 'products'), `unknown "${reference}"`);
    return {
      page,
      values: {
        key: page.key,
        type: page.type,
        published: page.published,
        content_hash: createHash('sha256').update(JSON.stringify(page)).digest('hex'),
        published_at: page.published_at ?? null,
        updated_at: touch ? now : (page.updated_at ?? page.published_at ?? now.slice(0, 10)),
        highlighted: page.highlighted,
        position: page.order,
        expertise_id: lookup(expertises, page.expertise, i, 'expertise'),
        need_id: lookup(needs, page.need, i, 'need'),
        innovation_category_id: lookup(categories, page.innovation_category, i, 'innovation_category'),
        brand_id: lookup(brands, page.brand, i, 'brand'),
        title_outside_cover: page.title_outside_cover,
        cover: page.cover ? JSON.stringify(page.cover) : null,
        icon: page.icon ?? null,
        link: page.link ? JSON.stringify(page.link) : null,
        toc: JSON.stringify(page.toc),
      },
    };
  });
  issues.throwIfAny('invalid');
  await checkPageSlugs(trx, pages);

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

  const allIds = new Map([...existingPages, ...ids]);
  for (const { page } of rows) {
    const id = ids.get(page.key)!;
    await trx
      .updateTable('page')
      .set({ parent_id: page.parent ? allIds.get(page.parent)! : null })
      .where('id', '=', id)
      .execute();
    await seedTranslations(trx, id, page);
    await seedParagraphs(trx, id, page);
    await trx.deleteFrom('page_link').where('page_id', '=', id).execute();
    if (page.linked_pages.length)
      await trx
        .insertInto('page_link')
        .values(page.linked_pages.map((k, position) => ({ page_id: id, linked_page_id: allIds.get(k)!, position })))
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
  return ids;
}

async function seedTranslations(trx: Transaction<DB>, id: number, page: PageToWrite): Promise<void> {
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

async function seedParagraphs(trx: Transaction<DB>, id: number, page: PageToWrite): Promise<void> {
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

/** No slug of a batch may be another page's in the same route family and language. */
async function checkPageSlugs(trx: Transaction<DB>, pages: PageToWrite[]): Promise<void> {
  const conflicts = new Issues();
  const claimed = new Map<string, string>();
  const pairs = pages.flatMap((page, i) => {
    const route = routeFamily(page.type, page.brand, page.need);
    return Object.entries(page.texts).map(([locale, t]) => ({ route, locale, slug: t.slug, key: page.key, i }));
  });
  for (const p of pairs) {
    const id = `${p.route} ${p.locale} ${p.slug}`;
    const other = claimed.get(id);
    if (other && other !== p.key)
      conflicts.add(at(pages, p.i, `texts.${p.locale}.slug`), `"${p.slug}" is also page ${other}'s`);
    claimed.set(id, p.key);
  }
  const keys = new Set(pages.map((p) => p.key));
  for (let n = 0; n < pairs.length; n += 400) {
    const part = pairs.slice(n, n + 400);
    const taken = await trx
      .selectFrom('page_translation as t')
      .innerJoin('page as p', 'p.id', 't.page_id')
      .select(['t.route', 't.locale', 't.slug', 'p.key'])
      .where(
        sql<boolean>`(t.route, t.locale, t.slug) in (${sql.join(part.map((x) => sql`(${x.route}, ${x.locale}, ${x.slug})`))})`,
      )
      .execute();
    for (const row of taken) {
      const mine = part.find((x) => x.route === row.route && x.locale === row.locale && x.slug === row.slug)!;
      if (row.key !== mine.key && !keys.has(row.key))
        conflicts.add(at(pages, mine.i, `texts.${row.locale}.slug`), `"${row.slug}" is page ${row.key}'s`);
    }
  }
  conflicts.throwIfAny('conflict');
}

/**
 * Deletes a page: refused (`conflict`) while another page names it (parent, linked page, advice
 * paragraph). Its slug history goes with it; translations, paragraphs and links by cascade.
 */
export async function deletePage(trx: Transaction<DB>, id: number): Promise<{ key: string } | null> {
  const page = await trx.selectFrom('page').select(['id', 'key']).where('id', '=', id).executeTakeFirst();
  if (!page) return null;
  const ref = JSON.stringify(page.key);
  const users = await trx
    .selectFrom('page')
    .select('key')
    .where('id', '!=', id)
    .where((eb) =>
      eb.or([
        eb('parent_id', '=', id),
        eb.exists(
          eb
            .selectFrom('page_link')
            .select(sql`1`.as('one'))
            .whereRef('page_link.page_id', '=', 'page.id')
            .where('page_link.linked_page_id', '=', id),
        ),
        eb.exists(
          eb
            .selectFrom('paragraph')
            .select(sql`1`.as('one'))
            .whereRef('paragraph.page_id', '=', 'page.id')
            .where('paragraph.type', 'in', ['advice', 'advice_pages_group'])
            .where(sql<boolean>`paragraph.data::text like ${`%${ref}%`}`),
        ),
      ]),
    )
    .orderBy('key')
    .limit(10)
    .execute();
  const issues = new Issues();
  if (users.length) issues.add('id', `named by page ${users.map((u) => u.key).join(', ')}`);
  issues.throwIfAny('conflict');
  await trx.deleteFrom('slug_history').where('entity_type', 'like', 'page:%').where('entity_id', '=', id).execute();
  await trx.deleteFrom('page').where('id', '=', id).execute();
  return { key: page.key };
}
