import { Injectable } from '@nestjs/common';
import { ZIPCODE } from '../../../contracts/forms';
import { AppCache } from '../../cache/app-cache.service';
import { LocalityRepository } from './locality.repository';

/**
 * Swiss localities (content/geo): the postcode look-up of the forms and of the pharmacy finder
 * (SPEC §7 "Cities"). A postcode is valid only when it names at least one locality (SPEC §5).
 */
@Injectable()
export class LocalityService {
  constructor(
    private readonly repository: LocalityRepository,
    private readonly cache: AppCache,
  ) {}

  /** The names of the localities of a postcode; anything but four digits names none. */
  async citiesOf(zipcode: string | undefined): Promise<string[]> {
    const postcode = (zipcode ?? '').trim();
    if (!ZIPCODE.test(postcode)) return [];
    return this.cache.getOrSet(`geo:cities:${postcode}`, () => this.repository.namesByPostcode(postcode));
  }

  /** GET /api/v1/cities?zipcode= (SPEC §7): a list of {name}; empty input, an empty list. */
  async cities(zipcode: string | undefined) {
    const items = (await this.citiesOf(zipcode)).map((name) => ({ name }));
    return { data: { items, total: items.length } };
  }
}
