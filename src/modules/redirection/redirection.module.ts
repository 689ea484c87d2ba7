import { Module } from '@nestjs/common';
import { RedirectionMiddleware } from './redirection.middleware';
import { RedirectionRepository } from './redirection.repository';
import { RedirectionService } from './redirection.service';

@Module({
  providers: [RedirectionRepository, RedirectionService, RedirectionMiddleware],
  exports: [RedirectionService, RedirectionMiddleware],
})
export class RedirectionModule {}
