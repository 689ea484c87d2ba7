import { hashPassword, parsePasswordHash, passwordProblem, verifyPassword, type ScryptParams } from './password';

/** Cheap parameters for the specs that are not about the cost. */
const FAST: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('writes scrypt with its parameters, a 16-byte salt and a 64-byte key', async () => {
    const sut = await hashPassword('correct horse battery staple');
    expect(sut).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(sut).not.toContain('correct horse');
  });

  it('salts every hash: the same password never gives the same string', async () => {
    const [a, b] = await Promise.all([hashPassword('same password 1', FAST), hashPassword('same password 1', FAST)]);
    expect(a).not.toBe(b);
    await expect(verifyPassword('same password 1', a)).resolves.toBe(true);
    await expect(verifyPassword('same password 1', b)).resolves.toBe(true);
  });

  it('verifies the right password and refuses any other', async () => {
    const sut = await hashPassword('Grüezi mitenand 2026', FAST);
    await expect(verifyPassword('Grüezi mitenand 2026', sut)).resolves.toBe(true);
    // The same text in another Unicode form is the same password (NFC).
    await expect(verifyPassword('Gru\u0308ezi mitenand 2026', sut)).resolves.toBe(true);
    for (const other of ['grüezi mitenand 2026', 'Grüezi mitenand 2026 ', 'Grüezi mitenand 202', ''])
      await expect(verifyPassword(other, sut)).resolves.toBe(false);
  });

  it('verifies with the parameters stored in the hash, not the current defaults', async () => {
    const sut = await hashPassword('older parameters', { N: 2 ** 11, r: 4, p: 2 });
    expect(parsePasswordHash(sut)?.params).toEqual({ N: 2048, r: 4, p: 2 });
    await expect(verifyPassword('older parameters', sut)).resolves.toBe(true);
  });

  it.each([
    '',
    'plain text',
    'bcrypt$2b$10$abc',
    'scrypt$3$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5',
    'scrypt$1024$8$1$short$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5',
    `scrypt$${2 ** 24}$8$1$c2FsdHNhbHRzYWx0c2FsdA$${'a'.repeat(86)}`,
    `scrypt$1024$999$1$c2FsdHNhbHRzYWx0c2FsdA$${'a'.repeat(86)}`,
  ])('refuses a stored value it did not write: %s', async (stored) => {
    expect(parsePasswordHash(stored)).toBeNull();
    await expect(verifyPassword('anything at all', stored)).resolves.toBe(false);
  });

  it('refuses weak new passwords: fewer than 12 characters, blank, repetitive, huge', () => {
    expect(passwordProblem('elevenchars')).toMatch(/at least 12/);
    expect(passwordProblem('ábcdéfghíjk')).toMatch(/at least 12/); // 11 characters, more bytes
    expect(passwordProblem(' '.repeat(12))).toMatch(/only spaces/);
    expect(passwordProblem('abababababab')).toMatch(/repeat/);
    expect(passwordProblem('x'.repeat(1025) + 'abc')).toMatch(/at most/);
    expect(passwordProblem('twelve chars')).toBeNull();
    expect(passwordProblem('correct horse battery staple')).toBeNull();
  });
});
