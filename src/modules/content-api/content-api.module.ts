import { Module } from '@nestjs/common';
import { ApiTokenRepository } from './api-token.repository';
import { ApiTokenService } from './api-token.service';
import { ContentWriteController } from './content-write.controller';
import { ContentWriteRepository } from './content-write.repository';
import { ContentWriteService } from './content-write.service';
import { WriteTokenGuard } from './write-token.guard';

/** The write API of issue 15: bearer tokens, the write endpoints, the audit (docs/architecture.md). */
@Module({
  controllers: [ContentWriteController],
  providers: [ApiTokenRepository, ApiTokenService, ContentWriteRepository, ContentWriteService, WriteTokenGuard],
  exports: [ApiTokenService],
})
export class ContentApiModule {}
