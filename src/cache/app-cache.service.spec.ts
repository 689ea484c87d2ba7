import { Logger } from '@nestjs/common';
import { createCache } from 'cache-manager';
import { Keyv } from 'keyv';
import { loadConfig } from '../config/app.config';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { withRequestTiming } from '../common/timing/request-timing';
import { AppCache } from './app-cache.service';

describe(AppCache.name, () => {
  const make = (env: Record<string, string> = {}) => {
    const store = createCache({ stores: [new Keyv()] });
    return { store, sut: new AppCache(store as never, loadConfig(env)) };
  };

  it('coalesces concurrent misses: a cold key costs one load however many callers want it', async () => {
    const { sut } = make();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { value: 42 };
    };
    const results = await Promise.all(Array.from({ length: 25 }, () => sut.getOrSet('k', load)));
    expect(loads).toBe(1);
    expect(results.every((r) => r.value === 42)).toBe(true);
    await sut.getOrSet('k', load);
    expect(loads).toBe(1);
  });

  it('caches null results too (an absent entity is not looked up again)', async () => {
    const { sut } = make();
    const load = jest.fn(async () => null);
    await sut.getOrSet('absent', load);
    await sut.getOrSet('absent', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps an absent look-up by URL (shareAbsent: false) in process only, never in the store', async () => {
    const { store, sut } = make();
    const set = jest.spyOn(store, 'set');
    const load = jest.fn(async () => null);
    for (let i = 0; i < 50; i++)
      await sut.getOrSet(`product:slug:fr:1:n-existe-pas-${i}`, load, undefined, { shareAbsent: false });
    expect(set).not.toHaveBeenCalled();
    // Asked again within the in-process copy's life: not looked up again.
    await sut.getOrSet('product:slug:fr:1:n-existe-pas-7', load, undefined, { shareAbsent: false });
    expect(load).toHaveBeenCalledTimes(50);
    // A value found is shared as any other.
    await sut.getOrSet('product:slug:fr:1:found', async () => ({ id: 1 }), undefined, { shareAbsent: false });
    expect(set).toHaveBeenCalledTimes(1);
    expect(await store.get('product:slug:fr:1:found')).toEqual({ v: { id: 1 } });
  });

  it('serves a hot key from the in-process copy without a store round trip', async () => {
    const { store, sut } = make();
    await sut.getOrSet('hot', async () => 'v');
    const get = jest.spyOn(store, 'get');
    await expect(sut.getOrSet('hot', async () => 'other')).resolves.toBe('v');
    expect(get).not.toHaveBeenCalled();
  });

  it('loads from the source when the store fails, rather than failing the page', async () => {
    const { store, sut } = make();
    jest.spyOn(store, 'get').mockRejectedValue(new Error('redis down'));
    jest.spyOn(store, 'set').mockRejectedValue(new Error('redis down'));
    await expect(sut.getOrSet('k', async () => 'fresh')).resolves.toBe('fresh');
  });

  it('logs a store outage once when it starts (warn) and once when it ends (info), not per call', async () => {
    const { store, sut } = make();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const info = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const get = jest.spyOn(store, 'get').mockRejectedValue(new Error('connect ECONNREFUSED'));
    const set = jest.spyOn(store, 'set').mockRejectedValue(new Error('connect ECONNREFUSED'));
    for (let i = 0; i < 20; i++) await expect(sut.getOrSet(`down-${i}`, async () => i)).resolves.toBe(i);
    await expect(sut.ping()).rejects.toThrow('ECONNREFUSED');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('Redis unavailable');
    expect(warn.mock.calls[0][0]).toContain('ECONNREFUSED');
    expect(info).not.toHaveBeenCalled();

    get.mockRestore();
    set.mockRestore();
    for (let i = 0; i < 5; i++) await sut.getOrSet(`up-${i}`, async () => i);
    await expect(sut.ping()).resolves.toBe(true);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0][0]).toContain('Redis available again');
    expect(warn).toHaveBeenCalledTimes(1);

    // The next outage is reported again.
    jest.spyOn(store, 'get').mockRejectedValue(new Error('Socket closed unexpectedly'));
    await sut.getOrSet('again', async () => 1);
    expect(warn).toHaveBeenCalledTimes(2);
    jest.restoreAllMocks();
  });

  it('serves the last value it had when the database is out of reach (stale if error), and retries later', async () => {
    const { sut } = make();
    const now = jest.spyOn(Date, 'now');
    let clock = 1_000_000;
    now.mockImplementation(() => clock);
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await sut.getOrSet('menu', async () => 'v1', 1);
    clock += 60_000; // the store's and the in-process copies have both expired
    const load = jest.fn(async (): Promise<string> => {
      throw unreachable;
    });
    await expect(sut.getOrSet('menu', load, 1)).resolves.toBe('v1');
    await expect(sut.getOrSet('menu', load, 1)).resolves.toBe('v1');
    expect(load).toHaveBeenCalledTimes(1); // not once per request during the outage
    clock += 6_000;
    await expect(sut.getOrSet('menu', async () => 'v2', 1)).resolves.toBe('v2');
    // Without an earlier value, or for any other failure, the error goes to the caller.
    await expect(sut.getOrSet('never-loaded', load)).rejects.toBe(unreachable);
    clock += 60_000;
    await expect(
      sut.getOrSet('menu', async () => {
        throw new Error('column "x" does not exist');
      }),
    ).rejects.toThrow('column');
    now.mockRestore();
  });

  it('caches nothing when CACHE_TTL_SECONDS is 0', async () => {
    const { sut } = make({ CACHE_TTL_SECONDS: '0' });
    const load = jest.fn(async () => 'v');
    await sut.getOrSet('k', load);
    await sut.getOrSet('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('with caching off, loads a key once per request, not once per caller in the request', async () => {
    const { sut } = make({ CACHE_TTL_SECONDS: '0' });
    const load = jest.fn(async () => 'v');
    const inRequest = () =>
      new Promise<void>((resolve, reject) =>
        withRequestTiming(new ServerResponse(new IncomingMessage(new Socket())), () => {
          Promise.all([sut.getOrSet('k', load), sut.getOrSet('k', load)])
            .then(() => sut.getOrSet('k', load))
            .then(() => resolve(), reject);
        }),
      );
    await inRequest();
    expect(load).toHaveBeenCalledTimes(1);
    await inRequest();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a key on delete and everything on clear', async () => {
    const { sut } = make();
    const load = jest.fn(async () => 'v');
    await sut.getOrSet('k', load);
    await sut.delete('k');
    await sut.getOrSet('k', load);
    await sut.clear();
    await sut.getOrSet('k', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  describe('count (rate-limit counters)', () => {
    let now = 1_000_000;
    beforeEach(() => {
      now = 1_000_000;
      jest.spyOn(Date, 'now').mockImplementation(() => now);
    });
    afterEach(() => jest.restoreAllMocks());

    it('adds and gives back within a window, and starts again once it has passed', async () => {
      // Counters work whatever the read-model cache setting.
      const { sut } = make({ CACHE_TTL_SECONDS: '0' });
      expect(await sut.count('a', 1, 60)).toBe(1);
      expect(await sut.count('a', 1, 60)).toBe(2);
      expect(await sut.count('a', -1, 60)).toBe(1);
      expect(await sut.count('b', 1, 60)).toBe(1);
      now += 60_000;
      expect(await sut.count('a', 1, 60)).toBe(1);
      await sut.clear();
      expect(await sut.count('b', 1, 60)).toBe(1);
    });

    it('counts in Redis with one atomic script, under the cache namespace', async () => {
      const evalCalls: unknown[][] = [];
      const client = {
        eval: jest.fn(async (...args: unknown[]) => {
          evalCalls.push(args);
          return 3;
        }),
      };
      const redisLike = {
        getClient: async () => client,
        createKeyPrefix: (k: string, ns?: string) => `${ns}::${k}`,
        namespace: 'site',
      };
      const store = { stores: [{ store: redisLike }] };
      const sut = new AppCache(store as never, loadConfig({}));
      await expect(sut.count('login:ip:1.2.3.4', 1, 900)).resolves.toBe(3);
      expect(evalCalls).toHaveLength(1);
      const [script, options] = evalCalls[0] as [string, { keys: string[]; arguments: string[] }];
      expect(script).toContain("redis.call('INCRBY', KEYS[1], ARGV[1])");
      expect(script).toContain("redis.call('EXPIRE', KEYS[1], ARGV[2])");
      expect(options).toEqual({ keys: ['site::counter:login:ip:1.2.3.4'], arguments: ['1', '900'] });
    });

    it('counts in process while Redis fails', async () => {
      jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const client = { eval: jest.fn().mockRejectedValue(new Error('connect ECONNREFUSED')) };
      const redisLike = { getClient: async () => client, createKeyPrefix: (k: string) => k };
      const sut = new AppCache({ stores: [{ store: redisLike }] } as never, loadConfig({}));
      expect(await sut.count('k', 1, 60)).toBe(1);
      expect(await sut.count('k', 1, 60)).toBe(2);
    });
  });
});
