import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { IsDatabaseId, ShopScopedQueryDto, toInteger } from '../../../common/api';

export const HOMEPAGE_TYPES = ['homepage', 'products'] as const;

/** GET /homepage (SPEC §7 "Homepage"): `type=homepage` (the default) or `products`, and `saleplan_id`. */
export class HomepageQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsIn(HOMEPAGE_TYPES)
  type?: (typeof HOMEPAGE_TYPES)[number];

  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  saleplan_id?: number;
}
