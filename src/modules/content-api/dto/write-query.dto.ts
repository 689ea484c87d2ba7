import { ShopScopedQueryDto } from '../../../common/api';

/** The query of every write (SPEC §7: every request carries `shop_id` and `lang`). */
export class WriteQueryDto extends ShopScopedQueryDto {}
