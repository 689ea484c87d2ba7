import type { Transaction } from 'kysely';
import type { RedirectionContent } from '../content-schema';
import type { DB } from '../schema';

/**
 * Writes one redirection rule of a site (the seed's sites and `POST/PUT /api/v1/redirections`):
 * upserted by (shop, language, match, source); with `id`, that rule is rewritten in place. A
 * language-less twin left by a database older than migration 0005 is dropped. Returns its id.
 */
export async function upsertRedirection(
  trx: Transaction<DB>,
  shopId: number,
  locale: string,
  rule: RedirectionContent,
  id?: number,
): Promise<number> {
  await trx
    .deleteFrom('redirection')
    .where('shop_id', '=', shopId)
    .where('locale', 'is', null)
    .where('match', '=', rule.match)
    .where('source', '=', rule.source)
    .execute();
  if (id !== undefined) {
    const row = await trx
      .updateTable('redirection')
      .set({ shop_id: shopId, locale, ...rule })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const row = await trx
    .insertInto('redirection')
    .values({ shop_id: shopId, locale, ...rule })
    .onConflict((oc) =>
      oc.columns(['shop_id', 'locale', 'match', 'source']).doUpdateSet({ target: rule.target, code: rule.code }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes global settings of a site (the seed's sites and `POST/PUT /api/v1/settings`): upserted by
 * (shop, language, code).
 */
export async function upsertSettings(
  trx: Transaction<DB>,
  shopId: number,
  locale: string,
  settings: Array<{ code: string; value: string }>,
): Promise<void> {
  if (!settings.length) return;
  await trx
    .insertInto('global_setting')
    .values(settings.map((s) => ({ shop_id: shopId, locale, code: s.code, value: s.value })))
    .onConflict((oc) =>
      oc.columns(['shop_id', 'locale', 'code']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
    )
    .execute();
}
