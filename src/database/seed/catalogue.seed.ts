import { sql, type Transaction } from 'kysely';
import { facetsOf } from '../../../contracts/filters';
import type { Database } from '../database';
import { FACET_SUMMARY_TOTAL, type DB } from '../schema';
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

/**
 * Recomputes facet_summary: for each sales plan and locale, the facet counts of the published,
 * non-free products priced in the default range, over the whole catalogue (category 0) and per
 * expertise (a product counts for its expertise and that expertise's parent).
 *
 * Never one statement over the whole catalogue (in one statement, 10,000 products made PostgreSQL
 * sort 3 million rows on disk for 30 s, past the 10 s statement timeout):
 * 1. the counts of each slice of `chunkSize` products go to a temporary table, one statement per
 *    slice: each does a slice's work, whatever the size of the catalogue;
 * 2. the slices' counts are added up into facet_summary, one statement per sales plan and locale
 *    (their rows are disjoint: plain inserts), each a hash aggregate over its share of the rows.
 * The work grows in step with the catalogue. One transaction: readers see the old summary until
 * the new one is complete.
 */
const TOTAL = FACET_SUMMARY_TOTAL;
/** Products per statement of the facet-summary refresh. */
export const FACET_SUMMARY_CHUNK = 1000;
const MAX_ID = 2147483647;

export async function refreshFacetSummary(db: Database, chunkSize = FACET_SUMMARY_CHUNK): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      create temporary table facet_summary_part (
        sales_plan_id integer, locale text, category_id integer, name text, value text, count integer
      ) on commit drop
    `.execute(trx);
    const first = await trx
      .selectFrom('product')
      .select((eb) => eb.fn.min<number>('id').as('id'))
      .executeTakeFirst();
    // Slices by id: each ends at the chunkSize-th product after the previous one (ids may have gaps).
    for (let after = first?.id == null ? MAX_ID : Number(first.id) - 1; after < MAX_ID; ) {
      const last = await trx
        .selectFrom('product')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .offset(chunkSize - 1)
        .limit(1)
        .executeTakeFirst();
      const upTo = last?.id ?? MAX_ID;
      await countSlice(trx, after, upTo);
      after = upTo;
    }
    await trx.deleteFrom('facet_summary').execute();
    const scopes = await sql<{ sales_plan_id: number; locale: string }>`
      select distinct sales_plan_id, locale from facet_summary_part order by sales_plan_id, locale
    `.execute(trx);
    for (const { sales_plan_id: plan, locale } of scopes.rows)
      await sql`
        insert into facet_summary (sales_plan_id, locale, category_id, name, value, count)
        select sales_plan_id, locale, category_id, name, value, sum(count)
        from facet_summary_part
        where sales_plan_id = ${plan} and locale = ${locale}
        group by sales_plan_id, locale, category_id, name, value
      `.execute(trx);
  });
}

/**
 * The counts of the products with after < id <= upTo, into facet_summary_part. A product is
 * usually visible in every sales plan and locale: its facets are counted once per set of
 * "plan:locale" pairs it is visible in (`sig`), and the counts then copied to each pair, rather than
 * joining every facet with every pair (twelve times the rows on the demo's six plans, two locales).
 */
async function countSlice(trx: Transaction<DB>, after: number, upTo: number): Promise<void> {
  await sql`
    with visible as (
      select p.id, array_agg(pp.sales_plan_id || ':' || t.locale order by pp.sales_plan_id, t.locale) as sig
      from product p
      join product_price pp on pp.product_id = p.id and pp.price between 0 and 10000
      join product_translation t on t.product_id = p.id
      where p.published and not p.is_free and p.id > ${after} and p.id <= ${upTo}
      group by p.id
    ),
    placed as (
      select product_id, category_id from product_category
      where product_id > ${after} and product_id <= ${upTo}
      union
      select pc.product_id, c.parent_id from product_category pc join category c on c.id = pc.category_id
      where c.parent_id is not null and pc.product_id > ${after} and pc.product_id <= ${upTo}
    ),
    scoped as (
      select sig, 0 as category_id, id from visible
      union all
      select v.sig, a.category_id, v.id from visible v join placed a on a.product_id = v.id
    ),
    counted as (
      select s.sig, s.category_id, f.name, f.value, count(*) as n
      from scoped s join product_facet f on f.product_id = s.id
      group by s.sig, s.category_id, f.name, f.value
      union all
      select sig, category_id, ${TOTAL}, '', count(*)
      from scoped
      group by sig, category_id
    )
    insert into facet_summary_part (sales_plan_id, locale, category_id, name, value, count)
    select split_part(pair, ':', 1)::integer, split_part(pair, ':', 2), c.category_id, c.name, c.value, c.n
    from counted c cross join lateral unnest(c.sig) as pair
  `.execute(trx);
}
