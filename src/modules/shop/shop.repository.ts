import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

@Injectable()
export class ShopRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Every shop, its languages and the sales plans, in one round trip (each list as JSON built by the
   * database): the table of hosts, read again every few seconds by each process.
   */
  findShopTable() {
    return this.db
      .selectNoFrom((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('shop')
            .select(['id', 'code', 'name', 'domain', 'default_locale'])
            .orderBy('position')
            .orderBy('id'),
        ).as('shops'),
        jsonArrayFrom(
          eb
            .selectFrom('shop_language')
            .select(['shop_id', 'locale', 'label', 'subdomain'])
            .orderBy('shop_id')
            .orderBy('position'),
        ).as('languages'),
        jsonArrayFrom(
          eb.selectFrom('sales_plan').select(['id', 'shop_id', 'target', 'currency_symbol']).orderBy('id'),
        ).as('plans'),
      ])
      .executeTakeFirstOrThrow();
  }

  /**
   * The layout shell of a shop in a locale in one round trip: its country settings, global settings
   * and menu items (ordered by menu, position, id), each as JSON built by the database.
   */
  findShell(shopId: number, locale: string) {
    return this.db
      .selectNoFrom((eb) => [
        jsonObjectFrom(
          eb.selectFrom('country_setting').selectAll().where('shop_id', '=', shopId).where('locale', '=', locale),
        ).as('country'),
        jsonArrayFrom(
          eb
            .selectFrom('global_setting')
            .select(['code', 'value'])
            .where('shop_id', '=', shopId)
            .where('locale', '=', locale),
        ).as('settings'),
        jsonArrayFrom(
          eb
            .selectFrom('menu_item')
            .selectAll()
            .where('shop_id', '=', shopId)
            .where('locale', '=', locale)
            .orderBy('menu')
            .orderBy('position')
            .orderBy('id'),
        ).as('items'),
      ])
      .executeTakeFirstOrThrow();
  }
}
