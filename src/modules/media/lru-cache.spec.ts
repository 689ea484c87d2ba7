import { LruCache } from './lru-cache';

describe(LruCache.name, () => {
  it('evicts the least recently used entry beyond its count', () => {
    const sut = new LruCache<string, number>(2);
    sut.set('a', 1);
    sut.set('b', 2);
    expect(sut.get('a')).toBe(1);
    sut.set('c', 3);
    expect(sut.get('b')).toBeUndefined();
    expect(sut.get('a')).toBe(1);
    expect(sut.get('c')).toBe(3);
  });

  it('keeps the total size under its byte bound', () => {
    const sut = new LruCache<string, Buffer>(100, 10, (b) => b.length);
    sut.set('a', Buffer.alloc(6));
    sut.set('b', Buffer.alloc(6));
    expect(sut.size).toBe(1);
    expect(sut.totalBytes).toBe(6);
    sut.set('huge', Buffer.alloc(11));
    expect(sut.get('huge')).toBeUndefined();
    expect(sut.get('b')).toBeDefined();
  });
});
