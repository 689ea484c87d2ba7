import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

/** Editor accounts and login sessions (migration 0007-editors): the feature's only SQL. */
@Injectable()
export class AuthRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  findEditorByEmail(email: string) {
    return this.db
      .selectFrom('editor')
      .select(['id', 'email', 'password_hash', 'disabled'])
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /** The new editor's id, or undefined when the address is taken. */
  async insertEditor(email: string, passwordHash: string): Promise<number | undefined> {
    const row = await this.db
      .insertInto('editor')
      .values({ email, password_hash: passwordHash })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Disables (or enables again) an account; a disabled account's sessions end at once. */
  async setDisabled(email: string, disabled: boolean): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const editor = await trx
        .updateTable('editor')
        .set({ disabled })
        .where('email', '=', email)
        .returning('id')
        .executeTakeFirst();
      if (!editor) return false;
      if (disabled)
        await trx
          .updateTable('editor_session')
          .set({ revoked_at: sql<string>`now()` })
          .where('editor_id', '=', editor.id)
          .where('revoked_at', 'is', null)
          .execute();
      return true;
    });
  }

  /** Stores a new session, and drops sessions that ended more than 30 days ago (the table stays small). */
  async insertSession(tokenHash: string, editorId: number, days: number): Promise<void> {
    await this.db
      .deleteFrom('editor_session')
      .where('expires_at', '<', sql<Date>`now() - interval '30 days'`)
      .execute();
    await this.db
      .insertInto('editor_session')
      .values({
        token_hash: tokenHash,
        editor_id: editorId,
        expires_at: sql<string>`now() + make_interval(days => ${days})`,
      })
      .execute();
  }

  /** The editor of a live session: not revoked, not expired, account not disabled. */
  findLiveSession(tokenHash: string) {
    return this.db
      .selectFrom('editor_session as s')
      .innerJoin('editor as e', 'e.id', 's.editor_id')
      .select(['e.id', 'e.email', 's.expires_at'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('e.disabled', '=', false)
      .executeTakeFirst();
  }

  /** Revokes a session not yet revoked; whether there was one. */
  async revokeSession(tokenHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('editor_session')
      .set({ revoked_at: sql<string>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
