import { Controller, Get, Query, UsePipes } from '@nestjs/common';
import { apiValidation } from '../../common/api';
import { CitiesQueryDto } from './dto/cities-query.dto';
import { LocalityService } from './locality.service';

/** Place look-ups of the content API (SPEC §7 "Cities"), under /api/v1. */
@Controller('api/v1')
@UsePipes(apiValidation)
export class GeoApiController {
  constructor(private readonly localities: LocalityService) {}

  /** GET /cities?zipcode=: the localities of a Swiss postcode, as {name}. */
  @Get('cities')
  cities(@Query() query: CitiesQueryDto) {
    return this.localities.cities(query.zipcode);
  }
}
