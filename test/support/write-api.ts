import request from 'supertest';
import { ApiTokenService, type WriteResource } from '../../src/modules/content-api';
import { ContentWriteRepository } from '../../src/modules/content-api/content-write.repository';
import type { ProductContent } from '../../src/database/content-schema';
import { FR, type TestApp } from './app';
import { contentProducts } from './content';

/** A new write token (through the service the CLI uses), `Bearer …` ready for the header. */
export async function writeToken(
  t: TestApp,
  scopes: Array<WriteResource | '*'> = ['*'],
  shops: number[] | null = null,
  name = `test-${Math.random().toString(36).slice(2, 10)}`,
): Promise<{ id: number; name: string; header: string }> {
  const { id, token } = await t.app.get(ApiTokenService).create(name, scopes, shops);
  return { id, name, header: `Bearer ${token}` };
}

/** A JSON write through the API. */
export function write(
  t: TestApp,
  method: 'post' | 'put' | 'delete',
  path: string,
  auth: string | undefined,
  body?: unknown,
  host = FR,
) {
  const req = request(t.server)[method](`/api/v1/${path}`).set('Host', host).set('Accept', 'application/json');
  if (auth) req.set('Authorization', auth);
  return body === undefined ? req : req.send(body as object);
}

/** A valid product body, made from a product of the pack with a new reference, EAN and slugs. */
export function productBody(tag: string, base?: ProductContent): ProductContent {
  const source = base ?? contentProducts().find((p) => p.published && p.sales_plans.includes('default'))!;
  const copy = JSON.parse(JSON.stringify(source)) as ProductContent;
  copy.reference = `TST-${tag.toUpperCase()}`;
  copy.ean = String(7_600_000_000_000 + Math.floor(Math.random() * 999_999));
  copy.associates = [];
  for (const [locale, texts] of Object.entries(copy.texts)) {
    texts.slug = `produit-test-${tag}-${locale}`;
    texts.name = `Zorblex ${tag} ${locale}`;
  }
  return copy;
}

/** A suffix unique to this run: names that must be unique (tokens) stay so on a shared server database. */
export const RUN = Math.random().toString(36).slice(2, 8);

/**
 * Removes what the write specs created, through the write path (derived data included), so that the
 * server-backed suite, which shares one database between spec files and runs, finds the content pack
 * only: products `TST-…`, pages whose key or French slug starts with `glimmervox`, `test-`/`replica_`
 * settings.
 */
export async function removeTestContent(t: TestApp): Promise<void> {
  const repository = t.app.get(ContentWriteRepository);
  const scope = { shopId: 1, locale: 'fr' };
  await repository.transaction(async (trx) => {
    const pages = await trx
      .selectFrom('page')
      .innerJoin('page_translation as t', 't.page_id', 'page.id')
      .select('page.id')
      .distinct()
      .where((eb) => eb.or([eb('t.slug', 'like', 'glimmervox%'), eb('page.key', 'like', 'glimmervox%')]))
      .execute();
    for (const page of pages) await repository.writers.pages.remove(trx, String(page.id), scope);
    const products = await trx.selectFrom('product').select('id').where('reference', 'like', 'TST-%').execute();
    for (const product of products) await repository.writers.products.remove(trx, String(product.id), scope);
    await trx
      .deleteFrom('global_setting')
      .where((eb) =>
        eb.or([
          eb('code', 'like', 'replica\\_%'),
          eb('code', 'like', 'api\\_test%'),
          eb('code', 'like', 'audit\\_me%'),
        ]),
      )
      .execute();
  });
}
