import request from 'supertest';
import { ApiTokenService, type WriteResource } from '../../src/modules/content-api';
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
