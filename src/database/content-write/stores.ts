import type { Transaction } from 'kysely';
import type { StoreContent } from '../content-schema';
import type { DB } from '../schema';
import { chunks, Issues } from './errors';

/** Rows per insert statement (13 parameters each, well under PostgreSQL's 65,535). */
const STORE_CHUNK = 2000;

/**
 * Writes pharmacies (the seed's demo pharmacies and `POST/PUT /api/v1/stores`): upserted by slug,
 * `updated_at` set to the write's time (the sitemap's lastmod), the ranges they stock (brand keys)
 * replaced. An unknown brand is refused (`invalid`). Returns the ids by slug.
 */
export async function upsertStores(trx: Transaction<DB>, stores: StoreContent[]): Promise<Map<string, number>> {
  const brands = new Map((await trx.selectFrom('brand').select(['id', 'key']).execute()).map((b) => [b.key, b.id]));
  const issues = new Issues();
  stores.forEach((s) =>
    s.brands.forEach((k, j) => {
      if (!brands.has(k))
        issues.add(stores.length === 1 ? `brands.${j}` : `${s.slug}.brands.${j}`, `unknown brand "${k}"`);
    }),
  );
  issues.throwIfAny('invalid');
  const ids = new Map<string, number>();
  const now = new Date().toISOString();
  for (const batch of chunks(stores, STORE_CHUNK)) {
    const rows = await trx
      .insertInto('store')
      .values(batch.map(({ brands: _ranges, ...store }) => ({ ...store, updated_at: now })))
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          address_1: eb.ref('excluded.address_1'),
          address_2: eb.ref('excluded.address_2'),
          address_3: eb.ref('excluded.address_3'),
          zipcode: eb.ref('excluded.zipcode'),
          city: eb.ref('excluded.city'),
          phone: eb.ref('excluded.phone'),
          latitude: eb.ref('excluded.latitude'),
          longitude: eb.ref('excluded.longitude'),
          is_insudiet: eb.ref('excluded.is_insudiet'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const row of rows) ids.set(row.slug, row.id);
    const batchIds = batch.map((s) => ids.get(s.slug)!);
    await trx.deleteFrom('store_brand').where('store_id', 'in', batchIds).execute();
    const ranges = batch.flatMap((s) =>
      [...new Set(s.brands)].map((k) => ({ store_id: ids.get(s.slug)!, brand_id: brands.get(k)! })),
    );
    for (let j = 0; j < ranges.length; j += 10_000)
      await trx
        .insertInto('store_brand')
        .values(ranges.slice(j, j + 10_000))
        .execute();
  }
  return ids;
}

/** Deletes a pharmacy (its ranges by cascade). */
export async function deleteStore(trx: Transaction<DB>, id: number): Promise<{ slug: string } | null> {
  const row = await trx.deleteFrom('store').where('id', '=', id).returning('slug').executeTakeFirst();
  return row ?? null;
}

/** A pharmacy slug held by another pharmacy than `id`. */
export async function storeSlugTaken(trx: Transaction<DB>, slug: string, id?: number): Promise<boolean> {
  const row = await trx
    .selectFrom('store')
    .select('id')
    .where('slug', '=', slug)
    .$if(id !== undefined, (q) => q.where('id', '!=', id!))
    .executeTakeFirst();
  return !!row;
}
