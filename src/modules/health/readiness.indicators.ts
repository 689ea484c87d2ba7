import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorFunction, type HealthIndicatorResult } from '@nestjs/terminus';
import { AppCache } from '../../cache/app-cache.service';
import { HealthRepository } from './health.repository';
import { LifecycleService } from './lifecycle.service';

/** Each check gives up after this long and counts as failed: a probe never hangs on a stuck server. */
export const CHECK_TIMEOUT_MS = 2000;

/** What `probe` answers within `ms`; an error or no answer in time is `fallback`. */
export async function withinOr<T>(ms: number, probe: () => Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe(),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `probe` answers true within `ms`; an error or no answer in time is false. */
export function within(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  return withinOr(ms, probe, false);
}

/**
 * The readiness checks as terminus health indicators: a database round trip, a cache write+read,
 * every migration applied, and not shutting down.
 */
@Injectable()
export class ReadinessIndicators {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly repository: HealthRepository,
    private readonly appCache: AppCache,
    private readonly lifecycle: LifecycleService,
  ) {}

  /** In the order the answer lists them. */
  readonly all: HealthIndicatorFunction[] = [
    () => this.probe('database', () => this.repository.ping()),
    () => this.probe('cache', () => this.appCache.ping()),
    () => this.probe('migrations', () => this.repository.migrationsApplied()),
    () => this.accepting(),
  ];

  accepting(): HealthIndicatorResult<'accepting'> {
    const session = this.indicators.check('accepting');
    return this.lifecycle.shuttingDown ? session.down() : session.up();
  }

  private async probe<const Key extends string>(
    key: Key,
    probe: () => Promise<boolean>,
  ): Promise<HealthIndicatorResult<Key>> {
    const session = this.indicators.check(key);
    return (await within(CHECK_TIMEOUT_MS, probe)) ? session.up() : session.down();
  }
}
