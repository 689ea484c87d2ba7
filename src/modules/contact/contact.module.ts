import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppCache } from '../../cache/app-cache.service';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { GeoModule } from '../geo';
import { AntiSpam } from './anti-spam';
import { CaptchaService } from './captcha.service';
import { ContactApiController } from './contact.api.controller';
import { ContactApiService } from './contact-api.service';
import { ContactFormFlow } from './contact-form.flow';
import { ContactPageController } from './contact.page.controller';
import { ContactPagesService } from './contact-pages.service';
import { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';
import { ContactThrottlerGuard } from './contact-throttler.guard';
import { FormCsrfGuard } from './form-csrf.guard';
import { FormTokens } from './form-token';
import { MailTransport } from './mail/mail-transport';
import { OutboxRepository } from './mail/outbox.repository';
import { OutboxWorker } from './mail/outbox.worker';
import { NewsletterService } from './newsletter.service';
import { RetentionJob } from './retention.job';
import { SubmissionChecks } from './submission-checks';
import { SubmissionLimit } from './submission-limit';
import { CacheThrottlerStorage } from './throttler-storage';

/**
 * Contact form, confirmation and newsletter (issue 13): the pages, the API, the anti-spam lines, the
 * mail outbox and its worker, and the retention job.
 */
@Module({
  imports: [
    GeoModule,
    HttpModule,
    ScheduleModule.forRoot(),
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, AppCache],
      useFactory: (config: AppConfig, cache: AppCache) => ({
        // The loose limit on every post (page or API, valid or not); the strict one on valid
        // submissions is counted by the services (SubmissionLimit) in the same storage.
        throttlers: [
          { name: 'posts', ttl: config.CONTACT_RATE_WINDOW_SECONDS * 1000, limit: config.CONTACT_POST_LIMIT },
        ],
        // One budget per client address for every form post of the feature (page or API).
        generateKey: (_context, tracker, name) => `${name}:${tracker}`,
        storage: new CacheThrottlerStorage(cache),
      }),
    }),
  ],
  controllers: [ContactPageController, ContactApiController],
  providers: [
    AntiSpam,
    CaptchaService,
    ContactApiService,
    ContactFormFlow,
    ContactPagesService,
    ContactRepository,
    ContactService,
    ContactThrottlerGuard,
    FormCsrfGuard,
    FormTokens,
    MailTransport,
    NewsletterService,
    OutboxRepository,
    OutboxWorker,
    RetentionJob,
    SubmissionChecks,
    SubmissionLimit,
  ],
  exports: [OutboxRepository, OutboxWorker],
})
export class ContactModule {}
