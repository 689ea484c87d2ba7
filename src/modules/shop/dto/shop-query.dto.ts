import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsDatabaseId, ShopScopedQueryDto, toInteger } from '../../../common/api';

export { ShopScopedQueryDto };

export class ShopQueryDto extends ShopScopedQueryDto {
  /** A host name without scheme (produits.example.ch), optionally with a port. */
  @IsOptional()
  @IsString()
  @MaxLength(253)
  @Matches(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$/i, {
    message: 'url must be a host name without scheme, e.g. produits.example.ch',
  })
  url?: string;
}

export class UrlQueryDto extends ShopScopedQueryDto {}

/** GET /slugs: `site_id`, the shop whose slugs are asked for (the request's own when absent). */
export class SlugsQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @Transform(toInteger)
  @IsDatabaseId()
  site_id?: number;
}
