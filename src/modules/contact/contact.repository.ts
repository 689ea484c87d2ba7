import { Inject, Injectable } from '@nestjs/common';
import { sql, type Insertable } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import type { ContactRequestTable, MailOutboxTable, NewsletterSubscriptionTable } from '../../database/schema';

export type NewContactRequest = Insertable<ContactRequestTable>;
export type NewSubscription = Omit<Insertable<NewsletterSubscriptionTable>, 'status' | 'confirmed_at'>;
export type NewMail = Pick<Insertable<MailOutboxTable>, 'kind' | 'recipient' | 'subject' | 'body' | 'reference'>;

/** Contact requests and newsletter prospects (migration 0017); their mails go to the outbox in the same transaction. */
@Injectable()
export class ContactRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Stores a request and its mail to the service desk, together. A second post of the same
   * submission stores nothing (false): the first one is the request. "The last exchange" of the
   * address's earlier requests becomes now (docs/decisions.md "Contact form: follow-ups").
   */
  async storeRequest(request: NewContactRequest, mail: (id: string) => NewMail): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('contact_request')
        .values(request)
        .onConflict((oc) => oc.column('submission').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      // The relationship goes on: every earlier request of the same address in this shop now dates
      // its last exchange from this one (SPEC §9, kept 5 years after the LAST exchange).
      await trx
        .updateTable('contact_request')
        .set({ last_exchange_at: sql<Date>`now()` })
        .where('shop_id', '=', request.shop_id)
        .where(sql<string>`lower(email)`, '=', request.email.toLowerCase())
        .where('id', '<>', row.id)
        .execute();
      await trx
        .insertInto('mail_outbox')
        .values(mail(String(row.id)))
        .execute();
      return true;
    });
  }

  /**
   * A newsletter sign-up: a new prospect is pending; one already known keeps its status (a confirmed
   * subscriber stays confirmed, an unsubscribed one is pending again) with the details refreshed.
   * The confirmation mail is queued in the same transaction, unless the address already has one
   * waiting to be sent or queued less than `resendAfterSeconds` ago (a double submit, a reload: one
   * opt-in mail). The upsert locks the subscription's row, so concurrent sign-ups of one address
   * check one after the other. Returns the subscription's id and whether a mail was queued.
   */
  async storeSubscription(
    subscription: NewSubscription,
    mail: (id: string) => NewMail,
    resendAfterSeconds: number,
  ): Promise<{ id: string; queued: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('newsletter_subscription')
        .values(subscription)
        .onConflict((oc) =>
          oc.columns(['shop_id', 'email']).doUpdateSet({
            civility_id: (eb) => eb.ref('excluded.civility_id'),
            lastname: (eb) => eb.ref('excluded.lastname'),
            firstname: (eb) => eb.ref('excluded.firstname'),
            zipcode: (eb) => eb.ref('excluded.zipcode'),
            city: (eb) => eb.ref('excluded.city'),
            consent: (eb) => eb.ref('excluded.consent'),
            origin: (eb) => eb.ref('excluded.origin'),
            locale: (eb) => eb.ref('excluded.locale'),
            status: sql<
              'pending' | 'confirmed' | 'unsubscribed'
            >`case when newsletter_subscription.status = 'confirmed' then 'confirmed' else 'pending' end`,
            last_activity_at: sql<Date>`now()`,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = String(row.id);
      const waiting = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('reference', '=', `newsletter_subscription:${id}`)
        .where((eb) =>
          eb.or([
            eb.and([eb('sent_at', 'is', null), eb('failed_at', 'is', null)]),
            eb('created_at', '>', sql<Date>`now() - make_interval(secs => ${resendAfterSeconds})`),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      if (waiting) return { id, queued: false };
      await trx.insertInto('mail_outbox').values(mail(id)).execute();
      return { id, queued: true };
    });
  }

  /** Double opt-in: the link of the mail confirms the subscription it was sent for (false: none such). */
  async confirmSubscription(id: string, email: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_subscription')
      .set({
        status: 'confirmed',
        confirmed_at: sql<Date>`coalesce(confirmed_at, now())`,
        last_activity_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('email', '=', email)
      .where('status', '<>', 'unsubscribed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async unsubscribe(id: string, email: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_subscription')
      .set({ status: 'unsubscribed', last_activity_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('email', '=', email)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Retention (SPEC §9): contact requests 5 years after the last exchange, prospects 3 years after
   * their last activity. A mail carries the personal data of what it announces: it goes 30 days after
   * it was sent or given up (kept that long for the team to see what left, or why not), and none
   * outlives the retention of its kind (a mail never sent: 5 years for a request's, 3 for a prospect's).
   */
  async purgeExpired(): Promise<{ requests: number; prospects: number; mails: number }> {
    const requests = await this.db
      .deleteFrom('contact_request')
      .where('last_exchange_at', '<', sql<Date>`now() - interval '5 years'`)
      .executeTakeFirst();
    const prospects = await this.db
      .deleteFrom('newsletter_subscription')
      .where('last_activity_at', '<', sql<Date>`now() - interval '3 years'`)
      .executeTakeFirst();
    const mails = await this.db
      .deleteFrom('mail_outbox')
      .where((eb) =>
        eb.or([
          eb('sent_at', '<', sql<Date>`now() - interval '30 days'`),
          eb('failed_at', '<', sql<Date>`now() - interval '30 days'`),
          eb('created_at', '<', sql<Date>`now() - interval '5 years'`),
          eb.and([eb('kind', 'like', 'newsletter%'), eb('created_at', '<', sql<Date>`now() - interval '3 years'`)]),
        ]),
      )
      .executeTakeFirst();
    return {
      requests: Number(requests.numDeletedRows),
      prospects: Number(prospects.numDeletedRows),
      mails: Number(mails.numDeletedRows),
    };
  }
}
