import { sql, type Transaction } from 'kysely';
import { facetsOf } from '../../../contracts/filters';
import type { Database } from '../database';
import type { DB } from '../schema';
import { loadCatalogue, pushesFor, type CatalogueContent, type ProductContent } from './catalogue-content';

const SEARCH_CONFIG: Record<string, string> = { fr: 'french', de: 'german', it: 'italian', es: 'spanish', nl: 'dutch' };
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Loads the catalogue pack (vocabularies, brands, expertises, needs, products, FAQs). Idempotent:
 * rows are upserted by their natural keys (brand key, category key, product reference); a product's
 * links, facets and FAQs are replaced; a changed slug is kept in the slug history so the old URL
 * answers 301.
 */
export async function seedCatalogue(db: Database, dir: string): Promise<{ products: number } | null> {
  const content = loadCatalogue(dir);
  if (!content) return null;
  await db.transaction().execute(async (trx) => {
    await seedReferenceData(trx, content);
    await upsertProducts(trx, content.products);
    await seedBrandFaqs(trx, content);
  });
  return { products: content.products.length };
}

async function seedReferenceData(trx: Transaction<DB>, content: CatalogueContent): Promise<void> {
  const vocabulary = Object.entries(content.vocabularies).flatMap(([kind, entries]) =>
    Object.entries(entries).flatMap(([key, entry]) =>
      ['fr', 'de', 'it', 'es', 'nl']
        .filter((locale) => typeof entry[locale] === 'string')
        .map((locale) => {
          const extra: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(entry)) {
            if (['fr', 'de', 'it', 'es', 'nl'].includes(k)) continue;
            extra[k] =
              v && typeof v === 'object' && !Array.isArray(v) && locale in (v as object)
                ? (v as Record<string, unknown>)[locale]
                : v;
          }
          return { kind, key, locale, label: entry[locale] as string, extra: JSON.stringify(extra) };
        }),
    ),
  );
  for (const rows of chunks(vocabulary)) {
    await trx
      .insertInto('vocabulary')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['kind', 'key', 'locale'])
          .doUpdateSet((eb) => ({ label: eb.ref('excluded.label'), extra: eb.ref('excluded.extra') })),
      )
      .execute();
  }

  for (const [position, brand] of content.brands.entries()) {
    const { id } = await trx
      .insertInto('brand')
      .values({ key: brand.key, class: brand.class, color: brand.color, corner: brand.corner, position })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ class: brand.class, color: brand.color, corner: brand.corner, position }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [locale, text] of Object.entries(brand.texts)) {
      const row = { name: text.name ?? brand.name, slug: text.slug, description: text.description };
      await trx
        .insertInto('brand_translation')
        .values({ brand_id: id, locale, ...row })
        .onConflict((oc) => oc.columns(['brand_id', 'locale']).doUpdateSet(row))
        .execute();
    }
  }

  const categoryIds = new Map<string, number>();
  const ordered = [...content.expertises].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null));
  for (const expertise of ordered) {
    const parentId = expertise.parent ? (categoryIds.get(expertise.parent) ?? null) : null;
    const values = { class: expertise.class, parent_id: parentId, position: expertise.position };
    const { id } = await trx
      .insertInto('category')
      .values({ key: expertise.key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(expertise.key, id);
    for (const [locale, text] of Object.entries(expertise.texts)) {
      const row = { ...text, pushes: JSON.stringify(pushesFor(expertise, locale)) };
      await trx
        .insertInto('category_translation')
        .values({ category_id: id, locale, ...row })
        .onConflict((oc) => oc.columns(['category_id', 'locale']).doUpdateSet(row))
        .execute();
    }
  }

  const needIds = new Map<string, number>();
  const needsOrdered = [...content.needs].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null));
  for (const need of needsOrdered) {
    const values = { parent_id: need.parent ? (needIds.get(need.parent) ?? null) : null, order: need.order };
    const { id } = await trx
      .insertInto('need')
      .values({ key: need.key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    needIds.set(need.key, id);
    for (const [locale, text] of Object.entries(need.texts)) {
      await trx
        .insertInto('need_translation')
        .values({ need_id: id, locale, ...text })
        .onConflict((oc) => oc.columns(['need_id', 'locale']).doUpdateSet(text))
        .execute();
    }
  }
}

/** Upserts products in batches (the 10,000-product generator goes through here too). */
export async function upsertProducts(trx: Transaction<DB>, products: ProductContent[]): Promise<void> {
  if (!products.length) return;
  const brands = new Map((await trx.selectFrom('brand').select(['id', 'key']).execute()).map((b) => [b.key, b.id]));
  const categories = new Map(
    (await trx.selectFrom('category').select(['id', 'key']).execute()).map((c) => [c.key, c.id]),
  );
  const needs = new Map((await trx.selectFrom('need').select(['id', 'key']).execute()).map((n) => [n.key, n.id]));
  const plans = await trx.selectFrom('sales_plan').select(['id', 'target']).execute();
  const ids = new Map<string, number>();

  for (const batch of chunks(products)) {
    const rows = batch.map((p) => {
      const brandId = brands.get(p.brand);
      if (brandId === undefined) throw new Error(`content: product ${p.reference} names unknown brand ${p.brand}`);
      return {
        reference: p.reference,
        source_id: p.reference,
        ean: p.ean,
        brand_id: brandId,
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
      };
    });
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
    const batchIds = batch.map((p) => ids.get(p.reference) as number);

    // Slug history: an existing translation whose slug changes keeps its old slug for 301s.
    const existing = await trx
      .selectFrom('product_translation')
      .select(['product_id', 'locale', 'slug'])
      .where('product_id', 'in', batchIds)
      .execute();
    const history = existing
      .map((row) => {
        const product = batch[batchIds.indexOf(row.product_id)];
        const next = product?.texts[row.locale]?.slug;
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
        const { name, slug, meta_description, ...rest } = texts;
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
    await trx
      .deleteFrom('slug_history')
      .where('entity_type', '=', 'product')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_translation as t')
            .select(sql`1`.as('one'))
            .whereRef('t.locale', '=', 'slug_history.locale')
            .whereRef('t.slug', '=', 'slug_history.old_slug'),
        ),
      )
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
      [...new Set(p.expertises)].map((key) => {
        const category = categories.get(key);
        if (category === undefined) throw new Error(`content: product ${p.reference} names unknown expertise ${key}`);
        return { product_id: batchIds[i], category_id: category };
      }),
    );
    for (const rows of chunks(links)) await trx.insertInto('product_category').values(rows).execute();

    await trx.deleteFrom('product_need').where('product_id', 'in', batchIds).execute();
    const needLinks = batch.flatMap((p, i) =>
      [...new Set(p.needs)].map((key) => {
        const need = needs.get(key);
        if (need === undefined) throw new Error(`content: product ${p.reference} names unknown need ${key}`);
        return { product_id: batchIds[i], need_id: need };
      }),
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
          question: item.question,
          answer: item.answer,
        })),
      ),
    );
    for (const rows of chunks(faqs)) await trx.insertInto('product_faq').values(rows).execute();
  }

  // Associates once every product of the pack has an id.
  const all = new Map(
    (await trx.selectFrom('product').select(['id', 'reference']).execute()).map((p) => [p.reference, p.id]),
  );
  const productIds = products.map((p) => all.get(p.reference) as number);
  for (const batch of chunks(productIds))
    await trx.deleteFrom('product_associate').where('product_id', 'in', batch).execute();
  const associates = products.flatMap((p) =>
    p.associates
      .map((ref, position) => ({ product_id: all.get(p.reference) as number, associate_id: all.get(ref), position }))
      .filter(
        (a): a is { product_id: number; associate_id: number; position: number } =>
          a.associate_id !== undefined && a.associate_id !== a.product_id,
      ),
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
}

async function seedBrandFaqs(trx: Transaction<DB>, content: CatalogueContent): Promise<void> {
  const brands = new Map((await trx.selectFrom('brand').select(['id', 'key']).execute()).map((b) => [b.key, b.id]));
  for (const [key, faqs] of Object.entries(content.brandFaqs)) {
    const brandId = brands.get(key);
    if (brandId === undefined) throw new Error(`content: brand FAQs for unknown brand ${key}`);
    await trx.deleteFrom('brand_faq').where('brand_id', '=', brandId).execute();
    const rows = faqs.flatMap((faq, position) =>
      Object.entries(faq).map(([locale, item]) => ({
        brand_id: brandId,
        locale,
        position,
        question: item.question,
        answer: item.answer,
      })),
    );
    if (rows.length) await trx.insertInto('brand_faq').values(rows).execute();
  }
}
