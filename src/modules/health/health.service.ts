import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import { ReadinessIndicators } from './readiness.indicators';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: boolean; cache: boolean; migrations: boolean; accepting: boolean };
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
    return { status: Object.values(checks).every(Boolean) ? 'ok' : 'unavailable', checks };
  }
}
