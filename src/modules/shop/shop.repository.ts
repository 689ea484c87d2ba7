import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

@Injectable()
export class ShopRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  findShops() {
    return this.db.selectFrom('shop').selectAll().orderBy('position').orderBy('id').execute();
  }

  findLanguages() {
    return this.db.selectFrom('shop_language').selectAll().orderBy('shop_id').orderBy('position').execute();
  }

  findSalesPlans() {
    return this.db.selectFrom('sales_plan').selectAll().orderBy('id').execute();
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
