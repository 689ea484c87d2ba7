import { createCache } from 'cache-manager';
import { Keyv } from 'keyv';
import { loadConfig } from '../config/app.config';
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

  it('caches nothing when CACHE_TTL_SECONDS is 0', async () => {
    const { sut } = make({ CACHE_TTL_SECONDS: '0' });
    const load = jest.fn(async () => 'v');
    await sut.getOrSet('k', load);
    await sut.getOrSet('k', load);
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
});
