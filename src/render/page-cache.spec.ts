import { loadConfig } from '../config/app.config';
import { PageCache, STALE_IF_ERROR_MS } from './page-cache';

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

  describe('memory (PAGE_CACHE_MAX_MB)', () => {
    const KB = 1024;
    /** A kept page of `kb` KB of HTML: it weighs 1.2 times that (its bytes, gzip to come). */
    const page = (kb: number) => ({ status: 200, headers: [], buffers: [], byteLength: kb * KB });
    const pages = (mb: number) =>
      new PageCache(loadConfig({ PAGE_CACHE_TTL_SECONDS: '30', PAGE_CACHE_MAX_MB: String(mb) }));

    it('drops the least recently used pages once their bytes pass the budget, whatever their number', () => {
      const sut = pages(1);
      // 280 KB pages weigh 336 KB: three fit in 1 MB, a fourth pushes the least recently used out.
      for (const key of ['a', 'b', 'c']) sut.set(key, page(280));
      expect(sut.size).toEqual({ entries: 3, bytes: 3 * Math.ceil(280 * KB * 1.2), aliases: 0 });
      sut.get('a');
      sut.set('d', page(280));
      expect(sut.get('b')).toBeUndefined();
      expect(['a', 'c', 'd'].map((key) => sut.get(key)?.byteLength)).toEqual([280 * KB, 280 * KB, 280 * KB]);
      expect(sut.size.bytes).toBeLessThanOrEqual(1024 * KB);
    });

    it('does not keep a page larger than the whole budget, and drops nothing for it', () => {
      const sut = pages(1);
      sut.set('small', page(10));
      sut.set('huge', page(900));
      expect(sut.get('huge')).toBeUndefined();
      expect(sut.get('small')?.byteLength).toBe(10 * KB);
      expect(sut.size.entries).toBe(1);
    });

    it('counts a page stored again once, and frees the bytes of expired, replaced and cleared pages', () => {
      const sut = pages(1);
      sut.set('a', page(100));
      sut.set('a', page(50));
      expect(sut.size).toEqual({ entries: 1, bytes: Math.ceil(50 * KB * 1.2), aliases: 0 });
      now += 30_001;
      expect(sut.get('a')).toBeUndefined();
      expect(sut.size).toEqual({ entries: 0, bytes: 0, aliases: 0 });
      sut.set('b', page(100));
      sut.clear();
      expect(sut.size).toEqual({ entries: 0, bytes: 0, aliases: 0 });
      // Past a day of staleness, the replay path drops it too.
      sut.set('c', page(100));
      now += 30_000 + STALE_IF_ERROR_MS + 1;
      expect(sut.getForReplay('c')).toBeUndefined();
      expect(sut.size.bytes).toBe(0);
    });
  });

  describe('aliases (the 404 page of unknown URLs)', () => {
    it('answers an alias with the page it names while fresh, and never pushes out pages for it', () => {
      const sut = cache(30);
      for (let i = 0; i < 500; i++) sut.set(`page${i}`, `P${i}`);
      // A crawler's 3,000 unknown URLs, each answered by the one 404 page.
      for (let i = 0; i < 3000; i++) sut.alias(`unknown${i}`, 'NOT FOUND');
      expect(sut.size).toEqual({ entries: 500, bytes: 10 * 2 + 90 * 3 + 400 * 4, aliases: 2000 });
      expect(sut.getForReplay('page0')).toBe('P0');
      expect(sut.getFresh('page499')).toBe('P499');
      expect(sut.getForReplay('unknown2999')).toBe('NOT FOUND');
      expect(sut.getFresh('unknown1000')).toBe('NOT FOUND');
      // The oldest 1,000 went first.
      expect(sut.getForReplay('unknown999')).toBeUndefined();
      now += 30_001;
      expect(sut.getForReplay('unknown2999')).toBeUndefined();
      expect(sut.getFresh('unknown2998')).toBeUndefined();
    });

    it('keeps no alias when pages are off, from an older epoch, or after a clear', () => {
      expect((cache(0).alias('u', 'X'), cache(0).size.aliases)).toBe(0);
      const sut = cache(30);
      sut.alias('u', 'X', sut.epoch + 1);
      expect(sut.getForReplay('u')).toBeUndefined();
      sut.alias('u', 'X', sut.epoch);
      expect(sut.getForReplay('u')).toBe('X');
      sut.clear();
      expect(sut.getForReplay('u')).toBeUndefined();
    });
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
