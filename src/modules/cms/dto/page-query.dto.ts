import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsOptional } from 'class-validator';
import { IsDatabaseId, IsIntegerParam, ShopScopedQueryDto, toBool, toInteger } from '../../../common/api';
import { PAGE_TYPES } from '../../../database/editorial-schema';

/** "1,2,3" (or a repeated parameter) as ids; anything else is kept so validation names it. */
const toIds = ({ value }: { value: unknown }) => {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value;
  return Array.isArray(parts) ? parts.map((v) => toInteger({ value: typeof v === 'string' ? v.trim() : v })) : parts;
};
const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.split(',').map((v) => v.trim()) : value;

export class PageListQueryDto extends ShopScopedQueryDto {
  /** One page type or several, comma-separated (SPEC §3 type.technical_name). */
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @IsIn(PAGE_TYPES as unknown as string[], { each: true, message: `type must be among ${PAGE_TYPES.join(', ')}` })
  type?: string[];

  /** Published pages only (the default); unpublished content is never served by this endpoint. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  published?: boolean;

  @IsOptional()
  @IsIn(['order', 'published_at', 'title', 'id'])
  order_by?: 'order' | 'published_at' | 'title' | 'id';

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  /** At most this many pages, without paging. */
  @IsOptional()
  @IsIntegerParam(1, 100)
  take?: number;

  @IsOptional()
  @Transform(toIds)
  @IsArray()
  @IsDatabaseId({ each: true, message: 'exclude must be page ids' })
  exclude?: number[];

  @IsOptional()
  @Transform(toIds)
  @IsArray()
  @IsDatabaseId({ each: true, message: 'innovationCategories must be innovation category ids' })
  innovationCategories?: number[];

  /** Pages shown in the product list: those associated with at least one product. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  product_list_display?: boolean;

  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  expertise?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  need?: number;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  highlighted?: boolean;

  @IsOptional()
  @IsIntegerParam(1, 100)
  perPage?: number;

  @IsOptional()
  @IsIntegerParam(1, 100000)
  page?: number;

  /** Pages associated with this product id. */
  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  associated_to?: number;
}

export class ProductPagesQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsIntegerParam(1, 50)
  per_page?: number;
}

export class InnovationCategoriesQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsIn(PAGE_TYPES as unknown as string[])
  page_type?: string;
}
