import { createHash } from 'node:crypto';
import { hashSessionToken, isSessionToken, newSessionToken } from './session-token';

describe('session tokens', () => {
  it('are 32 random bytes in base64url, never twice the same', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newSessionToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(isSessionToken(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their SHA-256 in hex', () => {
    const token = newSessionToken();
    const sut = hashSessionToken(token);
    expect(sut).toMatch(/^[0-9a-f]{64}$/);
    expect(sut).toBe(createHash('sha256').update(token).digest('hex'));
    expect(sut).not.toContain(token);
    expect(hashSessionToken(newSessionToken())).not.toBe(sut);
  });

  it.each([undefined, null, 42, '', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`])(
    'refuses %p as a token (never looked up)',
    (value) => {
      expect(isSessionToken(value)).toBe(false);
    },
  );
});
