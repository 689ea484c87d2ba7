import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { DATABASE } from '../../../database/database.module';
import type { Database } from '../../../database/database';
import type { MailOutboxTable } from '../../../database/schema';

export type OutboxMail = Pick<
  Selectable<MailOutboxTable>,
  'id' | 'kind' | 'recipient' | 'subject' | 'body' | 'attempts'
>;

/** The mail outbox (migration 0017): what the worker claims, sends, retries or gives up. */
@Injectable()
export class OutboxRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Claims up to `limit` due mails for `leaseSeconds`: another worker (replica) skips them, and a
   * worker that died mid-send leaves them to be claimed again once the lease is over.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<OutboxMail[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('mail_outbox')
        .set({ locked_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          'id',
          'in',
          due.map((r) => r.id),
        )
        .returning(['id', 'kind', 'recipient', 'subject', 'body', 'attempts'])
        .execute();
    });
  }

  /**
   * A mail went out. The delivery of a request to the service desk is an exchange with its sender:
   * the request's `last_exchange_at` moves to now (a mail held back by an SMTP outage dates the
   * exchange from its delivery, not from the post).
   */
  async markSent(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('mail_outbox')
        .set({ sent_at: sql<Date>`now()`, locked_until: null, attempts: sql<number>`attempts + 1`, last_error: null })
        .where('id', '=', id)
        .returning('reference')
        .executeTakeFirst();
      const request = /^contact_request:([0-9]{1,19})$/.exec(row?.reference ?? '')?.[1];
      if (request)
        await trx
          .updateTable('contact_request')
          .set({ last_exchange_at: sql<Date>`greatest(last_exchange_at, now())` })
          .where('id', '=', request)
          .execute();
    });
  }

  /** A failed attempt: tried again after `retryInMs`, or given up (marked for the team) when `giveUp`. */
  async markFailed(id: string, error: string, retryInMs: number, giveUp: boolean): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({
        attempts: sql<number>`attempts + 1`,
        last_error: error.slice(0, 1000),
        locked_until: null,
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})`,
        failed_at: giveUp ? sql<Date>`now()` : null,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Waiting and given-up mails, and the age of the oldest waiting one (readiness details, logs). */
  async backlog(): Promise<{ pending: number; failed: number; oldestSeconds: number | null }> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select([
        sql<number>`count(*) filter (where sent_at is null and failed_at is null)::int`.as('pending'),
        sql<number>`count(*) filter (where failed_at is not null)::int`.as('failed'),
        sql<
          number | null
        >`extract(epoch from now() - min(created_at) filter (where sent_at is null and failed_at is null))::int`.as(
          'oldest',
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      pending: Number(row.pending),
      failed: Number(row.failed),
      oldestSeconds: row.oldest === null ? null : Number(row.oldest),
    };
  }
}
