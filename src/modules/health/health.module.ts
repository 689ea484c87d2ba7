import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';
import { LifecycleService } from './lifecycle.service';

@Global()
@Module({
  controllers: [HealthController],
  providers: [HealthRepository, HealthService, LifecycleService],
  exports: [LifecycleService],
})
export class HealthModule {}
