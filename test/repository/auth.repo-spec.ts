import 'reflect-metadata';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config/app.config';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { AuthRepository } from '../../src/modules/auth/auth.repository';
import { hashSessionToken, newSessionToken } from '../../src/modules/auth/session-token';

/** The auth feature's SQL (migration 0007-editors) on PGlite, or the PostgreSQL server with DATABASE_URL. */
describe(`AuthRepository on ${process.env.DATABASE_URL ? 'the PostgreSQL server' : 'PGlite'}`, () => {
  let db: Database;
  let sut: AuthRepository;
  let n = 0;
  const email = () => `repo.${Date.now()}.${++n}@example.org`;

  beforeAll(async () => {
    db = await openDatabase(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', DATABASE_URL: process.env.DATABASE_URL }),
    );
    await migrateToLatest(db);
    sut = new AuthRepository(db);
  }, 120000);
  afterAll(async () => db?.destroy());

  async function session(editorId: number, days = 30): Promise<string> {
    const hash = hashSessionToken(newSessionToken());
    await sut.insertSession(hash, editorId, days);
    return hash;
  }

  it('creates an editor once per address; the table holds addresses lower-cased only', async () => {
    const address = email();
    const id = await sut.insertEditor(address, 'scrypt$hash');
    expect(id).toEqual(expect.any(Number));
    await expect(sut.insertEditor(address, 'other')).resolves.toBeUndefined();
    await expect(sut.findEditorByEmail(address)).resolves.toEqual({
      id,
      email: address,
      password_hash: 'scrypt$hash',
      disabled: false,
    });
    await expect(sut.insertEditor('Upper.Case@example.org', 'x')).rejects.toThrow();
  });

  it('finds a live session by its hash, not a revoked or expired one, nor one of a disabled account', async () => {
    const address = email();
    const id = (await sut.insertEditor(address, 'x'))!;
    const live = await session(id);
    await expect(sut.findLiveSession(live)).resolves.toMatchObject({ id, email: address });
    await expect(sut.findLiveSession(hashSessionToken(newSessionToken()))).resolves.toBeUndefined();

    const revoked = await session(id);
    await sut.revokeSession(revoked);
    await expect(sut.findLiveSession(revoked)).resolves.toBeUndefined();

    const expired = await session(id);
    await sql`update editor_session set created_at = now() - interval '2 days', expires_at = now() - interval '1 day'
      where token_hash = ${expired}`.execute(db);
    await expect(sut.findLiveSession(expired)).resolves.toBeUndefined();

    await expect(sut.setDisabled(address, true)).resolves.toBe(true);
    await expect(sut.findLiveSession(live)).resolves.toBeUndefined();
    // Enabling the account again does not bring its sessions back: disabling revoked them.
    await sut.setDisabled(address, false);
    await expect(sut.findLiveSession(live)).resolves.toBeUndefined();
    await expect(sut.setDisabled('nobody@example.org', true)).resolves.toBe(false);
  });

  it('refuses a session of more than 12 months, and a token hash that is not SHA-256 hex', async () => {
    const id = (await sut.insertEditor(email(), 'x'))!;
    await expect(session(id, 400)).rejects.toThrow();
    await expect(sut.insertSession('not-a-hash', id, 30)).rejects.toThrow();
    const year = await session(id, 365);
    await expect(sut.findLiveSession(year)).resolves.toMatchObject({ id });
  });

  it('drops sessions that ended more than 30 days ago when a new one opens', async () => {
    const id = (await sut.insertEditor(email(), 'x'))!;
    const old = await session(id);
    await sql`update editor_session set created_at = now() - interval '90 days', expires_at = now() - interval '31 days'
      where token_hash = ${old}`.execute(db);
    await session(id);
    const left = await db.selectFrom('editor_session').select('token_hash').where('token_hash', '=', old).execute();
    expect(left).toEqual([]);
  });
});
