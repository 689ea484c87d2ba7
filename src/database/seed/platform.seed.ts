import type { Transaction } from 'kysely';
import type { DB } from '../schema';
import type { Database } from '../database';
import { upsertRedirection, upsertSettings } from '../content-write/platform';
import { loadShops, loadSites, type MenuContent } from './content';

/**
 * Loads the platform content pack (shops, languages, sales plans, country and global settings, menus,
 * home content, redirections). Idempotent: rows are upserted, and a site's settings and menus are
 * replaced as a whole, so running it twice leaves the same data.
 */
export async function seedPlatform(db: Database, dir?: string): Promise<{ shops: number; sites: number }> {
  const shops = loadShops(dir);
  const sites = loadSites(dir);
  await db.transaction().execute(async (trx) => {
    for (const shop of shops) {
      await trx
        .insertInto('shop')
        .values({
          id: shop.id,
          code: shop.code,
          name: shop.name,
          domain: shop.domain,
          default_locale: shop.default_locale,
          position: shop.position,
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            code: eb.ref('excluded.code'),
            name: eb.ref('excluded.name'),
            domain: eb.ref('excluded.domain'),
            default_locale: eb.ref('excluded.default_locale'),
            position: eb.ref('excluded.position'),
          })),
        )
        .execute();
      await trx.deleteFrom('shop_language').where('shop_id', '=', shop.id).execute();
      await trx
        .insertInto('shop_language')
        .values(
          shop.languages.map((l, position) => ({
            shop_id: shop.id,
            locale: l.locale,
            label: l.label,
            subdomain: l.subdomain,
            position,
          })),
        )
        .execute();
      for (const plan of shop.sales_plans) {
        await trx
          .insertInto('sales_plan')
          .values({
            id: plan.id,
            shop_id: shop.id,
            target: plan.target,
            name: plan.name,
            currency_symbol: plan.currency_symbol,
          })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              target: eb.ref('excluded.target'),
              name: eb.ref('excluded.name'),
              currency_symbol: eb.ref('excluded.currency_symbol'),
            })),
          )
          .execute();
      }
    }
    for (const site of sites) {
      const shop = shops.find((s) => s.code === site.shop);
      if (!shop) throw new Error(`content: site ${site.shop}-${site.locale} names an unknown shop`);
      await seedSite(trx, shop.id, site);
    }
  });
  return { shops: shops.length, sites: sites.length };
}

async function seedSite(
  trx: Transaction<DB>,
  shopId: number,
  site: ReturnType<typeof loadSites>[number],
): Promise<void> {
  const { locale } = site;
  await trx
    .insertInto('country_setting')
    .values({ shop_id: shopId, locale, ...site.country })
    .onConflict((oc) => oc.columns(['shop_id', 'locale']).doUpdateSet(site.country))
    .execute();
  await trx.deleteFrom('global_setting').where('shop_id', '=', shopId).where('locale', '=', locale).execute();
  await upsertSettings(
    trx,
    shopId,
    locale,
    Object.entries(site.settings).map(([code, value]) => ({ code, value })),
  );
  await trx.deleteFrom('menu_item').where('shop_id', '=', shopId).where('locale', '=', locale).execute();
  const items: Array<{ menu: string; item: MenuContent; parent: string | null; position: number }> = [];
  for (const [menu, entries] of Object.entries(site.menus)) {
    entries.forEach((item, position) => {
      items.push({ menu, item, parent: null, position });
      item.children?.forEach((child, childPosition) =>
        items.push({ menu, item: child, parent: item.key, position: childPosition }),
      );
    });
  }
  if (items.length) {
    await trx
      .insertInto('menu_item')
      .values(
        items.map(({ menu, item, parent, position }) => ({
          shop_id: shopId,
          locale,
          menu,
          key: item.key,
          parent_key: parent,
          label: item.label,
          route: item.route ?? null,
          route_params: JSON.stringify(item.route_params ?? {}),
          url: item.url ?? null,
          position,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('home_content')
    .values({ shop_id: shopId, locale, content: JSON.stringify(site.home) })
    .onConflict((oc) =>
      oc
        .columns(['shop_id', 'locale'])
        .doUpdateSet({ content: JSON.stringify(site.home), updated_at: new Date().toISOString() }),
    )
    .execute();
  // A site's rules apply on its own language's host only (a French path means nothing on the German
  // host).
  for (const rule of site.redirections) await upsertRedirection(trx, shopId, locale, rule);
}
