import { Module } from '@nestjs/common';
import { GeoApiController } from './geo.api.controller';
import { LocalityRepository } from './locality.repository';
import { LocalityService } from './locality.service';

/** Official Swiss localities: the postcode look-up (forms, pharmacy finder) and place data. */
@Module({
  controllers: [GeoApiController],
  providers: [LocalityRepository, LocalityService],
  exports: [LocalityService],
})
export class GeoModule {}
