import { Controller, Get, Header, Query, UsePipes } from '@nestjs/common';
import { apiValidation, SiteSource } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import {
  PlacesQueryDto,
  ReverseGeocodingQueryDto,
  StorePositionsQueryDto,
  StoresQueryDto,
} from './dto/stores-query.dto';
import { StoreFinderApiService } from './storefinder-api.service';

/** The store finder's part of the content API (SPEC §7 "Point of sale", "Reverse geocoding"), under /api/v1. */
@Controller('api/v1')
@UsePipes(apiValidation)
export class StoreFinderApiController {
  constructor(
    private readonly stores: StoreFinderApiService,
    private readonly sites: SiteSource,
  ) {}

  /** GET /stores?latitude=&longitude=[&radius=&limit=&product=&only=]: nearest first, with `distance` (km). */
  @Get('stores')
  async list(@Site() site: SiteContext, @Query() query: StoresQueryDto) {
    return this.stores.list(await this.sites.scoped(site, query), query);
  }

  /**
   * GET /store-positions?z=&x=&y=: the pharmacies of a map tile for the map's markers, clustered per
   * cell ([latitude, longitude, count, id]): bounded whatever the number of pharmacies. The same for
   * every visitor, changed only by an import: kept 5 minutes by browsers and CDNs, then revalidated in
   * the background.
   */
  @Get('store-positions')
  @Header('Cache-Control', 'public, max-age=300, s-maxage=300, stale-while-revalidate=300')
  positions(@Query() query: StorePositionsQueryDto) {
    return this.stores.positions(query);
  }

  /** GET /places?q=: the Swiss localities a typed text may mean (the search box's suggestions). */
  @Get('places')
  places(@Query() query: PlacesQueryDto) {
    return this.stores.places(query.q);
  }

  /** GET /reverse-geocoding?latitude=&longitude=: the nearest Swiss locality as address components. */
  @Get('reverse-geocoding')
  reverse(@Query() query: ReverseGeocodingQueryDto) {
    return this.stores.reverse(query.latitude, query.longitude);
  }
}
