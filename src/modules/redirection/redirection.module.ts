import { Module } from '@nestjs/common';
import { RedirectionApiController } from './redirection.api.controller';
import { RedirectionMiddleware } from './redirection.middleware';
import { RedirectionRepository } from './redirection.repository';
import { RedirectionService } from './redirection.service';

@Module({
  controllers: [RedirectionApiController],
  providers: [RedirectionRepository, RedirectionService, RedirectionMiddleware],
  exports: [RedirectionService, RedirectionMiddleware],
})
export class RedirectionModule {}
