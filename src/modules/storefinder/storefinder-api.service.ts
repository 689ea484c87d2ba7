import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { DomainException } from '../../common/errors/domain.exception';
import type { SiteContext } from '../shop';
import type { StorePositionsQueryDto, StoresQueryDto } from './dto/stores-query.dto';
import { StoreSearchService } from './store-search.service';

/** The store finder's API answers, in the shapes of SPEC §7 (`data.items`, `data.total`). */
@Injectable()
export class StoreFinderApiService {
  constructor(
    private readonly search: StoreSearchService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(site: SiteContext, query: StoresQueryDto) {
    const problems: Record<string, string> = {};
    if (query.radius !== undefined && query.radius > this.config.STORE_LOCATOR_RADIUS_MAX)
      problems.radius = `radius must be above 0 and at most ${this.config.STORE_LOCATOR_RADIUS_MAX} (km)`;
    if (query.limit !== undefined && query.limit > this.config.STORE_LOCATOR_MAX)
      problems.limit = `limit must be from 1 to ${this.config.STORE_LOCATOR_MAX}`;
    if (Object.keys(problems).length) throw DomainException.invalidInput(problems);
    const product = await this.search.product(query.product, site.locale);
    if (query.product && !product) throw DomainException.invalidInput({ product: 'unknown product' });
    const items = await this.search.nearest(site.locale, query, product);
    return {
      data: {
        items,
        total: items.length,
        radius: query.radius ?? this.config.STORE_LOCATOR_RADIUS,
        ...(product ? { product: { slug: product.slug, name: product.name } } : {}),
      },
    };
  }

  async places(q: string | undefined) {
    const items = await this.search.places(q ?? '');
    return { data: { items, total: items.length } };
  }

  reverse(latitude: number, longitude: number) {
    return this.search.reverse(latitude, longitude);
  }

  /** The map's pharmacies in a tile (x and y must lie in the tile grid of zoom z). */
  async positions(query: StorePositionsQueryDto) {
    const problems: Record<string, string> = {};
    for (const axis of ['x', 'y'] as const)
      if (query[axis] >= 2 ** query.z)
        problems[axis] = `${axis} must be from 0 to ${2 ** query.z - 1} at zoom ${query.z}`;
    if (Object.keys(problems).length) throw DomainException.invalidInput(problems);
    const items = await this.search.tilePositions(query.z, query.x, query.y);
    return { data: { items, total: items.length, stores: items.reduce((n, item) => n + item[2], 0) } };
  }
}
