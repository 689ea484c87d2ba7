import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
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
import { LOCALES } from '../../../../contracts/route-table';
import { SEARCH_TAB_NAMES } from '../../../../contracts/search';
import { SEARCH_TEXT_MAX } from '../search.rules';

/**
 * SPEC §7 "Search" (type Search, status PUBLISHED, language, text, saleplan_id, page, caracteristics,
 * all, perPage 17, display) and "Suggest" (type Suggest, language, text, saleplan_id): one resource,
 * GET /api/v1/search, the type choosing the answer.
 */
export class SearchQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsIn(['Search', 'Suggest'])
  type?: 'Search' | 'Suggest';

  @IsOptional()
  @IsIn(['PUBLISHED'])
  status?: string;

  /** The language of the text (SPEC §7 says `language`; `lang` is accepted as everywhere). */
  @IsOptional()
  @IsIn(LOCALES as unknown as string[])
  language?: string;

  @IsDefined()
  @IsString()
  @MaxLength(SEARCH_TEXT_MAX)
  @HasNoControlCharacters()
  text: string;

  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  saleplan_id?: number;

  @IsOptional()
  @IsIntegerParam(1, 10000)
  page?: number;

  @IsOptional()
  @IsIntegerParam(1, 100)
  perPage?: number;

  /** The solutions' filters, JSON: {"galenic_format":["gelule"],"brand":["lactibiane"]}. */
  @IsOptionalNotNull()
  @Transform(fromJson)
  @IsObject({ message: 'caracteristics must be a JSON object of filter name to values' })
  caracteristics?: Record<string, unknown>;

  /** Every group (the default), or the solutions only (`all=0`). */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  all?: boolean;

  @IsOptional()
  @IsIn(['grid', 'horizontal'])
  display?: string;

  /** The group `page` applies to (the others answer their first page). */
  @IsOptional()
  @IsIn(SEARCH_TAB_NAMES as unknown as string[])
  tab?: string;
}

export class SearchListingQueryDto extends ShopScopedQueryDto {
  @IsString()
  @Matches(/^\/[^\s]*$/, { message: 'path must be a site path starting with /' })
  @HasNoControlCharacters()
  @MaxLength(2000)
  path: string;
}
