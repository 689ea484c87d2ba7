import { memoryStore } from './app-cache.module';

describe('memoryStore (read models without Redis)', () => {
  it('keeps values as Keyv does, expiry included', async () => {
    const sut = memoryStore(1024 * 1024);
    await sut.set('a', { x: 1, text: 'Magnésium' });
    expect(await sut.get('a')).toEqual({ x: 1, text: 'Magnésium' });
    await sut.set('short', 1, 20);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await sut.get('short')).toBeUndefined();
    await sut.delete('a');
    expect(await sut.get('a')).toBeUndefined();
  });

  it('drops the least recently used entries beyond its bytes, never keys it was not asked for again', async () => {
    // 10 KB: each value below serialises to ~1,040 characters (~2 KB), so four fit.
    const sut = memoryStore(10 * 1024);
    const value = (n: number) => ({ n, text: 'x'.repeat(1000) });
    for (const key of ['a', 'b', 'c', 'd']) await sut.set(key, value(1));
    expect(await sut.get('a')).toEqual(value(1)); // a is now the most recently used; b the least
    await sut.set('e', value(2));
    expect(await sut.get('b')).toBeUndefined();
    for (const key of ['a', 'c', 'd', 'e']) expect(await sut.get(key)).toBeDefined();
    // A crawler's stream of keys read once: the store stays within its bytes.
    for (let i = 0; i < 200; i++) await sut.set(`page-${i}`, value(i));
    const kept = (await Promise.all(Array.from({ length: 200 }, (_, i) => sut.get(`page-${i}`)))).filter(Boolean);
    expect(kept.length).toBeLessThanOrEqual(5);
    expect(await sut.get('page-199')).toEqual(value(199));
  });

  it('weighs keys and what each entry costs, so a crawl of absent pages stays within its bytes', async () => {
    // A crawler asking for pages that do not exist: a long key and a tiny value (`{ v: null }`) each.
    // Each weighs (~85 characters of key and value) × 2 + 200 bytes ≈ 370 bytes: ~177 fit in 64 KB.
    // Without its overhead ~385 would, and counted by its value text only (~20 characters) ~1,600.
    const sut = memoryStore(64 * 1024);
    const key = (i: number) => `content@0:cms:page::fr:n-existe-pas-${'x'.repeat(24)}-${i}`;
    for (let i = 0; i < 2000; i++) await sut.set(key(i), { v: null });
    const kept = (await Promise.all(Array.from({ length: 2000 }, (_, i) => sut.get(key(i))))).filter(Boolean);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept.length).toBeLessThanOrEqual(180);
    expect(await sut.get(key(1999))).toEqual({ v: null });
  });

  it('gives back values exactly as they were stored, strings that look like its own markers included', async () => {
    const sut = memoryStore(1024 * 1024);
    const value = { text: ':base64:aGVsbG8=', colon: '::x', list: [1, 'Süßstoff', null], nested: { at: '2026-12-07' } };
    await sut.set('v', value);
    expect(await sut.get('v')).toEqual(value);
    await sut.set('s', ':base64:aGVsbG8=');
    expect(await sut.get('s')).toBe(':base64:aGVsbG8=');
  });

  it('does not keep a value larger than the whole store', async () => {
    const sut = memoryStore(1024);
    await sut.set('small', 'ok');
    await sut.set('huge', 'x'.repeat(4096));
    expect(await sut.get('huge')).toBeUndefined();
    expect(await sut.get('small')).toBe('ok');
  });
});
