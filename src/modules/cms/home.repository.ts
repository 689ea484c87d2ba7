import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

@Injectable()
export class HomeRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  findContent(shopId: number, locale: string) {
    return this.db
      .selectFrom('home_content')
      .select('content')
      .where('shop_id', '=', shopId)
      .where('locale', '=', locale)
      .executeTakeFirst();
  }
}
