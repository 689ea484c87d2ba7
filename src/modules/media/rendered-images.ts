import { LRUCache } from 'lru-cache';

export const RENDERED_ENTRIES = 300;
export const RENDERED_BYTES = 64 * 1024 * 1024;

/**
 * Rendered images in memory, bounded by count and by total bytes, least recently used out first
 * (lru-cache): a hot picture costs one rasterisation, and a crawl through every size of every
 * product cannot grow the process without limit. Concurrent requests for the same cold image share
 * one rasterisation (lru-cache's `fetch`); a failed one is not kept, the next request tries again.
 */
export class RenderedImages {
  private readonly cache: LRUCache<string, Buffer, () => Promise<Buffer>>;

  constructor(maxEntries = RENDERED_ENTRIES, maxBytes = RENDERED_BYTES) {
    this.cache = new LRUCache({
      max: maxEntries,
      // An image larger than the whole budget is served but not kept.
      maxSize: maxBytes,
      sizeCalculation: (body) => Math.max(1, body.length),
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  /** Images held (for tests and diagnostics). */
  get size(): number {
    return this.cache.size;
  }

  get totalBytes(): number {
    return this.cache.calculatedSize;
  }

  /** The image under `key`: kept, being rendered, or rendered now by `render`. */
  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const body = await this.cache.fetch(key, { context: render });
    if (!body) throw new Error(`rendering ${key} gave nothing`);
    return body;
  }
}
