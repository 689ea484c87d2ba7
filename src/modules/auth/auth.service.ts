import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { AuthRepository } from './auth.repository';
import type { AuthenticatedEditor } from './auth.types';
import { hashPassword, passwordProblem, PASSWORD_MAX_LENGTH, verifyPassword } from './password';
import { hashSessionToken, isSessionToken, newSessionToken } from './session-token';

/** An account that cannot be created as asked (the CLI prints the message). */
export class EditorAccountError extends Error {}

/** Addresses are compared lower-cased and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Editor accounts and their sessions: who may sign in, which cookie token is whose. Rules only; the
 * SQL is the repository's, the HTTP side the login service's and the guard's.
 */
@Injectable()
export class AuthService {
  /** A hash of nothing anyone knows: unknown addresses cost the same scrypt work as known ones. */
  private dummyHash?: Promise<string>;

  constructor(
    private readonly repository: AuthRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Creates an account (`npm run editor:create`); refuses a bad address, a weak password, a taken address. */
  async createEditor(email: string, password: string): Promise<AuthenticatedEditor> {
    const address = normalizeEmail(email);
    if (!isEmail(address) || address.length > 254) throw new EditorAccountError(`not an e-mail address: ${email}`);
    const problem = passwordProblem(password);
    if (problem) throw new EditorAccountError(problem);
    const id = await this.repository.insertEditor(address, await hashPassword(password));
    if (id === undefined) throw new EditorAccountError(`an editor with the address ${address} exists already`);
    return { id, email: address };
  }

  /** Disables an account and ends its sessions; false when there is no such account. */
  disableEditor(email: string): Promise<boolean> {
    return this.repository.setDisabled(normalizeEmail(email), true);
  }

  /**
   * The editor these credentials belong to, or null — the same answer, and the same scrypt work,
   * for an unknown address, a wrong password and a disabled account.
   */
  async authenticate(email: string, password: string): Promise<AuthenticatedEditor | null> {
    if (password.length > PASSWORD_MAX_LENGTH) return null;
    const editor = await this.repository.findEditorByEmail(normalizeEmail(email));
    const matches = await verifyPassword(password, editor?.password_hash ?? (await this.dummy()));
    return editor && matches && !editor.disabled ? { id: editor.id, email: editor.email } : null;
  }

  /** Opens a session: the cookie's token (only its hash is stored) and how long it lasts. */
  async openSession(editor: AuthenticatedEditor): Promise<{ token: string; maxAgeMs: number }> {
    const token = newSessionToken();
    await this.repository.insertSession(hashSessionToken(token), editor.id, this.config.EDITOR_SESSION_DAYS);
    return { token, maxAgeMs: this.config.EDITOR_SESSION_DAYS * 24 * 3600 * 1000 };
  }

  /** The editor of a cookie's session, or null (no cookie, malformed, unknown, expired, revoked, disabled). */
  async editorOf(token: unknown): Promise<AuthenticatedEditor | null> {
    if (!isSessionToken(token)) return null;
    const row = await this.repository.findLiveSession(hashSessionToken(token));
    return row ? { id: row.id, email: row.email } : null;
  }

  /** Ends a session; whether the token named a live one (expired and unknown tokens end nothing). */
  async closeSession(token: unknown): Promise<boolean> {
    if (!isSessionToken(token)) return false;
    if (!(await this.editorOf(token))) return false;
    return this.repository.revokeSession(hashSessionToken(token));
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
    return this.dummyHash;
  }
}

/** A rate-limit key for an address that puts no address in the cache. */
export function emailKey(email: string): string {
  return createHash('sha256').update(normalizeEmail(email)).digest('base64url').slice(0, 32);
}
