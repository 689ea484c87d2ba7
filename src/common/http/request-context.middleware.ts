import { randomFillSync, randomUUID } from 'node:crypto';
import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { JsonLogger, requestContext } from '../logging/json-logger';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

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
 * First on every request: a request id (kept from a trusted proxy's X-Request-Id when well-formed),
 * the CSP nonce, and one access-log line when the response ends.
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(private readonly logger: JsonLogger) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.locals.cspNonce = cspNonce();
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      requestContext.run({ requestId: id }, () =>
        this.logger.event(res.statusCode >= 500 ? 'error' : 'info', 'request', {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          ip: req.ip,
        }),
      );
    });
    requestContext.run({ requestId: id }, next);
  }
}
