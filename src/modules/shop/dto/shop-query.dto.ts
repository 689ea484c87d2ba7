import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ShopScopedQueryDto } from '../../../common/api';

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
