import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { ContactRepository } from './contact.repository';

/**
 * Data retention (SPEC §9), once a day: contact requests 5 years after the last exchange, newsletter
 * prospects 3 years after their last activity. Every replica runs it; the deletes are idempotent.
 */
@Injectable()
export class RetentionJob {
  private readonly logger = new Logger('Retention');

  constructor(private readonly repository: ContactRepository) {}

  @Cron(CronExpression.EVERY_DAY_AT_3AM, { name: 'contact-retention', timeZone: 'Europe/Zurich' })
  async purge(): Promise<{ requests: number; prospects: number; mails: number }> {
    try {
      const deleted = await this.repository.purgeExpired();
      this.logger.log(
        `Retention: ${deleted.requests} contact requests, ${deleted.prospects} newsletter prospects, ${deleted.mails} sent mails deleted`,
      );
      return deleted;
    } catch (error) {
      this.logger.warn(`Retention purge failed, tried again tomorrow: ${(error as Error)?.message ?? error}`);
      return { requests: 0, prospects: 0, mails: 0 };
    }
  }
}
