import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { ShopScopedQueryDto, toBool } from '../../../common/api';
import { PAGE_TYPES } from '../../../database/editorial-schema';
import type { PageType } from '../../../database/schema';

/** GET /need (SPEC §7 "Needs"): the need index, narrowed to needs with pages of a type, or to parents. */
export class NeedIndexQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsIn(PAGE_TYPES as unknown as string[], { message: `page_type must be among ${PAGE_TYPES.join(', ')}` })
  page_type?: PageType;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  parents_only?: boolean;
}

/** GET /need/{id}/pages: the pages of a need, optionally of one type. */
export class NeedPagesQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsIn(PAGE_TYPES as unknown as string[], { message: `page_type must be among ${PAGE_TYPES.join(', ')}` })
  page_type?: PageType;
}
