import { loadConfig } from '../config/app.config';
import { PageCache } from './page-cache';

describe(PageCache.name, () => {
  const cache = (ttlSeconds: number) =>
    new PageCache<string>(loadConfig({ PAGE_CACHE_TTL_SECONDS: String(ttlSeconds) }));
  let now = 1_000_000;

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });

  afterEach(() => jest.restoreAllMocks());

  it('returns what was stored under a key', () => {
    const sut = cache(30);
    sut.set('a', '<html>a</html>');
    expect(sut.get('a')).toBe('<html>a</html>');
    expect(sut.get('b')).toBeUndefined();
  });

  it('forgets an entry once its time to live has passed', () => {
    const sut = cache(30);
    sut.set('a', 'A');
    now += 30_000;
    expect(sut.get('a')).toBe('A');
    now += 1;
    expect(sut.get('a')).toBeUndefined();
  });

  it('stores nothing when the time to live is 0 (off)', () => {
    const sut = cache(0);
    sut.set('a', 'A');
    expect(sut.get('a')).toBeUndefined();
  });

  it('keeps at most 500 entries, dropping the least recently used first', () => {
    const sut = cache(30);
    for (let i = 0; i < 500; i++) sut.set(`k${i}`, `v${i}`);
    expect(sut.get('k0')).toBe('v0'); // k0 is now the most recently used; k1 the least
    sut.set('k500', 'v500');
    expect(sut.get('k1')).toBeUndefined();
    expect(sut.get('k0')).toBe('v0');
    expect(sut.get('k2')).toBe('v2');
    expect(sut.get('k500')).toBe('v500');
  });

  it('refreshes the place and time to live of a key that is stored again', () => {
    const sut = cache(30);
    sut.set('a', 'old');
    now += 20_000;
    sut.set('a', 'new');
    now += 20_000;
    expect(sut.get('a')).toBe('new');
  });

  it('empties on clear', () => {
    const sut = cache(30);
    sut.set('a', 'A');
    sut.clear();
    expect(sut.get('a')).toBeUndefined();
  });

  describe('getForReplay (stale-while-revalidate)', () => {
    it('serves a fresh entry like get', () => {
      const sut = cache(30);
      sut.set('a', 'A');
      expect(sut.getForReplay('a')).toBe('A');
    });

    it('lets exactly one request through to refresh an expired entry and serves the others the stale copy', () => {
      const sut = cache(30);
      sut.set('a', 'old');
      now += 31_000;
      expect(sut.getForReplay('a')).toBeUndefined(); // this one renders
      expect(sut.getForReplay('a')).toBe('old');
      expect(sut.getForReplay('a')).toBe('old');
      sut.set('a', 'new');
      expect(sut.getForReplay('a')).toBe('new');
    });

    it('lets another request try when a refresh has not come back within 10 s', () => {
      const sut = cache(30);
      sut.set('a', 'old');
      now += 31_000;
      expect(sut.getForReplay('a')).toBeUndefined();
      now += 10_001;
      expect(sut.getForReplay('a')).toBeUndefined();
      expect(sut.getForReplay('a')).toBe('old');
    });

    it('stops serving an entry stale for more than ten times its time to live while revalidating', () => {
      const sut = cache(30);
      sut.set('a', 'old');
      now += 30_000 + 300_001;
      expect(sut.getForReplay('a')).toBeUndefined();
      expect(sut.getForReplay('a')).toBeUndefined();
    });
  });

  describe('staleOnError (stale-if-error)', () => {
    it('gives the stale copy to the request whose refresh failed, and keeps serving it', () => {
      const sut = cache(30);
      sut.set('a', 'old');
      now += 31_000;
      expect(sut.getForReplay('a')).toBeUndefined(); // this one renders, and the render fails
      expect(sut.staleOnError('a')).toBe('old');
      expect(sut.getForReplay('a')).toBe('old');
      // One request tries again every 10 s; while the database stays down it gets the copy too.
      now += 10_001;
      expect(sut.getForReplay('a')).toBeUndefined();
      expect(sut.staleOnError('a')).toBe('old');
      expect(sut.getForReplay('a')).toBe('old');
      // A refresh that works replaces it.
      now += 10_001;
      expect(sut.getForReplay('a')).toBeUndefined();
      sut.set('a', 'new');
      expect(sut.getForReplay('a')).toBe('new');
    });

    it('keeps a copy far past the revalidation window for errors, up to a day', () => {
      const sut = cache(30);
      sut.set('a', 'old');
      now += 30_000 + 3600_000;
      expect(sut.getForReplay('a')).toBeUndefined();
      expect(sut.staleOnError('a')).toBe('old');
      expect(sut.getForReplay('a')).toBe('old');
      now += 24 * 3600_000;
      expect(sut.getForReplay('a')).toBeUndefined();
      expect(sut.staleOnError('a')).toBeUndefined();
    });

    it('has nothing for a key never rendered', () => {
      expect(cache(30).staleOnError('nothing')).toBeUndefined();
    });
  });
});
