import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { TerminusModule } from '@nestjs/terminus';
import { AppCache } from '../../cache/app-cache.service';
import { OutboxRepository } from '../contact';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';
import { LifecycleService } from './lifecycle.service';
import { CHECK_TIMEOUT_MS, ReadinessIndicators, within } from './readiness.indicators';

const ALL_GOOD = { status: 'ok', checks: { database: true, cache: true, migrations: true, accepting: true } };

describe('readiness (terminus indicators)', () => {
  let moduleRef: TestingModule;
  let repository: { ping: jest.Mock; migrationsApplied: jest.Mock };
  let cache: { ping: jest.Mock };
  const outbox = { backlog: () => Promise.resolve({ pending: 0, failed: 0, oldestSeconds: null }) };

  beforeEach(async () => {
    repository = { ping: jest.fn().mockResolvedValue(true), migrationsApplied: jest.fn().mockResolvedValue(true) };
    cache = { ping: jest.fn().mockResolvedValue(true) };
    moduleRef = await Test.createTestingModule({
      imports: [TerminusModule.forRoot({ logger: false })],
      providers: [
        HealthService,
        ReadinessIndicators,
        LifecycleService,
        { provide: HealthRepository, useValue: repository },
        { provide: AppCache, useValue: cache },
        { provide: OutboxRepository, useValue: outbox },
      ],
    }).compile();
  });
  afterEach(() => jest.restoreAllMocks());

  const readiness = () => moduleRef.get(HealthService).readiness();

  it('is ok when every check passes', async () => {
    expect(await readiness()).toEqual(ALL_GOOD);
  });

  it('names each failed check, whether it answered false or threw, and logs nothing per probe', async () => {
    const error = jest.spyOn(Logger.prototype, 'error');
    cache.ping.mockRejectedValue(new Error('Redis is gone'));
    repository.migrationsApplied.mockResolvedValue(false);
    expect(await readiness()).toEqual({
      status: 'unavailable',
      checks: { database: true, cache: false, migrations: false, accepting: true },
    });
    expect(error).not.toHaveBeenCalled();
  });

  it(`gives up on a check after ${CHECK_TIMEOUT_MS} ms`, async () => {
    repository.ping.mockReturnValue(new Promise(() => undefined));
    const started = Date.now();
    const answer = await readiness();
    expect(Date.now() - started).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(CHECK_TIMEOUT_MS + 1000);
    expect(answer).toEqual({ status: 'unavailable', checks: { ...ALL_GOOD.checks, database: false } });
  });

  it('is unavailable once shutdown has begun, and while Nest shuts down', async () => {
    moduleRef.get(LifecycleService).beginShutdown();
    expect(await readiness()).toEqual({ status: 'unavailable', checks: { ...ALL_GOOD.checks, accepting: false } });

    const fresh = await Test.createTestingModule({
      imports: [TerminusModule.forRoot({ logger: false })],
      providers: [
        HealthService,
        ReadinessIndicators,
        LifecycleService,
        { provide: HealthRepository, useValue: repository },
        { provide: AppCache, useValue: cache },
        { provide: OutboxRepository, useValue: outbox },
      ],
    }).compile();
    const service = fresh.get(HealthService);
    await fresh.close();
    expect(await service.readiness()).toEqual({
      status: 'unavailable',
      checks: { ...ALL_GOOD.checks, accepting: false },
    });
  });
});

describe(within.name, () => {
  it('is the probe answer, false on an error, false when it takes too long', async () => {
    expect(await within(50, () => Promise.resolve(true))).toBe(true);
    expect(await within(50, () => Promise.resolve(false))).toBe(false);
    expect(await within(50, () => Promise.reject(new Error('down')))).toBe(false);
    expect(await within(50, () => new Promise((resolve) => setTimeout(() => resolve(true), 500)))).toBe(false);
  });
});
