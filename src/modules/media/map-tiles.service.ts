import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { areaTiles, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../../../contracts/storefinder';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { MediaResult } from './media.service';

/** A tile coordinate: a decimal integer without leading zeros (no signs, spaces, exponents). */
const INTEGER = /^(0|[1-9][0-9]{0,6})$/;
/** Kept as the origin's expiry headers say, within these bounds (7 days when it says nothing). */
const MIN_FRESH_MS = 3600 * 1000;
const DEFAULT_FRESH_MS = 7 * 24 * 3600 * 1000;
const MAX_FRESH_MS = 30 * 24 * 3600 * 1000;
/** The placeholder of a failed fetch is retried after 5 minutes. */
const RETRY_MS = 5 * 60 * 1000;
/** A tile outside the map's area is the placeholder for a day (the origin is never asked). */
const OUTSIDE_MS = 24 * 3600 * 1000;
const MAX_TILE_BYTES = 256 * 1024;
/** At most this many requests to the origin at once (OSM's tile policy asks for few connections). */
const MAX_IN_FLIGHT = 2;
/** After this many failures in a row the origin is left alone for a while (placeholders meanwhile). */
const FAILURES_BEFORE_PAUSE = 3;
const PAUSE_MS = 30_000;

interface Tile {
  body: Buffer;
  type: string;
  etag: string;
  until: number;
}

/**
 * Map tiles served by the site (`/media/tiles/{z}/{x}/{y}.png`): fetched server-side from MAP_TILE_URL
 * with a timeout and an identifying User-Agent (OpenStreetMap's tile usage policy), kept in a bounded
 * in-memory LRU for as long as the origin's expiry headers say, and sent with HTTP caching headers.
 * The visitor's browser therefore never contacts a tile host (no third party before consent).
 * Coordinates outside the zoom range or the tile grid answer 404; tiles outside the map's area (MAP_AREA),
 * a failing origin (logged only, SPEC §8) or MAP_TILE_URL=none answer a local placeholder tile; after
 * three failures in a row the origin is rested 30 s, so tiles do not queue behind its timeouts.
 */
@Injectable()
export class MapTileService {
  private readonly logger = new Logger(MapTileService.name);
  private readonly cache = new LRUCache<string, Tile>({
    max: 4000,
    maxSize: 48 * 1024 * 1024,
    sizeCalculation: (tile) => tile.body.length + 200,
  });
  private readonly pending = new Map<string, Promise<Tile>>();
  private readonly waiting: Array<() => void> = [];
  private inFlight = 0;
  private failures = 0;
  private pausedUntil = 0;
  private placeholderTile?: Promise<Buffer>;
  /** Requests made to the tile origin (tests, diagnostics). */
  fetches = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async tile(z: string, x: string, file: string, ifNoneMatch?: string): Promise<MediaResult> {
    const y = /^(.+)\.png$/.exec(file)?.[1] ?? '';
    if (![z, x, y].every((n) => INTEGER.test(n))) return { kind: 'not-found' };
    const [zoom, column, row] = [Number(z), Number(x), Number(y)];
    if (zoom < MAP_MIN_ZOOM || zoom > MAP_MAX_ZOOM || column >= 2 ** zoom || row >= 2 ** zoom)
      return { kind: 'not-found' };
    const tile = await this.entry(zoom, column, row);
    const headers = {
      'Content-Type': tile.type,
      ETag: tile.etag,
      'Cache-Control': `public, max-age=${Math.max(0, Math.round((tile.until - Date.now()) / 1000))}`,
    };
    if (ifNoneMatch?.split(/\s*,\s*/).includes(tile.etag)) return { kind: 'not-modified', headers };
    return { kind: 'image', body: tile.body, headers };
  }

  private async entry(z: number, x: number, y: number): Promise<Tile> {
    const key = `${z}/${x}/${y}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.load(z, x, y, cached)
        .then((tile) => {
          this.cache.set(key, tile);
          return tile;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** A fresh tile from the origin; when that fails, the expired copy (`stale`) for a while, else the placeholder. */
  private async load(z: number, x: number, y: number, stale?: Tile): Promise<Tile> {
    const template = this.config.MAP_TILE_URL;
    if (template === 'none') return this.placeholder(RETRY_MS);
    if (!inArea(z, x, y)) return this.placeholder(OUTSIDE_MS);
    const url = template
      .replace('{s}', 'abc'[(x + y) % 3])
      .replace('{z}', String(z))
      .replace('{x}', String(x))
      .replace('{y}', String(y));
    await this.slot();
    try {
      // A failing origin is rested: the tiles queued behind its timeouts get the placeholder at once.
      if (Date.now() < this.pausedUntil)
        return stale ? { ...stale, until: Date.now() + RETRY_MS } : this.placeholder(RETRY_MS);
      this.fetches++;
      const res = await fetch(url, {
        signal: AbortSignal.timeout(this.config.MAP_TILE_TIMEOUT_MS),
        redirect: 'error',
        headers: { 'User-Agent': this.config.MAP_TILE_USER_AGENT, Accept: 'image/png,image/*' },
      });
      const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
      if (!res.ok || !/^image\/(png|jpeg|webp)$/.test(type)) throw new Error(`answered ${res.status} ${type}`);
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length === 0 || body.length > MAX_TILE_BYTES) throw new Error(`answered ${body.length} bytes`);
      this.failures = 0;
      return { body, type, etag: etagOf(body), until: Date.now() + freshness(res.headers) };
    } catch (error) {
      if (++this.failures >= FAILURES_BEFORE_PAUSE) {
        this.failures = 0;
        this.pausedUntil = Date.now() + PAUSE_MS;
        this.logger.warn(`map tile origin failing: placeholders without asking it for ${PAUSE_MS / 1000} s`);
      }
      this.logger.warn(
        `map tile ${z}/${x}/${y}: ${(error as Error).message}; ${stale ? 'expired copy' : 'placeholder'} served`,
      );
      return stale ? { ...stale, until: Date.now() + RETRY_MS } : this.placeholder(RETRY_MS);
    } finally {
      this.release();
    }
  }

  private async placeholder(ms: number): Promise<Tile> {
    this.placeholderTile ??= drawPlaceholder();
    const body = await this.placeholderTile;
    return { body, type: 'image/png', etag: etagOf(body), until: Date.now() + ms };
  }

  /** Waits for one of the MAX_IN_FLIGHT places to fetch from the origin. */
  private async slot(): Promise<void> {
    if (this.inFlight < MAX_IN_FLIGHT) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}

/** Whether tile z/x/y touches the map's area (Web Mercator tile grid). */
export function inArea(z: number, x: number, y: number): boolean {
  const { x0, x1, y0, y1 } = areaTiles(z);
  return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

/** How long the origin lets a tile be kept: Cache-Control max-age, else Expires, within bounds. */
function freshness(headers: Headers): number {
  const control = headers.get('cache-control') ?? '';
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(control)?.[1];
  let ms = DEFAULT_FRESH_MS;
  if (maxAge !== undefined) ms = Number(maxAge) * 1000;
  else if (headers.get('expires')) {
    const at = Date.parse(headers.get('expires') ?? '');
    if (!Number.isNaN(at)) ms = at - Date.now();
  }
  return Math.min(MAX_FRESH_MS, Math.max(MIN_FRESH_MS, ms));
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;

/** The offline tile: a pale ground with a faint grid, so the map still reads as a map. */
async function drawPlaceholder(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">' +
    '<rect width="256" height="256" fill="#eef2ee"/>' +
    '<path d="M0 .5H256M.5 0V256M0 128.5H256M128.5 0V256" stroke="#dde4de" stroke-width="1"/></svg>';
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}
