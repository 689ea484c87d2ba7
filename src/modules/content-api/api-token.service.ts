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
@Injectable()
export class ApiTokenService {
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

  revoke(name: string): Promise<boolean> {
    return this.repository.revoke(name);
  }

  /** Whether a header value is shaped like a write token (else it is no token of ours). */
  static looksLikeToken(value: string): boolean {
    return TOKEN.test(value);
  }

  /** The live token a bearer value names, or null (unknown id, wrong secret, revoked). */
  async verify(bearer: string): Promise<VerifiedToken | null> {
    const match = TOKEN.exec(bearer);
    if (!match) return null;
    const row: ApiTokenRow | undefined = await this.repository.byId(Number(match[1]));
    // Hashed whatever happens, so an unknown id costs the same as a wrong secret.
    const given = sha256(match[2]);
    const stored = row ? Buffer.from(row.secret_hash, 'hex') : Buffer.alloc(32);
    const equal = timingSafeEqual(given, stored);
    if (!row || !equal || row.revoked_at) return null;
    void this.repository.touch(row.id).catch(() => undefined);
    return { id: row.id, name: row.name, scopes: row.scopes, shops: row.shops };
  }
}
