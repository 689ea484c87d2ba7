import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { DomainException } from '../../common/errors/domain.exception';

/**
 * The request's JSON object: 415 when the body is not `application/json`, 400 (naming the body) when
 * it is `null`, a list or a scalar. Malformed or too large JSON never gets here (the body parser's
 * 400 and 413, src/common/errors).
 */
export const JsonBody = createParamDecorator((_: unknown, ctx: ExecutionContext): Record<string, unknown> => {
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!req.is('application/json')) throw DomainException.unsupportedMediaType();
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw DomainException.invalidInput({ body: 'must be a JSON object' });
  return body as Record<string, unknown>;
});
