import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { HasNoControlCharacters, ShopScopedQueryDto } from '../../../common/api';

/**
 * GET /redirections (SPEC §7 "Redirections"): the address to look up, as `url` (path and query),
 * `path` (path only) and `origin` (the host, with or without scheme), alone or combined.
 */
export class RedirectionQueryDto extends ShopScopedQueryDto {
  /** Path and query, e.g. /ancienne-page?x=1. */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @HasNoControlCharacters()
  @Matches(/^\/(?!\/)/, { message: 'url must be a path on the site, starting with a single /' })
  url?: string;

  /** Path without query, e.g. /ancienne-page. */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @HasNoControlCharacters()
  @Matches(/^\/(?!\/)[^?#]*$/, { message: 'path must be a path on the site, starting with a single /, without query' })
  path?: string;

  /** The host asked for: produits.example.ch or http(s)://produits.example.ch, optionally with a port. */
  @IsOptional()
  @IsString()
  @MaxLength(300)
  @Matches(/^(https?:\/\/)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?\/?$/i, {
    message: 'origin must be a host name, with or without http(s)://',
  })
  origin?: string;
}
