import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

@Injectable()
export class RedirectionRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  findForShop(shopId: number) {
    return this.db
      .selectFrom('redirection')
      .select(['match', 'source', 'target', 'code'])
      .where((eb) => eb.or([eb('shop_id', '=', shopId), eb('shop_id', 'is', null)]))
      .orderBy('id')
      .execute();
  }
}
