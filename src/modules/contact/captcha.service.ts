import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/** What the verification said: accepted (with its score), refused, or could not be asked. */
export type CaptchaVerdict =
  | { status: 'verified'; score: number | null }
  | { status: 'rejected'; reason: string }
  | { status: 'unreachable'; reason: string }
  | { status: 'disabled' };

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
 * keeps the request as unverified rather than lose it. Without RECAPTCHA_SECRET: `disabled`.
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
      if (response.status >= 400 || typeof response.data !== 'object' || response.data === null)
        return this.unreachable(`answer ${response.status}`);
      answer = response.data;
    } catch (error) {
      return this.unreachable((error as Error).message);
    }
    if (answer.success !== true) return { status: 'rejected', reason: (answer['error-codes'] ?? ['failed']).join(',') };
    if (answer.action !== action) return { status: 'rejected', reason: `action ${String(answer.action)}` };
    if (answer.hostname !== hostname) return { status: 'rejected', reason: `hostname ${String(answer.hostname)}` };
    const score = typeof answer.score === 'number' ? answer.score : null;
    if (score === null || score < this.config.RECAPTCHA_MIN_SCORE)
      return { status: 'rejected', reason: `score ${String(score)}` };
    return { status: 'verified', score };
  }

  private unreachable(reason: string): CaptchaVerdict {
    this.logger.warn(`reCAPTCHA verification unreachable, the request is kept as unverified: ${reason}`);
    return { status: 'unreachable', reason };
  }
}
