import { randomFillSync } from 'node:crypto';
import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { LOGGING, type Logging } from '../logging/logging';
import { withRequestTiming } from '../timing/request-timing';

/** CSPRNG bytes drawn in 4 KB batches (as randomUUID does): one nonce is 16 of them. */
const pool = Buffer.alloc(4096);
let offset = pool.length;

export function cspNonce(): string {
  if (offset + 16 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + 16);
  offset += 16;
  return nonce;
}

/**
 * First on every request: the CSP nonce, then the logger's middleware (pino-http, see logging.ts):
 * a request id (kept from a trusted proxy's X-Request-Id when well-formed), that request's logger in
 * scope for every line written while serving it, and one access-log line when the response ends;
 * and the request's timing (Server-Timing, see request-timing.ts).
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(@Inject(LOGGING) private readonly logging: Logging) {}

  use(req: Request, res: Response, next: NextFunction): void {
    res.locals.cspNonce = cspNonce();
    withRequestTiming(res, () => this.logging.http(req, res, next));
  }
}
