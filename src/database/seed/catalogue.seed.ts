import type { Transaction } from 'kysely';
import type { Database } from '../database';
import type { DB } from '../schema';
import { replaceBrandFaqs, upsertBrands, upsertNeeds } from '../content-write/catalogue';
import { ContentWriteError } from '../content-write/errors';
import { upsertProducts } from '../content-write/products';
import { loadCatalogue, pushesFor, type CatalogueContent } from './catalogue-content';

/** The product write path, also used by the content generator (one definition). */
export { upsertProducts };

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
  try {
    await db.transaction().execute(async (trx) => {
      await seedReferenceData(trx, content);
      await upsertProducts(trx, content.products);
      await seedBrandFaqs(trx, content);
    });
  } catch (error) {
    throw asLoadError(error);
  }
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

  await upsertBrands(trx, content.brands);

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

  await upsertNeeds(trx, content.needs);
}

async function seedBrandFaqs(trx: Transaction<DB>, content: CatalogueContent): Promise<void> {
  const brands = new Map((await trx.selectFrom('brand').select(['id', 'key']).execute()).map((b) => [b.key, b.id]));
  for (const [key, faqs] of Object.entries(content.brandFaqs)) {
    const brandId = brands.get(key);
    if (brandId === undefined) throw new Error(`content: brand FAQs for unknown brand ${key}`);
    await replaceBrandFaqs(trx, brandId, faqs);
  }
}

/** The write path's refusals as a load error naming the pack's files. */
function asLoadError(error: unknown): unknown {
  if (!(error instanceof ContentWriteError)) return error;
  return new Error(
    `content: invalid catalogue content\n  ${Object.entries(error.issues)
      .map(([where, message]) => `${where}: ${message}`)
      .join('\n  ')}`,
  );
}
