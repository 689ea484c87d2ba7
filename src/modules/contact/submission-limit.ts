import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_IPV6_SUBNET_PREFIX, normalizeIp, ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/** The name of the strict limit's counters (the guard's loose one is `posts`). */
export const SUBMISSIONS_THROTTLER = 'submissions';

/**
 * The strict rate limit (CONTACT_RATE_LIMIT per CONTACT_RATE_WINDOW_SECONDS): requests and sign-ups
 * that passed the form's rules, counted by the service once they did. A visitor without JavaScript who
 * gets a field wrong is answered with the messages and is not counted; every post, valid or not, goes
 * through the looser guard limit (CONTACT_POST_LIMIT) instead. The counters are @nestjs/throttler's
 * storage (Redis when configured, shared by the replicas) and its client key: `req.ip` (TRUST_PROXY)
 * normalised as the library does (an IPv6 client counts for its /64).
 */
@Injectable()
export class SubmissionLimit {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one valid submission of the client; false once it is over the limit (refused for a window). */
  async take(ip: string | undefined): Promise<boolean> {
    const tracker = normalizeIp(ip ?? 'unknown', DEFAULT_IPV6_SUBNET_PREFIX);
    const window = this.config.CONTACT_RATE_WINDOW_SECONDS * 1000;
    const record = await this.storage.increment(
      `${SUBMISSIONS_THROTTLER}:${tracker}`,
      window,
      this.config.CONTACT_RATE_LIMIT,
      window,
      SUBMISSIONS_THROTTLER,
    );
    return !record.isBlocked;
  }
}
