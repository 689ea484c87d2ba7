import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Fewer characters are refused when an account is created (issue 9). */
export const PASSWORD_MIN_LENGTH = 12;
/** Longer input is refused before any hashing (a megabyte password must not cost a megabyte scrypt). */
export const PASSWORD_MAX_LENGTH = 1024;

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * scrypt with N=2^15, r=8, p=1 (32 MiB, some 50-100 ms here): the parameters are written with each
 * hash, so raising them later leaves existing hashes verifiable.
 */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 64;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** "scrypt$N$r$p$salt$hash" (salt and hash in base64url): a fresh random salt for each call. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** A stored hash read back; null when it is not one this code wrote (wrong scheme, absurd cost). */
export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^[0-9]{1,8}$/.test(v) ? Number(v) : NaN));
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  const sane =
    N >= 2 ** 10 && N <= 2 ** 20 && (N & (N - 1)) === 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16 && N * r <= 2 ** 23;
  if (!sane || salt.length < 16 || key.length < 32 || key.length > 128) return null;
  return { params: { N, r, p }, salt, key };
}

/** Whether `password` is the one `stored` was made from: the same scrypt work, a constant-time comparison. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** Why a new password is refused, or null: at least 12 characters, not blank, not absurdly long. */
export function passwordProblem(password: string): string | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) return `the password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `the password must have at most ${PASSWORD_MAX_LENGTH} characters`;
  if (password.trim() === '') return 'the password must not be only spaces';
  if (new Set(password).size < 4) return 'the password must not repeat one to three characters';
  return null;
}
