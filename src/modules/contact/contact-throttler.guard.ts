import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

/** Set on a page post over the limit: the form is answered again with the message (429). */
export const THROTTLED = Symbol('contact.throttled');

export function isThrottled(req: Request): boolean {
  return (req as Request & { [THROTTLED]?: boolean })[THROTTLED] === true;
}

/**
 * The rate limit of the contact and newsletter posts (@nestjs/throttler). The tracker is `req.ip`,
 * which Express derives honouring TRUST_PROXY (a hop count): a client cannot choose its address by
 * sending its own X-Forwarded-For. An API call over the limit gets the 429 JSON; a page post is marked
 * and answered with the form and its message, so the visitor keeps what was typed.
 */
@Injectable()
export class ContactThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(req: Record<string, unknown>): Promise<string> {
    return Promise.resolve(String((req as unknown as Request).ip ?? 'unknown'));
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: Parameters<ThrottlerGuard['throwThrottlingException']>[1],
  ): Promise<void> {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.path.startsWith('/api/')) return super.throwThrottlingException(context, detail);
    (req as Request & { [THROTTLED]?: boolean })[THROTTLED] = true;
  }
}
