import { Injectable } from '@nestjs/common';
import { AppCache } from '../../cache/app-cache.service';
import { emailKey } from './auth.service';

/** Failed logins allowed per window, per client address and per account address. */
export const LOGIN_ATTEMPTS = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Rate limit of login attempts (issue 9): at most LOGIN_ATTEMPTS failures per LOGIN_WINDOW_SECONDS
 * from one client address and against one account address. Counted through AppCache's counters
 * (Redis with REDIS_URL: shared by the replicas, atomic). An attempt is counted before the password
 * is checked, so concurrent attempts cannot slip past the limit together; a successful one is given
 * back.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly cache: AppCache) {}

  /** Counts an attempt; false when it is over the limit (the password must not be checked). */
  async admit(ip: string, email: string): Promise<boolean> {
    const [byAddress, byAccount] = await Promise.all(
      this.keys(ip, email).map((key) => this.cache.count(key, 1, LOGIN_WINDOW_SECONDS)),
    );
    return byAddress <= LOGIN_ATTEMPTS && byAccount <= LOGIN_ATTEMPTS;
  }

  /** The attempt succeeded: it does not count as a failure. */
  async succeeded(ip: string, email: string): Promise<void> {
    await Promise.all(this.keys(ip, email).map((key) => this.cache.count(key, -1, LOGIN_WINDOW_SECONDS)));
  }

  private keys(ip: string, email: string): [string, string] {
    return [`login:ip:${ip}`, `login:email:${emailKey(email)}`];
  }
}
