import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/**
 * What the verification said: accepted (with its score), refused (the visitor's token), or no verdict
 * on the visitor: the service could not be asked (`unreachable`) or refused our own request
 * (`misconfigured`: a wrong secret or URL, a configuration error the visitor cannot fix).
 */
export type CaptchaVerdict =
  | { status: 'verified'; score: number | null }
  | { status: 'rejected'; reason: string }
  | { status: 'unreachable'; reason: string }
  | { status: 'misconfigured'; reason: string }
  | { status: 'disabled' };

/**
 * siteverify's error codes that blame the site's own request (secret, request format), not the
 * visitor's token ('invalid-input-response', 'timeout-or-duplicate', 'missing-input-response').
 */
const CONFIGURATION_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

/**
 * reCAPTCHA v3 verification (SPEC §4 "Captcha", §8): the token the browser got at submit is checked
 * with the secret against RECAPTCHA_VERIFY_URL (a local stub in tests) through @nestjs/axios, with a
 * timeout. Accepted only with success, the expected action, the site's hostname and a score at least
 * RECAPTCHA_MIN_SCORE. The service out of reach (timeout, network, 5xx) is `unreachable`: the caller
 * keeps the request as unverified rather than lose it. A 4xx answer or an error code about the
 * secret is `misconfigured`, logged as an error for the operators: the visitor is not refused for
 * the site's mistake (the request is kept as unverified too). Without RECAPTCHA_SECRET: `disabled`.
 */
@Injectable()
export class CaptchaService {
  private readonly logger = new Logger(CaptchaService.name);

  constructor(
    private readonly http: HttpService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return !!this.config.RECAPTCHA_SECRET;
  }

  async verify(token: string, action: string, hostname: string, remoteIp?: string): Promise<CaptchaVerdict> {
    if (!this.config.RECAPTCHA_SECRET) return { status: 'disabled' };
    const form = new URLSearchParams({ secret: this.config.RECAPTCHA_SECRET, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: SiteVerifyAnswer;
    try {
      const response = await firstValueFrom(
        this.http.post<SiteVerifyAnswer>(this.config.RECAPTCHA_VERIFY_URL, form.toString(), {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          timeout: this.config.RECAPTCHA_TIMEOUT_MS,
          validateStatus: (status) => status < 500,
        }),
      );
      if (response.status >= 400) return this.misconfigured(`answer ${response.status}`);
      if (typeof response.data !== 'object' || response.data === null)
        return this.unreachable(`answer ${response.status} without a verdict`);
      answer = response.data;
    } catch (error) {
      return this.unreachable((error as Error).message);
    }
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
    if (codes.some((code) => CONFIGURATION_ERRORS.has(code))) return this.misconfigured(codes.join(','));
    if (answer.success !== true) return { status: 'rejected', reason: codes.join(',') || 'failed' };
    if (answer.action !== action) return { status: 'rejected', reason: `action ${String(answer.action)}` };
    if (answer.hostname !== hostname) return { status: 'rejected', reason: `hostname ${String(answer.hostname)}` };
    const score = typeof answer.score === 'number' ? answer.score : null;
    if (score === null || score < this.config.RECAPTCHA_MIN_SCORE)
      return { status: 'rejected', reason: `score ${String(score)}` };
    return { status: 'verified', score };
  }

  private misconfigured(reason: string): CaptchaVerdict {
    this.logger.error(
      `reCAPTCHA refused the site's verification request (check RECAPTCHA_SECRET and RECAPTCHA_VERIFY_URL), the request is kept as unverified: ${reason}`,
    );
    return { status: 'misconfigured', reason };
  }

  private unreachable(reason: string): CaptchaVerdict {
    this.logger.warn(`reCAPTCHA verification unreachable, the request is kept as unverified: ${reason}`);
    return { status: 'unreachable', reason };
  }
}
