import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config';
import { MailTransport } from './mail-transport';
import { OutboxRepository } from './outbox.repository';

const BATCH = 20;
const LEASE_SECONDS = 120;
/** Back-off: 30 s, 1 min, 2 min… at most an hour between attempts. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3600_000;

export function retryDelayMs(attempts: number, base = RETRY_BASE_MS): number {
  return Math.min(RETRY_MAX_MS, base * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the outbox (every MAIL_WORKER_INTERVAL_MS, in every replica: claims are leased rows, so two
 * workers never send the same mail). A failed mail is tried again with back-off, and after
 * MAIL_MAX_ATTEMPTS it is given up and marked for the team (failed_at). SMTP down: every mail waits
 * in the table and goes out when it is back; a restart loses nothing (the rows are the queue).
 * The backlog is logged when it changes and shown in /health/ready.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MailOutbox');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private lastBacklog = '';

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.MAIL_WORKER_INTERVAL_MS > 0) this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass: every due mail, a batch at a time. Also called by tests. */
  async runOnce(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const batch = await this.outbox.claimDue(BATCH, LEASE_SECONDS);
      for (const mail of batch) {
        try {
          await this.transport.send({ id: mail.id, to: mail.recipient, subject: mail.subject, text: mail.body });
          await this.outbox.markSent(mail.id);
          sent++;
        } catch (error) {
          failed++;
          const attempts = mail.attempts + 1;
          const giveUp = attempts >= this.config.MAIL_MAX_ATTEMPTS;
          const message = (error as Error)?.message ?? String(error);
          await this.outbox.markFailed(mail.id, message, retryDelayMs(attempts), giveUp);
          if (giveUp)
            this.logger.error(`Mail ${mail.id} (${mail.kind}) given up after ${attempts} attempts: ${message}`);
        }
      }
      if (batch.length < BATCH || this.stopped) break;
    }
    await this.logBacklog();
    return { sent, failed };
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn(`Outbox pass failed: ${(error as Error)?.message ?? error}`))
        .finally(() => this.schedule(this.config.MAIL_WORKER_INTERVAL_MS));
    }, delay);
    this.timer.unref();
  }

  private async logBacklog(): Promise<void> {
    const backlog = await this.outbox.backlog();
    const key = `${backlog.pending}/${backlog.failed}`;
    if (key === this.lastBacklog) return;
    this.lastBacklog = key;
    if (backlog.pending > 0 || backlog.failed > 0)
      this.logger.warn(
        `Mail outbox backlog: ${backlog.pending} waiting (oldest ${backlog.oldestSeconds ?? 0} s), ${backlog.failed} given up`,
      );
    else this.logger.log('Mail outbox empty');
  }
}
