import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import { OutboxRepository } from '../contact';
import { CHECK_TIMEOUT_MS, ReadinessIndicators, withinOr } from './readiness.indicators';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: boolean; cache: boolean; migrations: boolean; accepting: boolean };
  /** Only when there is something to say: mails waiting in the outbox (SMTP down), or given up. */
  details?: { mailOutbox: { pending: number; failed: number } };
}

/**
 * Readiness for a load balancer (terminus runs the indicators side by side), answered in our own
 * shape: `{"status":"ok"|"unavailable","checks":{…booleans}}`, which exposes nothing but the booleans.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: ReadinessIndicators,
    private readonly outbox: OutboxRepository,
  ) {}

  async readiness(): Promise<Readiness> {
    // Terminus answers a failed check with a 503 exception that carries the same result.
    const result = await this.health.check(this.indicators.all).catch((error: unknown) => {
      if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
      throw error;
    });
    const up = (key: string) => result.details[key]?.status === 'up';
    const checks = {
      database: up('database'),
      cache: up('cache'),
      migrations: up('migrations'),
      // Terminus says "shutting_down" once Nest's shutdown hooks run.
      accepting: up('accepting') && result.status !== 'shutting_down',
    };
    const status = Object.values(checks).every(Boolean) ? 'ok' : 'unavailable';
    // A mail backlog does not make the replica unready (the site works; mails wait): it is reported.
    const mailOutbox = checks.database ? await this.mailBacklog() : null;
    return mailOutbox && mailOutbox.pending + mailOutbox.failed > 0
      ? { status, checks, details: { mailOutbox } }
      : { status, checks };
  }

  /** The outbox's own count (OutboxRepository.backlog), given up on like any check. */
  private async mailBacklog(): Promise<{ pending: number; failed: number } | null> {
    const backlog = await withinOr(CHECK_TIMEOUT_MS, () => this.outbox.backlog(), null);
    return backlog && { pending: backlog.pending, failed: backlog.failed };
  }
}
