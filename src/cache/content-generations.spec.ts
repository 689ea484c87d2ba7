import { createCache } from 'cache-manager';
import { Keyv } from 'keyv';
import { loadConfig } from '../config/app.config';
import { PageCache } from '../render/page-cache';
import { AppCache } from './app-cache.service';
import { ContentGenerations, domainOf } from './content-generations';

describe(ContentGenerations.name, () => {
  const make = () => {
    const config = loadConfig({});
    const sut = new ContentGenerations(config);
    const cache = new AppCache(createCache({ stores: [new Keyv()] }) as never, config, sut);
    const pages = new PageCache<string>(config, sut);
    return { sut, cache, pages };
  };

  it('sorts cache keys into domains', () => {
    expect(domainOf('shop:shell:1:fr')).toBe('platform');
    expect(domainOf('redirection:1:fr')).toBe('platform');
    expect(domainOf('stores:positions:v2')).toBe('stores');
    expect(domainOf('product:slug:fr:1:x')).toBe('content');
    expect(domainOf('geo:cities:1003')).toBeNull();
    expect(domainOf('video:stored:fr:abc')).toBe('content');
    expect(domainOf('video:platform:abc:fr')).toBeNull();
    expect(domainOf('video:playlist:PL1')).toBeNull();
  });

  it('peek and set read and write the key getOrSet uses (the current generation of its domain)', async () => {
    const { sut, cache } = make();
    await cache.set('product:y', 'v1');
    expect(await cache.peek('product:y')).toBe('v1');
    expect(await cache.getOrSet('product:y', async () => 'loaded')).toBe('v1');
    expect(await cache.getOrSet('product:z', async () => 'v2')).toBe('v2');
    expect(await cache.peek('product:z')).toBe('v2');
    await sut.bump(['content']);
    expect(await cache.peek('product:z')).toBeUndefined();
  });

  it('after a bump, serves nothing cached before it, nor what a load begun before it brings back', async () => {
    const { sut, cache } = make();
    expect(await cache.getOrSet('product:x', async () => 'v1')).toBe('v1');
    let release!: (value: string) => void;
    let started!: () => void;
    const loading = new Promise<void>((resolve) => (started = resolve));
    const slow = cache.getOrSet('product:y', () => {
      started();
      return new Promise<string>((resolve) => (release = resolve));
    });
    await loading;
    await sut.bump(['content']);
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.getOrSet('product:x', async () => 'v2')).toBe('v2');
    expect(await cache.getOrSet('product:y', async () => 'new')).toBe('new');
    // Another domain keeps its entries.
    await cache.getOrSet('shop:catalogue', async () => 's1');
    await sut.bump(['stores']);
    expect(await cache.getOrSet('shop:catalogue', async () => 's2')).toBe('s1');
  });

  it('empties the page cache and keeps no page rendered across a bump', async () => {
    const { sut, pages } = make();
    pages.set('/a', 'A');
    const epoch = pages.epoch;
    await sut.bump(['platform']);
    expect(pages.get('/a')).toBeUndefined();
    pages.set('/b', 'B', epoch);
    expect(pages.get('/b')).toBeUndefined();
    pages.set('/b', 'B', pages.epoch);
    expect(pages.get('/b')).toBe('B');
  });
});
