import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiTokenRepository, type ApiTokenRow } from './api-token.repository';
import { WRITE_RESOURCE_NAMES, type WriteResource } from './write-resources';

/** `api_<id>.<secret>`: the id names the row, the secret (32 random bytes, base64url) proves it. */
const TOKEN = /^api_([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

export interface VerifiedToken {
  id: number;
  name: string;
  scopes: string[];
  shops: number[] | null;
}

export class ApiTokenError extends Error {}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Bearer tokens of the write API: created by `npm run api-token:create` (the secret is shown once,
 * only its SHA-256 is stored), revoked by `npm run api-token:revoke`. A token is found by its id and
 * its secret's hash compared in constant time. Editor session tokens (POST /api/v1/auth/logout) have
 * no `api_` prefix nor dot: the two kinds cannot be taken for one another.
 */
/** How often this process records a token's last use. */
const TOUCH_EVERY_MS = 60_000;
/**
 * How long this process keeps a token's row (a burst of writes costs one read of it); a token
 * revoked meanwhile answers 401 at most this long after the revocation, on every replica.
 */
const ROW_TTL_MS = 1000;

@Injectable()
export class ApiTokenService {
  /** When this process last recorded each token's use: one write a minute, not one per request. */
  private readonly touched = new Map<number, number>();
  private readonly rows = new Map<number, { row: ApiTokenRow | undefined; until: number }>();

  constructor(private readonly repository: ApiTokenRepository) {}

  async create(name: string, scopes: string[], shops: number[] | null): Promise<{ id: number; token: string }> {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name))
      throw new ApiTokenError('--name: letters, digits, . _ - (at most 100), starting with a letter or digit');
    const unknown = scopes.filter((s) => s !== '*' && !WRITE_RESOURCE_NAMES.includes(s as WriteResource));
    if (!scopes.length || unknown.length)
      throw new ApiTokenError(
        `--scopes: among ${WRITE_RESOURCE_NAMES.join(', ')} or * (unknown: ${unknown.join(', ') || 'none given'})`,
      );
    if (shops && (!shops.length || shops.some((s) => !Number.isInteger(s) || s < 1 || s > 2147483647)))
      throw new ApiTokenError('--shops: shop ids separated by commas, or all');
    const secret = randomBytes(32).toString('base64url');
    const id = await this.repository.create({
      name,
      secret_hash: sha256(secret).toString('hex'),
      scopes: [...new Set(scopes)],
      shops: shops ? [...new Set(shops)] : null,
    });
    if (id === undefined) throw new ApiTokenError(`a live token is already named ${name} (revoke it first)`);
    return { id, token: `api_${id}.${secret}` };
  }

  async revoke(name: string): Promise<boolean> {
    const done = await this.repository.revoke(name);
    this.rows.clear();
    return done;
  }

  private async row(id: number): Promise<ApiTokenRow | undefined> {
    const now = Date.now();
    const kept = this.rows.get(id);
    if (kept && kept.until > now) return kept.row;
    const row = await this.repository.byId(id);
    if (this.rows.size > 10_000) this.rows.clear();
    this.rows.set(id, { row, until: now + ROW_TTL_MS });
    return row;
  }

  /** Whether a header value is shaped like a write token (else it is no token of ours). */
  static looksLikeToken(value: string): boolean {
    return TOKEN.test(value);
  }

  /** The live token a bearer value names, or null (unknown id, wrong secret, revoked). */
  async verify(bearer: string): Promise<VerifiedToken | null> {
    const match = TOKEN.exec(bearer);
    if (!match) return null;
    const row = await this.row(Number(match[1]));
    // Hashed whatever happens, so an unknown id costs the same as a wrong secret.
    const given = sha256(match[2]);
    const stored = row ? Buffer.from(row.secret_hash, 'hex') : Buffer.alloc(32);
    const equal = timingSafeEqual(given, stored);
    if (!row || !equal || row.revoked_at) return null;
    const now = Date.now();
    if ((this.touched.get(row.id) ?? 0) + TOUCH_EVERY_MS < now) {
      if (this.touched.size > 10_000) this.touched.clear();
      this.touched.set(row.id, now);
      void this.repository.touch(row.id).catch(() => undefined);
    }
    return { id: row.id, name: row.name, scopes: row.scopes, shops: row.shops };
  }
}
