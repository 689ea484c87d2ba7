import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { SWITZERLAND_BOUNDS, type PlaceView } from '../../../contracts/storefinder';
import { AppCache } from '../../cache/app-cache.service';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { fold } from './places';

/** What the geoportal's SearchServer answers for `type=locations` (the fields used here). */
interface SearchServerAnswer {
  results?: Array<{ attrs?: { origin?: unknown; label?: unknown; lat?: unknown; lon?: unknown } }>;
}

/** After a failure the service is left alone this long (every search meanwhile is answered offline). */
const PAUSE_AFTER_FAILURE_MS = 30_000;
/** Answers are kept a day (addresses do not move). */
const CACHE_SECONDS = 24 * 3600;
/** Liechtenstein's postcodes: the geoportal covers it, the finder is for Switzerland only. */
const LIECHTENSTEIN = /\b94(8[5-9]|9[0-8])\b/;

/**
 * The street-level geocoder adapter (issue 12): the Swiss federal geoportal's search service
 * (SearchServer, `type=locations`, origins address, zipcode and gg25, WGS84) through @nestjs/axios with
 * a timeout, on when GEOCODER=geoadmin. Switzerland only: results outside Switzerland's bounds or in
 * Liechtenstein are dropped. Its failure (timeout, network, 5xx, an answer of another shape) is logged
 * and answered `null`, so the caller falls back to the offline place search; after a failure the
 * service is not asked again for 30 s.
 */
@Injectable()
export class StreetGeocoder {
  private readonly logger = new Logger(StreetGeocoder.name);
  private pausedUntil = 0;

  constructor(
    private readonly http: HttpService,
    private readonly cache: AppCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.GEOCODER === 'geoadmin';
  }

  /** The Swiss places and addresses a text may mean, best first; null when the service cannot answer. */
  async search(text: string, limit: number): Promise<PlaceView[] | null> {
    if (!this.enabled || Date.now() < this.pausedUntil) return null;
    try {
      return await this.cache.getOrSet(
        `stores:geocoder:${limit}:${fold(text)}`,
        () => this.ask(text, limit),
        CACHE_SECONDS,
      );
    } catch (error) {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      this.logger.warn(`geocoder failed, offline place search used: ${(error as Error).message}`);
      return null;
    }
  }

  private async ask(text: string, limit: number): Promise<PlaceView[]> {
    const response = await firstValueFrom(
      this.http.get<SearchServerAnswer>(this.config.GEOCODER_URL, {
        params: { searchText: text, type: 'locations', origins: 'address,zipcode,gg25', limit, sr: 4326 },
        timeout: this.config.GEOCODER_TIMEOUT_MS,
        headers: { Accept: 'application/json' },
        maxRedirects: 0,
        responseType: 'json',
      }),
    );
    if (!Array.isArray(response.data?.results)) throw new Error(`answer without results (${response.status})`);
    const places: PlaceView[] = [];
    for (const result of response.data.results) {
      const { label, lat, lon } = result.attrs ?? {};
      if (typeof label !== 'string' || typeof lat !== 'number' || typeof lon !== 'number') continue;
      if (!inSwitzerland(lat, lon)) continue;
      const text = plainLabel(label);
      if (!text || LIECHTENSTEIN.test(text) || places.some((p) => p.label === text)) continue;
      places.push({ label: text, latitude: round(lat), longitude: round(lon) });
      if (places.length >= limit) break;
    }
    return places;
  }
}

/**
 * The service's label as plain text: "Rue de Bourg 10 <b>1003 Lausanne</b>" → "Rue de Bourg 10, 1003
 * Lausanne", "<b>1003 - Lausanne</b>" → "1003 Lausanne", "<b>Lausanne (VD)</b>" → "Lausanne (VD)".
 */
export function plainLabel(label: string): string {
  const bold = /^(.*?)<b>(.*?)<\/b>(.*)$/is.exec(label);
  const joined = bold && bold[1].trim() ? `${bold[1].trim()}, ${bold[2]}${bold[3]}` : label;
  return decodeEntities(joined.replace(/<[^>]*>/g, ''))
    .replace(/^([0-9]{4}) - /, '$1 ')
    .replace(CONTROL_CHARACTERS, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] !== '#') return named[code.toLowerCase()] ?? whole;
    const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
  });
}

function inSwitzerland(latitude: number, longitude: number): boolean {
  const [[south, west], [north, east]] = SWITZERLAND_BOUNDS;
  return latitude >= south && latitude <= north && longitude >= west && longitude <= east;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const round = (n: number) => Math.round(n * 1e6) / 1e6;
