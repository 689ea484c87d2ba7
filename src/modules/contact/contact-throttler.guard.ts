import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';
import { DomainException } from '../../common/errors/domain.exception';

/** Set on a page post over the limit: the form is answered again with the message (429). */
export const THROTTLED = Symbol('contact.throttled');

export function isThrottled(req: Request): boolean {
  return (req as Request & { [THROTTLED]?: boolean })[THROTTLED] === true;
}

/**
 * The loose rate limit on every contact and newsletter post, valid or not (@nestjs/throttler,
 * CONTACT_POST_LIMIT; the strict one on valid submissions is SubmissionLimit's). The tracker is the
 * library's own: `req.ip`, which Express derives honouring TRUST_PROXY (a hop count, so a client
 * cannot choose its address by sending its own X-Forwarded-For), normalised (an IPv4-mapped IPv6
 * address is its IPv4 one, and an IPv6 address counts for its whole /64, which one client holds).
 * An API call over the limit gets the 429 JSON; a page post is marked and answered with the form
 * and its message, so the visitor keeps what was typed.
 */
@Injectable()
export class ContactThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: Parameters<ThrottlerGuard['throwThrottlingException']>[1],
  ): Promise<void> {
    const req = context.switchToHttp().getRequest<Request>();
    // The API's 429 in the shape of the other refusals of a form post (SPEC §7 `errors.code`).
    if (req.path.startsWith('/api/')) throw DomainException.formRefused(429, 'RATE_LIMITED', {});
    void detail;
    (req as Request & { [THROTTLED]?: boolean })[THROTTLED] = true;
  }
}
