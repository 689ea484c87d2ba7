import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { parseTrustedHostProxies } from '../common/http/forwarded-host';
import { parseAllowList } from '../common/security/allow-list';

const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
/** `true`/`1` and `false`/`0`; anything else is kept so validation names it. */
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === ''
    ? undefined
    : value === 'true' || value === '1' || value === true
      ? true
      : value === 'false' || value === '0' || value === false
        ? false
        : value;

/**
 * The environment the app accepts. Validated once at start-up: a wrong setting stops the start with a
 * message that names it (see `loadConfig`).
 */
export class EnvironmentVariables {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** PostgreSQL server; when unset the embedded PGlite database under DATA_DIR is used. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// URL' })
  DATABASE_URL?: string = undefined;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  DATABASE_POOL_MAX = 10;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  DATABASE_STATEMENT_TIMEOUT_MS = 10000;

  /**
   * Queries run as prepared statements on the server's connections (planned once per connection).
   * Off behind a proxy that shares server connections between clients (PgBouncer in transaction mode).
   */
  @Transform(toBool)
  @IsBoolean()
  DATABASE_PREPARED_STATEMENTS = true;

  /** Where the embedded database keeps its files; ":memory:" keeps nothing (tests). */
  @IsString()
  DATA_DIR = 'var';

  /**
   * Shared buffers of the embedded database, in MB (PGlite's own build says 128; see
   * src/database/pglite-module.ts). Unused with DATABASE_URL.
   */
  @Transform(toInt)
  @IsInt()
  @Min(8)
  @Max(512)
  PGLITE_SHARED_BUFFERS_MB = 24;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'must be a redis:// URL' })
  REDIS_URL?: string = undefined;

  /** Number of reverse-proxy hops in front of the app whose X-Forwarded-For is trusted (never "true"). */
  @Transform(toInt)
  @IsInt({ message: 'must be a whole number of proxy hops (0 or more)' })
  @Min(0)
  @Max(10)
  TRUST_PROXY = 0;

  /**
   * Addresses / CIDR ranges of the proxies whose X-Forwarded-Host is believed (they must set it
   * themselves); empty = the host always comes from the Host header.
   */
  @IsString()
  TRUST_FORWARDED_HOST = '';

  /** Allowed client addresses, CIDR ranges and DNS names, comma-separated; empty = filter off. */
  @IsString()
  IP_FILTER_ALLOW = '';

  @Transform(toInt)
  @IsInt()
  @Min(5)
  @Max(86400)
  IP_FILTER_REFRESH_SECONDS = 300;

  @IsIn(['debug', 'info', 'warn', 'error', 'silent'])
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'info';

  /** How long readiness answers 503 before the server stops taking connections on SIGTERM. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(120000)
  SHUTDOWN_DRAIN_MS = 5000;

  /** A request's headers must have arrived within this (silent or trickling clients get 408). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(300000)
  HTTP_HEADERS_TIMEOUT_MS = 20000;

  /** The whole request, body included (at least HTTP_HEADERS_TIMEOUT_MS). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600000)
  HTTP_REQUEST_TIMEOUT_MS = 30000;

  /** How long a keep-alive connection may wait for its next request. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 5000;

  /** A connection with no traffic either way for this long is closed. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  HTTP_IDLE_TIMEOUT_MS = 30000;

  /** Read models (shop, menus, lists…) are cached this long (0 = off: every read hits the database). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86400)
  CACHE_TTL_SECONDS = 300;

  /**
   * Memory the read-model cache may hold in process when there is no Redis, in MB (least recently
   * used entries out first beyond it).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(4096)
  CACHE_MAX_MB = 64;

  /**
   * How far V8 lets the heap grow past what was live at its last full collection before the next
   * one, in percent (V8's `--heap-growing-percent`; 0 leaves V8's own factor, up to 4×). Set at start
   * (main.ts). A lower factor collects earlier: less resident memory, a longer tail of uncached
   * requests (more collections).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(300)
  HEAP_GROWING_PERCENT = 30;

  /** Rendered anonymous pages are kept this long in process memory (0 = off). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600)
  PAGE_CACHE_TTL_SECONDS = 30;

  /**
   * Memory the rendered pages of PAGE_CACHE_TTL_SECONDS may hold per process, in MB (least recently
   * used pages out first beyond it, as beyond 500 pages).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(4096)
  PAGE_CACHE_MAX_MB = 32;

  /** Write API: requests per minute one bearer token may make (429 with Retry-After beyond). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  API_WRITE_RATE_LIMIT = 120;

  /** Largest JSON body the app reads, in kilobytes (413 beyond). */
  @Transform(toInt)
  @IsInt()
  @Min(16)
  @Max(16384)
  API_BODY_LIMIT_KB = 1024;

  /** Products per page of the product list, and the API's default perPage (SPEC §7, §9). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  PRODUCT_PER_PAGE = 12;

  /**
   * Store finder (SPEC §7 "Point of sale" `store_locator_radius`): default search radius around a
   * place, in km; SPEC §9 "store radius 20 units", the same 20 km as the map's bounds rule (§4).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  STORE_LOCATOR_RADIUS = 20;

  /** Store finder: the largest radius an API client may ask for, in km. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  STORE_LOCATOR_RADIUS_MAX = 200;

  /** Store finder: how many pharmacies a search lists by default (SPEC §7 `limit`). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(500)
  STORE_LOCATOR_LIMIT = 20;

  /** Store finder: the most pharmacies one search may ask for (SPEC §7 `store_locator_max`). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(500)
  STORE_LOCATOR_MAX = 100;

  /**
   * Where the site fetches the store finder's map tiles from (server side, cached: the browser only
   * ever asks /media/tiles/…). An https URL template with {z}, {x}, {y} (and optionally {s}); plain
   * http only on the loopback (a local tile server, tests). "none" = never fetched: a local placeholder.
   */
  @Matches(
    /^(https:\/\/[^\s"'<>/]+\/[^\s"'<>]*|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/[^\s"'<>]*)$|^none$/,
    {
      message: 'must be an https URL template (or http on the loopback) or "none"',
    },
  )
  @Matches(/^none$|^(?=.*\{z\})(?=.*\{x\})(?=.*\{y\})/, { message: 'must contain {z}, {x} and {y}' })
  MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

  /**
   * The User-Agent of the site's tile requests. OpenStreetMap's tile usage policy requires one that
   * identifies the application: set it to name the site and a contact (URL or e-mail) in production.
   */
  @IsString()
  @Matches(/^[\x20-\x7e]{8,200}$/, { message: 'must be 8 to 200 printable ASCII characters' })
  MAP_TILE_USER_AGENT = 'pharma-catalogue-site/0.1 (store finder map; tile cache)';

  /** How long the site waits for a tile from MAP_TILE_URL before it serves the placeholder (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(30000)
  MAP_TILE_TIMEOUT_MS = 4000;

  /**
   * The store finder's street-level geocoder: "none" (default) searches the official localities only,
   * offline; "geoadmin" asks the Swiss federal geoportal's search service (GEOCODER_URL) for addresses,
   * postcodes and municipalities first, and falls back to the localities when it fails.
   */
  @IsIn(['none', 'geoadmin'])
  GEOCODER = 'none';

  /** The geoportal's SearchServer endpoint (a local stub in tests). */
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  GEOCODER_URL = 'https://api3.geo.admin.ch/rest/services/api/SearchServer';

  /** The geocoder call gives up after this long; the offline place search answers instead. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(10000)
  GEOCODER_TIMEOUT_MS = 2000;

  /** Who made the map tiles, shown on the map (plain text) with a link to MAP_TILE_ATTRIBUTION_URL. */
  @IsString()
  @MinLength(1)
  MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

  @IsString()
  @Matches(/^https:\/\/[^\s"'<>]+$/, { message: 'must be an https URL' })
  MAP_TILE_ATTRIBUTION_URL = 'https://www.openstreetmap.org/copyright';

  /** Country domains, e.g. "ch=example.ch,fr=example.fr"; defaults to the content pack's (localhost). */
  @IsString()
  @Matches(/^$|^([a-z]{2}=[a-z0-9.-]+)(,[a-z]{2}=[a-z0-9.-]+)*$/, {
    message: 'must look like ch=example.ch,fr=example.fr',
  })
  SHOP_DOMAINS = '';

  /**
   * Signs the CSRF tokens of the site's forms (src/common/security/csrf.ts). Required in production,
   * the same on every replica, at least 32 characters; development and tests use a fixed default.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)' })
  CSRF_SECRET?: string = undefined;

  /** How long an editor's login session lasts (days; 12 months at most, SPEC §9). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(365)
  EDITOR_SESSION_DAYS = 30;

  /**
   * The SMTP server of outgoing mail (smtp:// or smtps://, credentials in the URL). Unset: mails are
   * written as .eml files under MAIL_DIR, so a fresh clone shows what it would send.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string = undefined;

  /** Where mails go without SMTP_URL (one .eml file per mail). */
  @IsString()
  MAIL_DIR = 'var/mail';

  /** Sender of every mail. */
  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Site <no-reply@localhost>';

  /** The service desk that receives the contact requests. */
  @IsString()
  @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'must be an e-mail address' })
  CONTACT_MAIL_TO = 'service-client@localhost';

  /** How often the outbox worker looks for mail to send (ms; 0 = no worker in this process). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600000)
  MAIL_WORKER_INTERVAL_MS = 5000;

  /** Attempts before a mail is given up and marked for the team. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(50)
  MAIL_MAX_ATTEMPTS = 8;

  /** reCAPTCHA v3 secret (server side). Unset: tokens are not verified (anti-spam = honeypot, fill time, rate limit). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  RECAPTCHA_SECRET?: string = undefined;

  /** reCAPTCHA v3 site key (browser side); the island asks a token at submit only when set. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{10,100}$/, { message: 'must be a reCAPTCHA site key' })
  RECAPTCHA_SITE_KEY?: string = undefined;

  /**
   * The tag manager / analytics script (SPEC §7), loaded in the browser only after the visitor allows
   * audience statistics; its origin is then allowed by the CSP script-src. Unset: no analytics.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https:\/\/[A-Za-z0-9.-]+(:\d+)?\/[^\s"'<>]*$/, { message: 'must be an https:// script URL' })
  ANALYTICS_SCRIPT_URL?: string = undefined;

  /**
   * Where the site fetches video thumbnails from (server side, cached; the visitor's browser never
   * contacts the video platform before consent). "none" = never fetched: a local placeholder.
   */
  @Matches(/^(https?:\/\/[A-Za-z0-9.:-]+|none)$/, { message: 'must be an http(s) origin or "none"' })
  VIDEO_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

  /**
   * The video platform's data API key (SPEC §7: playlist items, then videos; YouTube Data API v3).
   * Unset: the stored video data of the content pack is used and the platform is never asked.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: 'must be an API key (20-100 letters, digits, "-" or "_")' })
  VIDEO_API_KEY?: string = undefined;

  /**
   * The playlist whose first item is the home page's news video (SPEC §7 "playlist items … the first
   * item's videoId"). Unset, or the platform out of reach: the home content's own video.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{10,64}$/, { message: 'must be a playlist id (10-64 letters, digits, "-" or "_")' })
  VIDEO_PLAYLIST_ID?: string = undefined;

  /** The data API's base URL (a local stub in tests). */
  @Matches(/^https?:\/\/[A-Za-z0-9.:-]+(\/[A-Za-z0-9._~/-]*)?$/, { message: 'must be an http(s) URL without query' })
  VIDEO_API_URL = 'https://www.googleapis.com/youtube/v3';

  /** A call to the data API gives up after this long (the page then uses what it has). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(30000)
  VIDEO_API_TIMEOUT_MS = 2000;

  /** Video data older than this is refreshed in the background (the page is served with what is kept). */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(604800)
  VIDEO_DATA_REFRESH_SECONDS = 3600;

  /** The verification endpoint (a local stub in tests). */
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

  /** Lowest reCAPTCHA v3 score accepted (0 bot … 1 human). */
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value)))
  @Min(0)
  @Max(1)
  RECAPTCHA_MIN_SCORE = 0.5;

  /** The verification call gives up after this long (the request is then kept as unverified). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(30000)
  RECAPTCHA_TIMEOUT_MS = 3000;

  /** A form sent sooner than this after it was shown is refused (bots fill forms instantly). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600)
  CONTACT_MIN_FILL_SECONDS = 3;

  /**
   * Contact requests and newsletter sign-ups per client address and window: posts that passed the
   * form's rules (a visitor correcting mistakes is not counted).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  CONTACT_RATE_LIMIT = 5;

  /** Every post of the contact and newsletter forms (valid or not) per client address and window. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  CONTACT_POST_LIMIT = 30;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86400)
  CONTACT_RATE_WINDOW_SECONDS = 600;
}

/** The CSRF secret outside production: public, so never accepted when NODE_ENV=production. */
const DEVELOPMENT_CSRF_SECRET = 'development-only-csrf-secret-never-used-in-production';

export type AppConfig = Readonly<Omit<EnvironmentVariables, 'CSRF_SECRET'> & { CSRF_SECRET: string }> & {
  production: boolean;
  embeddedDatabase: boolean;
};

export class ConfigurationError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Every setting has an initialiser (optional ones `= undefined`), so this lists them all.
  const known = Object.keys(new EnvironmentVariables());
  const input = Object.fromEntries(known.filter((k) => env[k] !== undefined).map((k) => [k, env[k]]));
  const config = plainToInstance(EnvironmentVariables, input, { exposeDefaultValues: true });
  const problems = validateSync(config, { skipMissingProperties: false }).map(
    (e) => `${e.property}=${JSON.stringify(env[e.property] ?? null)}: ${Object.values(e.constraints ?? {}).join('; ')}`,
  );
  try {
    parseAllowList(config.IP_FILTER_ALLOW);
  } catch (error) {
    problems.push(`IP_FILTER_ALLOW=${JSON.stringify(config.IP_FILTER_ALLOW)}: ${(error as Error).message}`);
  }
  try {
    parseTrustedHostProxies(config.TRUST_FORWARDED_HOST);
  } catch (error) {
    problems.push(`TRUST_FORWARDED_HOST=${JSON.stringify(config.TRUST_FORWARDED_HOST)}: ${(error as Error).message}`);
  }
  if (problems.length === 0 && config.HTTP_REQUEST_TIMEOUT_MS < config.HTTP_HEADERS_TIMEOUT_MS)
    problems.push(
      `HTTP_REQUEST_TIMEOUT_MS=${JSON.stringify(env.HTTP_REQUEST_TIMEOUT_MS ?? null)}: must be at least HTTP_HEADERS_TIMEOUT_MS (${config.HTTP_HEADERS_TIMEOUT_MS})`,
    );
  if (config.NODE_ENV === 'production' && !config.CSRF_SECRET)
    problems.push(
      'CSRF_SECRET=null: required when NODE_ENV=production (at least 32 characters, the same on every replica)',
    );
  if (problems.length > 0) throw new ConfigurationError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return Object.freeze({
    ...config,
    production: config.NODE_ENV === 'production',
    embeddedDatabase: !config.DATABASE_URL,
    // Development and tests only (production refuses to start without its own, above).
    CSRF_SECRET: config.CSRF_SECRET ?? DEVELOPMENT_CSRF_SECRET,
  });
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export function shopDomainOverrides(config: AppConfig): Map<string, string> {
  return new Map(
    config.SHOP_DOMAINS.split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
}
