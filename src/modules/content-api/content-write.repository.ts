import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { deleteBrand, deleteNeed, upsertBrands, upsertNeeds } from '../../database/content-write/catalogue';
import { ContentWriteError } from '../../database/content-write/errors';
import { deletePage, upsertPages } from '../../database/content-write/pages';
import { upsertRedirection, upsertSettings } from '../../database/content-write/platform';
import { deleteProduct, upsertProducts } from '../../database/content-write/products';
import { deleteStore, upsertStores } from '../../database/content-write/stores';
import type { DB } from '../../database/schema';
import { applyFacetDelta, listingContributions, refreshProductListing } from '../../database/derived/product-listing';
import { refreshSearchDocumentsFor } from '../../database/derived/search-documents';
import type { WriteAction, WriteActor, WriteBody, WriteResource, WriteScope } from './write-resources';

type Trx = Transaction<DB>;

/** What a write does to one resource, inside the write's transaction; `null`: no such record. */
export interface ResourceWriter<R extends WriteResource> {
  create(trx: Trx, body: WriteBody<R>, scope: WriteScope): Promise<string>;
  update(trx: Trx, id: string, body: WriteBody<R>, scope: WriteScope): Promise<string | null>;
  remove(trx: Trx, id: string, scope: WriteScope): Promise<string | null>;
}

const conflict = (field: string, message: string) => new ContentWriteError('conflict', { [field]: message });

/**
 * The write API's SQL: each resource's create, update and delete through the write path the seed
 * uses (src/database/content-write), the derived data each keeps true in the same transaction
 * (product listing and cards, facet counts, search documents and terms; slug history is the write
 * path's own), and the audit row.
 */
@Injectable()
export class ContentWriteRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async audit(
    trx: Trx,
    entry: { resource: WriteResource; action: WriteAction; before: string | null; after: string | null },
    actor: WriteActor,
    scope: WriteScope,
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        token_id: actor.tokenId,
        token_name: actor.tokenName,
        resource: entry.resource,
        action: entry.action,
        entity_before: entry.before,
        entity_after: entry.after,
        shop_id: scope.shopId,
        locale: scope.locale,
        request_id: actor.requestId,
      })
      .execute();
  }

  readonly writers: { [R in WriteResource]: ResourceWriter<R> } = {
    products: {
      create: async (trx, body) => {
        const taken = await trx
          .selectFrom('product')
          .select('id')
          .where('reference', '=', body.reference)
          .executeTakeFirst();
        if (taken) throw conflict('reference', `product ${body.reference} exists (id ${taken.id})`);
        const id = (await upsertProducts(trx, [body])).get(body.reference)!;
        await refreshProducts(trx, [id]);
        return String(id);
      },
      update: async (trx, id, body) => {
        const row = await trx.selectFrom('product').select('reference').where('id', '=', Number(id)).executeTakeFirst();
        if (!row) return null;
        if (row.reference !== body.reference) {
          const taken = await trx
            .selectFrom('product')
            .select('id')
            .where('reference', '=', body.reference)
            .executeTakeFirst();
          if (taken) throw conflict('reference', `product ${body.reference} exists (id ${taken.id})`);
          await trx
            .updateTable('product')
            .set({ reference: body.reference, source_id: body.reference })
            .where('id', '=', Number(id))
            .execute();
        }
        await upsertProducts(trx, [body]);
        await refreshProducts(trx, [Number(id)]);
        return id;
      },
      remove: async (trx, id) => {
        const counted = await listingContributions(trx, [Number(id)]);
        if (!(await deleteProduct(trx, Number(id)))) return null;
        await applyFacetDelta(trx, counted, []);
        await refreshSearchDocumentsFor(trx, { product: [Number(id)] });
        return id;
      },
    },

    pages: {
      create: async (trx, body) => {
        const taken = await trx.selectFrom('page').select('id').where('key', '=', body.key).executeTakeFirst();
        if (taken) throw conflict('key', `page ${body.key} exists (id ${taken.id})`);
        const id = (await upsertPages(trx, [body], { touch: true })).get(body.key)!;
        await refreshSearchDocumentsFor(trx, { page: [id] });
        return String(id);
      },
      update: async (trx, id, body) => {
        const row = await trx.selectFrom('page').select('key').where('id', '=', Number(id)).executeTakeFirst();
        if (!row) return null;
        if (row.key !== body.key) {
          const taken = await trx.selectFrom('page').select('id').where('key', '=', body.key).executeTakeFirst();
          if (taken) throw conflict('key', `page ${body.key} exists (id ${taken.id})`);
          await trx.updateTable('page').set({ key: body.key }).where('id', '=', Number(id)).execute();
        }
        await upsertPages(trx, [body], { touch: true });
        await refreshSearchDocumentsFor(trx, { page: [Number(id)] });
        return id;
      },
      remove: async (trx, id) => {
        if (!(await deletePage(trx, Number(id)))) return null;
        await refreshSearchDocumentsFor(trx, { page: [Number(id)] });
        return id;
      },
    },

    needs: {
      create: async (trx, body) => {
        const taken = await trx.selectFrom('need').select('id').where('key', '=', body.key).executeTakeFirst();
        if (taken) throw conflict('key', `need ${body.key} exists (id ${taken.id})`);
        const id = (await upsertNeeds(trx, [body])).get(body.key)!;
        await refreshNeed(trx, id);
        return String(id);
      },
      update: async (trx, id, body) => {
        const row = await trx.selectFrom('need').select('key').where('id', '=', Number(id)).executeTakeFirst();
        if (!row) return null;
        if (row.key !== body.key) {
          const taken = await trx.selectFrom('need').select('id').where('key', '=', body.key).executeTakeFirst();
          if (taken) throw conflict('key', `need ${body.key} exists (id ${taken.id})`);
          await trx.updateTable('need').set({ key: body.key }).where('id', '=', Number(id)).execute();
        }
        if (body.parent) {
          const children = await trx
            .selectFrom('need')
            .select('key')
            .where('parent_id', '=', Number(id))
            .limit(1)
            .execute();
          if (children.length)
            throw new ContentWriteError('invalid', {
              parent: `a need with child needs (${children[0].key}) has no parent`,
            });
        }
        await upsertNeeds(trx, [body]);
        await refreshNeed(trx, Number(id));
        return id;
      },
      remove: async (trx, id) => {
        if (!(await deleteNeed(trx, Number(id)))) return null;
        await refreshSearchDocumentsFor(trx, { need: [Number(id)] });
        return id;
      },
    },

    brands: {
      create: async (trx, body) => {
        const taken = await trx.selectFrom('brand').select('id').where('key', '=', body.key).executeTakeFirst();
        if (taken) throw conflict('key', `brand ${body.key} exists (id ${taken.id})`);
        const id = (
          await upsertBrands(trx, [{ ...body, position: body.position ?? (await nextBrandPosition(trx)) }])
        ).get(body.key)!;
        await refreshBrand(trx, id);
        return String(id);
      },
      update: async (trx, id, body) => {
        const row = await trx
          .selectFrom('brand')
          .select(['key', 'position'])
          .where('id', '=', Number(id))
          .executeTakeFirst();
        if (!row) return null;
        if (row.key !== body.key) {
          const taken = await trx.selectFrom('brand').select('id').where('key', '=', body.key).executeTakeFirst();
          if (taken) throw conflict('key', `brand ${body.key} exists (id ${taken.id})`);
          await trx.updateTable('brand').set({ key: body.key }).where('id', '=', Number(id)).execute();
        }
        await upsertBrands(trx, [{ ...body, position: body.position ?? row.position }]);
        await refreshBrand(trx, Number(id));
        return id;
      },
      remove: async (trx, id) => {
        if (!(await deleteBrand(trx, Number(id)))) return null;
        await refreshSearchDocumentsFor(trx, { brand: [Number(id)] });
        return id;
      },
    },

    pharmacies: {
      create: async (trx, body) => {
        const taken = await trx.selectFrom('store').select('id').where('slug', '=', body.slug).executeTakeFirst();
        if (taken) throw conflict('slug', `pharmacy ${body.slug} exists (id ${taken.id})`);
        return String((await upsertStores(trx, [body])).get(body.slug)!);
      },
      update: async (trx, id, body) => {
        const row = await trx.selectFrom('store').select('slug').where('id', '=', Number(id)).executeTakeFirst();
        if (!row) return null;
        if (row.slug !== body.slug) {
          const taken = await trx.selectFrom('store').select('id').where('slug', '=', body.slug).executeTakeFirst();
          if (taken) throw conflict('slug', `pharmacy ${body.slug} exists (id ${taken.id})`);
          await trx.updateTable('store').set({ slug: body.slug }).where('id', '=', Number(id)).execute();
        }
        await upsertStores(trx, [body]);
        return id;
      },
      remove: async (trx, id) => ((await deleteStore(trx, Number(id))) ? id : null),
    },

    redirections: {
      create: async (trx, body, scope) => {
        const taken = await this.sameRule(trx, body, scope);
        if (taken) throw conflict('source', `a ${body.match} rule for ${body.source} exists (id ${taken.id})`);
        return String(await upsertRedirection(trx, scope.shopId, scope.locale, body));
      },
      update: async (trx, id, body, scope) => {
        const row = await trx
          .selectFrom('redirection')
          .select('id')
          .where('id', '=', Number(id))
          .where('shop_id', '=', scope.shopId)
          .executeTakeFirst();
        if (!row) return null;
        const taken = await this.sameRule(trx, body, scope);
        if (taken && taken.id !== Number(id))
          throw conflict('source', `a ${body.match} rule for ${body.source} exists (id ${taken.id})`);
        return String(await upsertRedirection(trx, scope.shopId, scope.locale, body, Number(id)));
      },
      remove: async (trx, id, scope) => {
        const row = await trx
          .deleteFrom('redirection')
          .where('id', '=', Number(id))
          .where('shop_id', '=', scope.shopId)
          .returning('id')
          .executeTakeFirst();
        return row ? id : null;
      },
    },

    settings: {
      create: async (trx, body, scope) => {
        if (await this.setting(trx, body.code, scope)) throw conflict('code', `setting ${body.code} exists`);
        await upsertSettings(trx, scope.shopId, scope.locale, [body]);
        return body.code;
      },
      update: async (trx, code, body, scope) => {
        if (!(await this.setting(trx, code, scope))) return null;
        if (body.code !== code) {
          if (await this.setting(trx, body.code, scope)) throw conflict('code', `setting ${body.code} exists`);
          await this.deleteSetting(trx, code, scope);
        }
        await upsertSettings(trx, scope.shopId, scope.locale, [body]);
        return body.code;
      },
      remove: async (trx, code, scope) => ((await this.deleteSetting(trx, code, scope)) ? code : null),
    },
  };

  private sameRule(trx: Trx, body: WriteBody<'redirections'>, scope: WriteScope) {
    return trx
      .selectFrom('redirection')
      .select('id')
      .where('shop_id', '=', scope.shopId)
      .where('locale', '=', scope.locale)
      .where('match', '=', body.match)
      .where('source', '=', body.source)
      .executeTakeFirst();
  }

  private setting(trx: Trx, code: string, scope: WriteScope) {
    return trx
      .selectFrom('global_setting')
      .select('code')
      .where('shop_id', '=', scope.shopId)
      .where('locale', '=', scope.locale)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  private async deleteSetting(trx: Trx, code: string, scope: WriteScope): Promise<boolean> {
    const rows = await trx
      .deleteFrom('global_setting')
      .where('shop_id', '=', scope.shopId)
      .where('locale', '=', scope.locale)
      .where('code', '=', code)
      .returning('code')
      .execute();
    return rows.length > 0;
  }
}

/** A product's listing rows and card, its lists' facet counts, its search documents and terms. */
async function refreshProducts(trx: Trx, ids: number[]): Promise<void> {
  await refreshProductListing(trx, { productIds: ids });
  await refreshSearchDocumentsFor(trx, { product: ids });
}

/** A need's documents, its child needs' (their context is its label) and its products' (its label is in them). */
async function refreshNeed(trx: Trx, id: number): Promise<void> {
  const children = await trx.selectFrom('need').select('id').where('parent_id', '=', id).execute();
  const products = await trx.selectFrom('product_need').select('product_id').where('need_id', '=', id).execute();
  await refreshSearchDocumentsFor(trx, {
    need: [id, ...children.map((c) => c.id)],
    product: products.map((p) => p.product_id),
  });
}

/** A brand's document, and its products' cards and documents (its name is in both). */
async function refreshBrand(trx: Trx, id: number): Promise<void> {
  const products = (await trx.selectFrom('product').select('id').where('brand_id', '=', id).execute()).map((p) => p.id);
  await refreshProductListing(trx, { productIds: products });
  await refreshSearchDocumentsFor(trx, { brand: [id], product: products });
}

async function nextBrandPosition(trx: Trx): Promise<number> {
  const row = await trx
    .selectFrom('brand')
    .select((eb) => eb.fn.max<number>('position').as('max'))
    .executeTakeFirst();
  return (row?.max ?? -1) + 1;
}
