import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { projectRoot } from '../../../common/paths';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Where mails go: the SMTP server of SMTP_URL through nodemailer (timeouts so a stuck server fails
 * the attempt rather than the worker), or, without it (the one-command default), one .eml file per
 * mail under MAIL_DIR so a new user can read what the site sends. nodemailer (~2 MB of heap) is
 * loaded with the first mail: most processes of a site never send one.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private transporter: Promise<Transporter> | null = null;
  private readonly folder: string | null;
  /** SMTP_URL with the timeouts it does not set (a bad URL fails the start, not the first mail). */
  private readonly smtp: string | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.SMTP_URL) {
      this.folder = null;
      const url = new URL(config.SMTP_URL);
      for (const [name, ms] of [
        ['connectionTimeout', '10000'],
        ['greetingTimeout', '10000'],
        ['socketTimeout', '20000'],
      ] as const)
        if (!url.searchParams.has(name)) url.searchParams.set(name, ms);
      this.smtp = url.toString();
    } else {
      this.folder = isAbsolute(config.MAIL_DIR) ? config.MAIL_DIR : join(projectRoot(), config.MAIL_DIR);
      this.smtp = null;
    }
  }

  private transport(): Promise<Transporter> {
    if (!this.transporter) {
      const smtp = this.smtp;
      this.transporter = import('nodemailer').then(({ createTransport }) =>
        smtp ? createTransport(smtp) : createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      // A failed load is tried again with the next mail.
      this.transporter.catch(() => (this.transporter = null));
    }
    return this.transporter;
  }

  /** Where mails are written without SMTP (null with SMTP_URL). */
  get directory(): string | null {
    return this.folder;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const transporter = await this.transport();
    const info = (await transporter.sendMail({
      from: this.config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: { 'X-Outbox-Id': mail.id },
    })) as { message?: Buffer };
    if (this.folder && info.message) {
      await mkdir(this.folder, { recursive: true });
      await writeFile(join(this.folder, `${Date.now()}-${mail.id}.eml`), info.message);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const transporter = await this.transporter?.catch(() => null);
    transporter?.close();
  }
}
