import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { LOCALES } from '../../../contracts/route-table';
import { IsDatabaseId, toInteger } from './api-params';

/**
 * Every API request may name its shop and language (SPEC §7); both must agree with the shop's setup
 * (checked by `SiteSource.scoped`). Query DTOs of every feature extend it.
 */
export class ShopScopedQueryDto {
  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  shop_id?: number;

  @IsOptional()
  @IsIn(LOCALES as unknown as string[])
  lang?: string;
}

/** What an API request may override of the site its host names. */
export interface ShopScope {
  shop_id?: number;
  lang?: string;
  saleplan_id?: number;
}

/** `true`/`1` and `false`/`0` as booleans; anything else is kept so validation names it. */
export const toBool = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' || value === true
    ? true
    : value === 'false' || value === '0' || value === false
      ? false
      : value;

/** Parses a JSON query parameter; an unparsable value is kept as is so validation names it. */
export const fromJson = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
