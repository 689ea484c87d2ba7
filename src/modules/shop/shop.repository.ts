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

  findCountrySetting(shopId: number, locale: string) {
    return this.db
      .selectFrom('country_setting')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('locale', '=', locale)
      .executeTakeFirst();
  }

  findGlobalSettings(shopId: number, locale: string) {
    return this.db
      .selectFrom('global_setting')
      .select(['code', 'value'])
      .where('shop_id', '=', shopId)
      .where('locale', '=', locale)
      .execute();
  }

  findMenuItems(shopId: number, locale: string) {
    return this.db
      .selectFrom('menu_item')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('locale', '=', locale)
      .orderBy('menu')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }
}
