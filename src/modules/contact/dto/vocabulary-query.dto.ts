import { IsIn, IsOptional } from 'class-validator';
import { LOCALES } from '../../../../contracts/route-table';
import { ShopScopedQueryDto } from '../../../common/api';

/** GET /api/v1/civilities?language= (SPEC §7 "Civilities"); without it, the site's language. */
export class CivilitiesQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsIn(LOCALES as unknown as string[])
  language?: string;
}

/** GET /api/v1/provincials (SPEC §7 "Provincials"): only the shop scope. */
export class ProvincialsQueryDto extends ShopScopedQueryDto {}
