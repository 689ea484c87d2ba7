import { Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  IsObject,
} from 'class-validator';
import {
  fromJson,
  HasNoControlCharacters,
  IsDatabaseId,
  IsIntegerParam,
  IsOptionalNotNull,
  ShopScopedQueryDto,
  toBool,
  toInteger,
} from '../../../common/api';

export { ShopScopedQueryDto };
import { SORTS } from '../catalogue.types';
import { PAGE_TYPES } from '../../../database/editorial-schema';

const json = fromJson;

export class PriceRangeDto {
  @IsInt()
  @Min(0)
  @Max(10000)
  min = 0;

  @IsInt()
  @Min(0)
  @Max(10000)
  max = 10000;
}

export class ProductListQueryDto extends ShopScopedQueryDto {
  /** Comma-separated category ids, or a JSON array of ids. */
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' ? (value.trim().startsWith('[') ? json({ value }) : value.split(',')) : value,
  )
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => toInteger({ value: v })) : value))
  @IsArray({ message: 'categories must be category ids' })
  @IsDatabaseId({ each: true, message: 'categories must be category ids' })
  categories?: number[];

  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  categoryId?: number;

  @IsOptional()
  @IsIntegerParam(1, 100000)
  page?: number;

  @IsOptional()
  @IsIntegerParam(1, 100)
  perPage?: number;

  @IsOptionalNotNull()
  @Transform(({ value }) => {
    const parsed = json({ value });
    // Anything but a JSON object stays the text it was: @IsObject names the parameter without
    // walking an arbitrarily nested array.
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? Object.assign(new PriceRangeDto(), parsed)
      : value;
  })
  @IsObject({ message: 'price must be a JSON object {"min":0,"max":10000}' })
  @ValidateNested()
  price?: PriceRangeDto;

  /** JSON array of need ids. */
  @IsOptionalNotNull()
  @Transform(json)
  @IsArray({ message: 'needs must be a JSON array of need ids' })
  @IsDatabaseId({ each: true, message: 'needs must be a JSON array of need ids' })
  needs?: number[];

  @IsOptional()
  @IsIn(SORTS as unknown as string[])
  orderBy?: string;

  @IsOptional()
  @IsIn(SORTS as unknown as string[])
  sort?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @HasNoControlCharacters()
  text?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  saleplan_id?: number;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  published?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  no_free?: boolean;

  /** SPEC §7 "Products asm": 1 lists only the products sold in stores (not `not_sold_in_store`). */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  asm?: boolean;

  /** JSON object of filters: {"galenic_format":["gelule"],"brand":["lactibiane"]}. */
  @IsOptionalNotNull()
  @Transform(json)
  @IsObject({ message: 'caracteristics must be a JSON object of filter name to values' })
  caracteristics?: Record<string, unknown>;

  /** Same as caracteristics, as a JSON list of {type, data[]} (SPEC §3 Filters). */
  @IsOptionalNotNull()
  @Transform(json)
  @IsArray({ message: 'filters must be a JSON list of {"type","data"}' })
  filters?: unknown;

  @IsOptional()
  @IsIn(['grid', 'horizontal'])
  display?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[a-z_,]+$/)
  caracteristics_select?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[a-z]+$/)
  category?: string;
}

export class ListingQueryDto extends ShopScopedQueryDto {
  @IsString()
  @Matches(/^\/[^\s]*$/, { message: 'path must be a site path starting with /' })
  @HasNoControlCharacters()
  @MaxLength(2000)
  path: string;
}

export class UrlEntityQueryDto extends ShopScopedQueryDto {
  /** A catalogue entity, or a page type (SPEC §3 CMS page type). */
  @IsIn(['product', 'category', 'brand', ...PAGE_TYPES])
  entity_type: string;

  @IsString()
  @Matches(/^[a-z0-9]+(?:[-/][a-z0-9]+)*$/, { message: 'slug must be lowercase letters, digits, hyphens and slashes' })
  @MaxLength(300)
  slug: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  published?: boolean;

  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  saleplan_id?: number;

  @IsOptional()
  @IsIntegerParam(0, 3)
  depth?: number;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  parents?: boolean;
}

export class FaqQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsIntegerParam(1, 50)
  limit?: number;
}

/** GET /categories (SPEC §7 "Categories / navigation"): the category tree, `depth` levels of children. */
export class CategoriesQueryDto extends ShopScopedQueryDto {
  /** Levels of children under the top categories: 0 (the navigation's call) gives the top categories alone. */
  @IsOptional()
  @IsIntegerParam(0, 3)
  depth?: number;
}
