import {
  Inject,
  Injectable,
  SetMetadata,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppCache } from '../../cache/app-cache.service';
import { DomainException } from '../../common/errors/domain.exception';
import { markPrivate } from '../../common/http/private-response';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { ApiTokenService, type VerifiedToken } from './api-token.service';
import type { WriteResource } from './write-resources';

const RESOURCE = 'content-api:resource';
/** The resource a write handler writes: the scope its token needs. */
export const Writes = (resource: WriteResource) => SetMetadata(RESOURCE, resource);

const WINDOW_SECONDS = 60;
const tokens = new WeakMap<Request, VerifiedToken>();

/**
 * The write API's door: 401 without a live bearer token (missing, malformed, unknown, revoked),
 * 403 when the token lacks the resource's scope or the request's shop (its `shop_id`, else its
 * host's), 429 with Retry-After past API_WRITE_RATE_LIMIT requests a minute per token (counted in
 * AppCache: atomic on Redis, shared by the replicas).
 */
@Injectable()
export class WriteTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: ApiTokenService,
    private readonly cache: AppCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    markPrivate(context.switchToHttp().getResponse<Response>());
    const resource = this.reflector.get<WriteResource>(RESOURCE, context.getHandler());
    const bearer = /^Bearer (\S{1,300})$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer) throw DomainException.unauthorized('A bearer token is required (Authorization: Bearer api_…)');
    const token = await this.tokens.verify(bearer);
    if (!token) throw DomainException.unauthorized('Unknown or revoked token');
    if (!token.scopes.includes('*') && !token.scopes.includes(resource))
      throw DomainException.forbidden(`This token may not write ${resource}`);
    const shopId = requestedShop(req);
    if (token.shops && (shopId === null || !token.shops.includes(shopId)))
      throw DomainException.forbidden(`This token may not write for shop ${shopId ?? '?'}`);
    const now = Date.now();
    const window = Math.floor(now / (WINDOW_SECONDS * 1000));
    const count = await this.cache.count(`api-write:${token.id}:${window}`, 1, WINDOW_SECONDS);
    if (count > this.config.API_WRITE_RATE_LIMIT)
      throw DomainException.rateLimited(Math.max(1, Math.ceil(((window + 1) * WINDOW_SECONDS * 1000 - now) / 1000)));
    tokens.set(req, token);
    return true;
  }
}

/** The shop a request writes for: its `shop_id` when it is a database id, else its host's. */
function requestedShop(req: Request): number | null {
  const raw = req.query.shop_id;
  if (raw === undefined) return req.site?.shop.id ?? null;
  return typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;
}

/** The token a request was let through with (behind WriteTokenGuard). */
export const WriteToken = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): VerifiedToken => tokens.get(ctx.switchToHttp().getRequest<Request>())!,
);
