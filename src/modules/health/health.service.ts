import { Injectable } from '@nestjs/common';
import { AppCache } from '../../cache/app-cache.service';
import { HealthRepository } from './health.repository';
import { LifecycleService } from './lifecycle.service';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: boolean; cache: boolean; migrations: boolean; accepting: boolean };
}

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe(),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Readiness for a load balancer: database, cache, migrations, and not shutting down. */
@Injectable()
export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    private readonly cache: AppCache,
    private readonly lifecycle: LifecycleService,
  ) {}

  async readiness(): Promise<Readiness> {
    const accepting = !this.lifecycle.shuttingDown;
    const [database, cache, migrations] = await Promise.all([
      check(() => this.repository.ping()),
      check(() => this.cache.ping()),
      check(() => this.repository.migrationsApplied()),
    ]);
    const checks = { database, cache, migrations, accepting };
    return { status: Object.values(checks).every(Boolean) ? 'ok' : 'unavailable', checks };
  }
}
