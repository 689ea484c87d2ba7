import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ContactModule } from '../contact';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';
import { LifecycleService } from './lifecycle.service';
import { ReadinessIndicators } from './readiness.indicators';

@Global()
@Module({
  // No terminus logger: it would write an error line for every failed probe (every 2 s of an
  // outage); outages are logged once as they start and once as they end (docs/decisions.md).
  imports: [TerminusModule.forRoot({ logger: false }), ContactModule],
  controllers: [HealthController],
  providers: [HealthRepository, HealthService, LifecycleService, ReadinessIndicators],
  exports: [LifecycleService],
})
export class HealthModule {}
