import { Inject, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { MediaResult } from '../media';
import { VideoDataService } from './video-data.service';

/** A video platform id: 11 characters of the URL-safe base64 alphabet. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** Fetched thumbnails are kept a day; a failed fetch is retried after 5 minutes. */
const FRESH_MS = 24 * 3600 * 1000;
const RETRY_MS = 5 * 60 * 1000;
const FETCH_TIMEOUT_MS = 3000;
/** One thumbnail is at most this big (the platform's hqdefault is 20-40 kB). */
const MAX_BYTES = 512 * 1024;
/** The memory bounds: entries, and bytes in all (least recently used out first). */
export const THUMBNAIL_ENTRIES = 200;
export const THUMBNAIL_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * The placeholder shown when the platform's thumbnail cannot be had (no network, tests,
 * VIDEO_THUMBNAIL_ORIGIN=none, the platform without it): a 16:9 dark frame with a play sign.
 */
const PLACEHOLDER = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270" width="480" height="270">' +
    '<rect width="480" height="270" fill="#042c2c"/>' +
    '<circle cx="240" cy="135" r="44" fill="#0b5d5a" stroke="#7fd4b4" stroke-width="4"/>' +
    '<path d="M226 113v44l36-22z" fill="#fff"/></svg>',
);

interface Entry {
  body: Buffer;
  type: string;
  until: number;
}

/**
 * Video thumbnails served by the site (SPEC §4 Video, §7): fetched server-side from the platform and
 * kept in memory, so the visitor's browser contacts the video platform only after video consent.
 * Only the videos the site shows (VideoDataService.isKnown: the content's videos, the playlist's news
 * video) have one: any other id is a 404 without a request to the platform, so the route is no open
 * proxy. Kept in a bounded LRU (entries and bytes); concurrent requests for a cold one share one fetch.
 * A failure (logged only, SPEC §8) gives the local placeholder, never an error.
 */
@Injectable()
export class VideoThumbnailService {
  private readonly logger = new Logger(VideoThumbnailService.name);
  private readonly cache: LRUCache<string, Entry>;
  /** Fetches made to the platform (for tests and diagnostics). */
  fetches = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly videos: VideoDataService,
  ) {
    this.cache = new LRUCache<string, Entry>({
      max: THUMBNAIL_ENTRIES,
      maxSize: THUMBNAIL_CACHE_BYTES,
      sizeCalculation: (entry) => Math.max(1, entry.body.length),
      ttlAutopurge: false,
      fetchMethod: async (id, _stale, { options }) => {
        const entry = await this.fetch(id);
        options.ttl = Math.max(1, entry.until - Date.now());
        return entry;
      },
    });
  }

  /** Thumbnails held in memory, and their bytes (for tests and diagnostics). */
  get held(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.calculatedSize };
  }

  async thumbnail(file: string): Promise<MediaResult> {
    const match = /^(.{11})\.jpg$/.exec(file);
    if (!match || !VIDEO_ID.test(match[1])) return { kind: 'not-found' };
    const id = match[1];
    if (!(await this.videos.isKnown(id))) return { kind: 'not-found' };
    const entry = (await this.cache.fetch(id)) ?? this.placeholder();
    return {
      kind: 'image',
      body: entry.body,
      headers: {
        'Content-Type': entry.type,
        // Shared caches may keep it a day; a placeholder only for the retry delay.
        'Cache-Control': `public, max-age=${Math.max(0, Math.round((entry.until - Date.now()) / 1000))}`,
      },
    };
  }

  private placeholder(): Entry {
    return { body: PLACEHOLDER, type: 'image/svg+xml', until: Date.now() + RETRY_MS };
  }

  private async fetch(id: string): Promise<Entry> {
    const origin = this.config.VIDEO_THUMBNAIL_ORIGIN;
    if (origin === 'none') return this.placeholder();
    try {
      this.fetches++;
      const res = await fetch(`${origin}/vi/${id}/hqdefault.jpg`, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        redirect: 'error',
      });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !/^image\/(jpeg|png|webp)$/.test(type)) throw new Error(`answered ${res.status} ${type}`);
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_BYTES) throw new Error(`announced ${length} bytes`);
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length === 0 || body.length > MAX_BYTES) throw new Error(`answered ${body.length} bytes`);
      return { body, type, until: Date.now() + FRESH_MS };
    } catch (error) {
      this.logger.warn(`video thumbnail ${id}: ${(error as Error).message}; placeholder served`);
      return this.placeholder();
    }
  }
}
