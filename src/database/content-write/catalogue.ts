import { sql, type Transaction } from 'kysely';
import { sanitize } from '../../common/security/sanitize';
import type { BrandContent, NeedContent } from '../content-schema';
import type { DB } from '../schema';
import { Issues } from './errors';

/** Where a problem of record `i` is: the field alone for one record, else prefixed by its key. */
const at = (records: Array<{ key: string }>, i: number, field: string) =>
  records.length === 1 ? field : `${records[i].key}.${field}`;

/** No slug of a batch may be another record's in the same language (the tables' unique (locale, slug)). */
async function checkSlugs(
  trx: Transaction<DB>,
  table: 'brand_translation' | 'need_translation',
  records: Array<{ key: string; texts: Partial<Record<string, { slug: string } | undefined>> }>,
): Promise<void> {
  const conflicts = new Issues();
  const owner = table === 'brand_translation' ? 'brand' : 'need';
  const claimed = new Map<string, string>();
  const pairs = records.flatMap((r, i) =>
    Object.entries(r.texts).map(([locale, t]) => ({ locale, slug: t!.slug, key: r.key, i })),
  );
  for (const p of pairs) {
    const other = claimed.get(`${p.locale} ${p.slug}`);
    if (other && other !== p.key)
      conflicts.add(at(records, p.i, `texts.${p.locale}.slug`), `"${p.slug}" is also ${owner} ${other}'s`);
    claimed.set(`${p.locale} ${p.slug}`, p.key);
  }
  if (pairs.length) {
    const keys = new Set(records.map((r) => r.key));
    const idColumn = table === 'brand_translation' ? 'brand_id' : 'need_id';
    const { rows } = await sql<{ locale: string; slug: string; key: string }>`
      select t.locale, t.slug, o.key from ${sql.table(table)} t join ${sql.table(owner)} o on o.id = t.${sql.ref(idColumn)}
      where (t.locale, t.slug) in (${sql.join(pairs.map((p) => sql`(${p.locale}, ${p.slug})`))})
    `.execute(trx);
    for (const row of rows) {
      const mine = pairs.find((p) => p.locale === row.locale && p.slug === row.slug)!;
      if (row.key !== mine.key && !keys.has(row.key))
        conflicts.add(at(records, mine.i, `texts.${row.locale}.slug`), `"${row.slug}" is ${owner} ${row.key}'s`);
    }
  }
  conflicts.throwIfAny('conflict');
}

/**
 * Writes brands (the seed and `POST/PUT /api/v1/brands`): upserted by key with their translations
 * (replaced) and, when given, their FAQs (replaced; answers sanitised). Returns the ids by key.
 * The products of a brand show its name: the caller refreshes their listing and search documents.
 */
export async function upsertBrands(trx: Transaction<DB>, brands: BrandContent[]): Promise<Map<string, number>> {
  await checkSlugs(trx, 'brand_translation', brands);
  const ids = new Map<string, number>();
  for (const [index, brand] of brands.entries()) {
    const values = { class: brand.class, color: brand.color, corner: brand.corner, position: brand.position ?? index };
    const { id } = await trx
      .insertInto('brand')
      .values({ key: brand.key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(brand.key, id);
    await trx.deleteFrom('brand_translation').where('brand_id', '=', id).execute();
    const translations = Object.entries(brand.texts).map(([locale, t]) => ({
      brand_id: id,
      locale,
      name: t!.name ?? brand.name,
      slug: t!.slug,
      description: t!.description ? sanitize(t!.description) : '',
    }));
    if (translations.length) await trx.insertInto('brand_translation').values(translations).execute();
    if (brand.faqs) await replaceBrandFaqs(trx, id, brand.faqs);
  }
  return ids;
}

export async function replaceBrandFaqs(
  trx: Transaction<DB>,
  brandId: number,
  faqs: NonNullable<BrandContent['faqs']>,
): Promise<void> {
  await trx.deleteFrom('brand_faq').where('brand_id', '=', brandId).execute();
  const rows = faqs.flatMap((faq, position) =>
    Object.entries(faq).map(([locale, item]) => ({
      brand_id: brandId,
      locale,
      position,
      question: item!.question,
      answer: sanitize(item!.answer),
    })),
  );
  if (rows.length) await trx.insertInto('brand_faq').values(rows).execute();
}

/**
 * Deletes a brand: refused (`conflict`) while a product or a page belongs to it. Its translations,
 * FAQs and the pharmacies' ranges go by cascade.
 */
export async function deleteBrand(trx: Transaction<DB>, id: number): Promise<{ key: string } | null> {
  const brand = await trx.selectFrom('brand').select(['id', 'key']).where('id', '=', id).executeTakeFirst();
  if (!brand) return null;
  const products = await trx
    .selectFrom('product')
    .select('reference')
    .where('brand_id', '=', id)
    .orderBy('reference')
    .limit(10)
    .execute();
  const pages = await trx
    .selectFrom('page')
    .select('key')
    .where('brand_id', '=', id)
    .orderBy('key')
    .limit(10)
    .execute();
  const issues = new Issues();
  if (products.length) issues.add('id', `products of the brand: ${products.map((p) => p.reference).join(', ')}`);
  if (pages.length) issues.add('id', `pages of the brand: ${pages.map((p) => p.key).join(', ')}`);
  issues.throwIfAny('conflict');
  await trx.deleteFrom('brand').where('id', '=', id).execute();
  return { key: brand.key };
}

/**
 * Writes needs (the seed and `POST/PUT /api/v1/need`): upserted by key, parents first (a parent is a
 * need already stored or earlier in the batch), translations replaced. A parent that does not
 * exist, or a need that would be its own ancestor, is refused (`invalid`).
 */
export async function upsertNeeds(trx: Transaction<DB>, needs: NeedContent[]): Promise<Map<string, number>> {
  const existing = new Map(
    (await trx.selectFrom('need').select(['id', 'key', 'parent_id']).execute()).map((n) => [n.key, n]),
  );
  const batchKeys = new Set(needs.map((n) => n.key));
  const issues = new Issues();
  needs.forEach((n, i) => {
    if (n.parent && !batchKeys.has(n.parent) && !existing.has(n.parent))
      issues.add(at(needs, i, 'parent'), `unknown need "${n.parent}"`);
    const parent = n.parent ? (needs.find((x) => x.key === n.parent) ?? existing.get(n.parent)) : undefined;
    const grandParent = parent && ('parent' in parent ? parent.parent : parent.parent_id);
    if (grandParent) issues.add(at(needs, i, 'parent'), `"${n.parent}" is itself a child need (one level only)`);
  });
  issues.throwIfAny('invalid');
  await checkSlugs(trx, 'need_translation', needs);
  const ids = new Map([...existing.entries()].map(([k, n]) => [k, n.id]));
  const ordered = [...needs].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null));
  const written = new Map<string, number>();
  for (const need of ordered) {
    const values = { parent_id: need.parent ? ids.get(need.parent)! : null, order: need.order };
    const { id } = await trx
      .insertInto('need')
      .values({ key: need.key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(need.key, id);
    written.set(need.key, id);
    await trx.deleteFrom('need_translation').where('need_id', '=', id).execute();
    const translations = Object.entries(need.texts).map(([locale, t]) => ({ need_id: id, locale, ...t! }));
    if (translations.length) await trx.insertInto('need_translation').values(translations).execute();
  }
  return written;
}

/** Deletes a need: refused (`conflict`) while it has child needs, products or pages. */
export async function deleteNeed(trx: Transaction<DB>, id: number): Promise<{ key: string } | null> {
  const need = await trx.selectFrom('need').select(['id', 'key']).where('id', '=', id).executeTakeFirst();
  if (!need) return null;
  const children = await trx
    .selectFrom('need')
    .select('key')
    .where('parent_id', '=', id)
    .orderBy('key')
    .limit(10)
    .execute();
  const products = await trx
    .selectFrom('product_need')
    .innerJoin('product', 'product.id', 'product_need.product_id')
    .select('product.reference')
    .where('product_need.need_id', '=', id)
    .orderBy('product.reference')
    .limit(10)
    .execute();
  const pages = await trx.selectFrom('page').select('key').where('need_id', '=', id).orderBy('key').limit(10).execute();
  const issues = new Issues();
  if (children.length) issues.add('id', `child needs: ${children.map((c) => c.key).join(', ')}`);
  if (products.length) issues.add('id', `products of the need: ${products.map((p) => p.reference).join(', ')}`);
  if (pages.length) issues.add('id', `pages of the need: ${pages.map((p) => p.key).join(', ')}`);
  issues.throwIfAny('conflict');
  await trx.deleteFrom('need').where('id', '=', id).execute();
  return { key: need.key };
}
