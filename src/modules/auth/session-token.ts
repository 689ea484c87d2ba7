import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes in base64url: the session cookie's value. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, in hex (a leaked table opens no session). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a cookie value has the shape of a token (anything else is not looked up). */
export function isSessionToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}
