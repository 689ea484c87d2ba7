import { sql, type Transaction } from 'kysely';
import { facetsOf } from '../../../contracts/filters';
import { sanitize } from '../../common/security/sanitize';
import type { ProductContent } from '../content-schema';
import { PRODUCT_HTML_TEXTS } from '../content-schema';
import type { DB } from '../schema';
import { chunks, ContentWriteError, Issues } from './errors';

const SEARCH_CONFIG: Record<string, string> = { fr: 'french', de: 'german', it: 'italian', es: 'spanish', nl: 'dutch' };

/** Where a problem of product `i` of a batch is: the field alone for one product, else prefixed by its reference. */
const at = (products: ProductContent[], i: number, field: string) =>
  products.length === 1 ? field : `${products[i].reference}.${field}`;

/**
 * Writes products (the write path of the seed, the content generator and `POST/PUT /api/v1/product`):
 * upserted by reference in batches; a product's translations, prices, links, facets and FAQs are
 * replaced; a changed slug goes to the slug history so the old URL answers 301, and a slug in use
 * again stops redirecting. HTML texts and FAQ answers are sanitised. Names of brands, expertises,
 * needs, sales plans and associates that do not exist are refused (`invalid`), a slug another
 * product holds in a language (`conflict`), before anything is written. Derived data (listing,
 * facets, search) is the caller's: a full refresh after a bulk load, `refreshAfterWrite` after an
 * API write. Returns the ids by reference.
 */
export async function upsertProducts(trx: Transaction<DB>, products: ProductContent[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (!products.length) return ids;
  const [brands, categories, needs, plans] = await Promise.all([
    trx.selectFrom('brand').select(['id', 'key']).execute(),
    trx.selectFrom('category').select(['id', 'key']).execute(),
    trx.selectFrom('need').select(['id', 'key']).execute(),
    trx.selectFrom('sales_plan').select(['id', 'target']).execute(),
  ]);
  const brandIds = new Map(brands.map((b) => [b.key, b.id]));
  const categoryIds = new Map(categories.map((c) => [c.key, c.id]));
  const needIds = new Map(needs.map((n) => [n.key, n.id]));
  const targets = new Set(plans.map((p) => p.target));
  await checkProducts(trx, products, { brandIds, categoryIds, needIds, targets });

  for (const batch of chunks(products)) {
    const rows = batch.map((p) => ({
      reference: p.reference,
      source_id: p.reference,
      ean: p.ean,
      brand_id: brandIds.get(p.brand)!,
      product_type: p.product_type,
      published: p.published,
      is_new_from: p.is_new_from,
      is_new_to: p.is_new_to,
      is_new_formulae: p.is_new_formulae,
      promoted: p.promoted,
      is_free: p.is_free,
      position: p.position,
      packaging_group: p.packaging_group,
      image: JSON.stringify(p.image),
      caracteristics: JSON.stringify(p.caracteristics),
      documents: JSON.stringify(p.documents),
      nutrition: p.nutrition ? JSON.stringify(p.nutrition) : null,
      push_promote: p.push_promote ? JSON.stringify(p.push_promote) : null,
    }));
    const inserted = await trx
      .insertInto('product')
      .values(rows)
      .onConflict((oc) =>
        oc.column('reference').doUpdateSet((eb) => ({
          ean: eb.ref('excluded.ean'),
          brand_id: eb.ref('excluded.brand_id'),
          product_type: eb.ref('excluded.product_type'),
          published: eb.ref('excluded.published'),
          is_new_from: eb.ref('excluded.is_new_from'),
          is_new_to: eb.ref('excluded.is_new_to'),
          is_new_formulae: eb.ref('excluded.is_new_formulae'),
          promoted: eb.ref('excluded.promoted'),
          is_free: eb.ref('excluded.is_free'),
          position: eb.ref('excluded.position'),
          packaging_group: eb.ref('excluded.packaging_group'),
          image: eb.ref('excluded.image'),
          caracteristics: eb.ref('excluded.caracteristics'),
          documents: eb.ref('excluded.documents'),
          nutrition: eb.ref('excluded.nutrition'),
          push_promote: eb.ref('excluded.push_promote'),
          updated_at: sql`now()`,
        })),
      )
      .returning(['id', 'reference'])
      .execute();
    for (const row of inserted) ids.set(row.reference, row.id);
    const batchIds = batch.map((p) => ids.get(p.reference)!);

    // Slug history: an existing translation whose slug changes keeps its old slug for 301s.
    const existing = await trx
      .selectFrom('product_translation')
      .select(['product_id', 'locale', 'slug'])
      .where('product_id', 'in', batchIds)
      .execute();
    const history = existing
      .map((row) => {
        const product = batch[batchIds.indexOf(row.product_id)];
        const next = product?.texts[row.locale as keyof ProductContent['texts']]?.slug;
        return next && next !== row.slug
          ? { entity_type: 'product', locale: row.locale, old_slug: row.slug, entity_id: row.product_id }
          : null;
      })
      .filter((r): r is NonNullable<typeof r> => r !== null);
    if (history.length)
      await trx
        .insertInto('slug_history')
        .values(history)
        .onConflict((oc) =>
          oc
            .columns(['entity_type', 'locale', 'old_slug'])
            .doUpdateSet((eb) => ({ entity_id: eb.ref('excluded.entity_id') })),
        )
        .execute();

    await trx.deleteFrom('product_translation').where('product_id', 'in', batchIds).execute();
    const translations = batch.flatMap((p, i) =>
      Object.entries(p.texts).map(([locale, texts]) => {
        const { name, slug, meta_description, ...rest } = texts!;
        for (const field of PRODUCT_HTML_TEXTS) if (rest[field]) rest[field] = sanitize(rest[field]);
        return {
          product_id: batchIds[i],
          locale,
          name,
          slug,
          meta_description: meta_description ?? '',
          texts: JSON.stringify(rest),
        };
      }),
    );
    for (const rows of chunks(translations)) await trx.insertInto('product_translation').values(rows).execute();
    // A slug in use again is no longer a redirect.
    const slugs = translations.map((t) => sql`(${t.locale}, ${t.slug})`);
    for (const part of chunks(slugs))
      await trx
        .deleteFrom('slug_history')
        .where('entity_type', '=', 'product')
        .where(sql<boolean>`(locale, old_slug) in (${sql.join(part)})`)
        .execute();

    await trx.deleteFrom('product_price').where('product_id', 'in', batchIds).execute();
    const prices = batch.flatMap((p, i) =>
      plans
        .filter((plan) => p.sales_plans.includes(plan.target))
        .map((plan) => ({
          product_id: batchIds[i],
          sales_plan_id: plan.id,
          price: p.price,
          original_price: p.original_price,
          volume_discounts: JSON.stringify(p.volume_discounts ?? []),
        })),
    );
    for (const rows of chunks(prices)) await trx.insertInto('product_price').values(rows).execute();

    await trx.deleteFrom('product_category').where('product_id', 'in', batchIds).execute();
    const links = batch.flatMap((p, i) =>
      [...new Set(p.expertises)].map((key) => ({ product_id: batchIds[i], category_id: categoryIds.get(key)! })),
    );
    for (const rows of chunks(links)) await trx.insertInto('product_category').values(rows).execute();

    await trx.deleteFrom('product_need').where('product_id', 'in', batchIds).execute();
    const needLinks = batch.flatMap((p, i) =>
      [...new Set(p.needs)].map((key) => ({ product_id: batchIds[i], need_id: needIds.get(key)! })),
    );
    for (const rows of chunks(needLinks)) await trx.insertInto('product_need').values(rows).execute();

    await trx.deleteFrom('product_facet').where('product_id', 'in', batchIds).execute();
    const facets = batch.flatMap((p, i) => facetsOf(p).map((f) => ({ product_id: batchIds[i], ...f })));
    for (const rows of chunks(facets)) await trx.insertInto('product_facet').values(rows).execute();

    await trx.deleteFrom('product_faq').where('product_id', 'in', batchIds).execute();
    const faqs = batch.flatMap((p, i) =>
      p.faqs.flatMap((faq, position) =>
        Object.entries(faq).map(([locale, item]) => ({
          product_id: batchIds[i],
          locale,
          position,
          question: item!.question,
          answer: sanitize(item!.answer),
        })),
      ),
    );
    for (const rows of chunks(faqs)) await trx.insertInto('product_faq').values(rows).execute();
  }

  // Associates once every product of the batch has an id (they may name each other).
  const references = [...new Set(products.flatMap((p) => p.associates))].filter((r) => !ids.has(r));
  for (const part of chunks(references))
    for (const row of await trx
      .selectFrom('product')
      .select(['id', 'reference'])
      .where('reference', 'in', part)
      .execute())
      ids.set(row.reference, row.id);
  const productIds = products.map((p) => ids.get(p.reference)!);
  for (const batch of chunks(productIds))
    await trx.deleteFrom('product_associate').where('product_id', 'in', batch).execute();
  const associates = products.flatMap((p) =>
    p.associates.map((ref, position) => ({ product_id: ids.get(p.reference)!, associate_id: ids.get(ref)!, position })),
  );
  for (const rows of chunks(associates)) await trx.insertInto('product_associate').values(rows).execute();

  // Full-text vectors per language (used by search): name first, then tagline and texts.
  for (const [locale, config] of Object.entries(SEARCH_CONFIG)) {
    for (const batch of chunks(productIds)) {
      await sql`
        update product_translation set search =
          setweight(to_tsvector(${sql.lit(config)}::regconfig, unaccent(name)), 'A') ||
          setweight(to_tsvector(${sql.lit(config)}::regconfig, unaccent(coalesce(texts->>'tagline', '') || ' ' || coalesce(texts->>'legal_denomination', ''))), 'B') ||
          setweight(to_tsvector(${sql.lit(config)}::regconfig, unaccent(regexp_replace(coalesce(texts->>'description', '') || ' ' || coalesce(texts->>'ingredients', ''), '<[^>]+>', ' ', 'g'))), 'C')
        where locale = ${locale} and product_id in (${sql.join(batch)})
      `.execute(trx);
    }
  }
  return ids;
}

/**
 * Everything a batch names must exist (or be in the batch, for associates), and no slug may be
 * another product's in the same language: all problems at once, before any row is written.
 */
async function checkProducts(
  trx: Transaction<DB>,
  products: ProductContent[],
  known: {
    brandIds: Map<string, number>;
    categoryIds: Map<string, number>;
    needIds: Map<string, number>;
    targets: Set<string>;
  },
): Promise<void> {
  const issues = new Issues();
  const inBatch = new Set(products.map((p) => p.reference));
  const associates = [...new Set(products.flatMap((p) => p.associates))].filter((r) => !inBatch.has(r));
  const existing = new Set<string>();
  for (const part of chunks(associates))
    for (const row of await trx.selectFrom('product').select('reference').where('reference', 'in', part).execute())
      existing.add(row.reference);
  products.forEach((p, i) => {
    if (!known.brandIds.has(p.brand)) issues.add(at(products, i, 'brand'), `unknown brand "${p.brand}"`);
    p.expertises.forEach((k, j) => {
      if (!known.categoryIds.has(k)) issues.add(at(products, i, `expertises.${j}`), `unknown expertise "${k}"`);
    });
    p.needs.forEach((k, j) => {
      if (!known.needIds.has(k)) issues.add(at(products, i, `needs.${j}`), `unknown need "${k}"`);
    });
    p.sales_plans.forEach((k, j) => {
      if (!known.targets.has(k)) issues.add(at(products, i, `sales_plans.${j}`), `unknown sales plan "${k}"`);
    });
    p.associates.forEach((r, j) => {
      if (!inBatch.has(r) && !existing.has(r)) issues.add(at(products, i, `associates.${j}`), `unknown product "${r}"`);
    });
  });
  issues.throwIfAny('invalid');

  const conflicts = new Issues();
  const claimed = new Map<string, string>();
  const pairs: Array<{ locale: string; slug: string; reference: string; i: number }> = [];
  products.forEach((p, i) => {
    for (const [locale, t] of Object.entries(p.texts)) {
      const id = `${locale} ${t!.slug}`;
      const other = claimed.get(id);
      if (other && other !== p.reference)
        conflicts.add(at(products, i, `texts.${locale}.slug`), `"${t!.slug}" is also product ${other}'s`);
      claimed.set(id, p.reference);
      pairs.push({ locale, slug: t!.slug, reference: p.reference, i });
    }
  });
  for (const part of chunks(pairs)) {
    const taken = await trx
      .selectFrom('product_translation as t')
      .innerJoin('product as p', 'p.id', 't.product_id')
      .select(['t.locale', 't.slug', 'p.reference'])
      .where(sql<boolean>`(t.locale, t.slug) in (${sql.join(part.map((x) => sql`(${x.locale}, ${x.slug})`))})`)
      .execute();
    for (const row of taken) {
      const mine = part.find((x) => x.locale === row.locale && x.slug === row.slug)!;
      if (row.reference !== mine.reference && !inBatch.has(row.reference))
        conflicts.add(at(products, mine.i, `texts.${row.locale}.slug`), `"${row.slug}" is product ${row.reference}'s`);
    }
  }
  conflicts.throwIfAny('conflict');
}

/**
 * Deletes a product: refused (`conflict`) while a page shows it (associated products, products
 * paragraphs) or a home page suggests it. Its slug history goes with it; the rows that reference it
 * (prices, translations, listing…) go by cascade. Derived data: `refreshAfterWrite`.
 */
export async function deleteProduct(trx: Transaction<DB>, id: number): Promise<{ reference: string } | null> {
  const product = await trx.selectFrom('product').select(['id', 'reference']).where('id', '=', id).executeTakeFirst();
  if (!product) return null;
  const ref = JSON.stringify(product.reference);
  const pages = await trx
    .selectFrom('page')
    .select('key')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('page_product')
            .select(sql`1`.as('one'))
            .whereRef('page_product.page_id', '=', 'page.id')
            .where('page_product.product_id', '=', id),
        ),
        eb.exists(
          eb
            .selectFrom('paragraph')
            .select(sql`1`.as('one'))
            .whereRef('paragraph.page_id', '=', 'page.id')
            .where(sql<boolean>`paragraph.data::text like ${`%${ref}%`}`),
        ),
      ]),
    )
    .orderBy('key')
    .execute();
  const homes = await trx
    .selectFrom('home_content')
    .select(['shop_id', 'locale'])
    .where(
      sql<boolean>`content->'suggestions' @> ${JSON.stringify([{ type: 'product', reference: product.reference }])}::jsonb`,
    )
    .execute();
  const issues = new Issues();
  if (pages.length) issues.add('id', `shown by page ${pages.map((p) => p.key).join(', ')}`);
  if (homes.length)
    issues.add('id', `suggested by the home page of ${homes.map((h) => `${h.shop_id}/${h.locale}`).join(', ')}`);
  issues.throwIfAny('conflict');
  await trx.deleteFrom('slug_history').where('entity_type', '=', 'product').where('entity_id', '=', id).execute();
  await trx.deleteFrom('product').where('id', '=', id).execute();
  return { reference: product.reference };
}

export { ContentWriteError };
