import { Inject, Injectable } from '@nestjs/common';
import { buildPath, type Locale } from '../../../contracts/route-table';
import {
  areaTiles,
  CLUSTER_CELLS,
  tileBox,
  UNCLUSTERED_ZOOM,
  type PlaceView,
  type PositionItem,
  type StoreRecord,
} from '../../../contracts/storefinder';
import { AppCache } from '../../cache/app-cache.service';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { fold, localityCandidates, otherNames, parsePlaceQuery } from './places';
import { StoreRepository, type NearStoreRow, type PlaceRow, type StoreRow, type Stocking } from './store.repository';
import { StreetGeocoder } from './street-geocoder';

/** Suggestions the search box offers. */
const SUGGESTIONS = 8;
/** A position farther than this from every Swiss locality is not in Switzerland (reverse geocoding). */
const REVERSE_MAX_METERS = 15_000;

export interface StoreSearch {
  latitude: number;
  longitude: number;
  /** km; the configured default when absent. */
  radius?: number;
  limit?: number;
  /** A product slug of the locale: marks (and may filter on) the pharmacies that stock it. */
  product?: string;
  only?: boolean;
}

export interface ProductContext {
  slug: string;
  name: string;
  stocking: Stocking;
}

/**
 * The store finder's rules (SPEC §4 "Store search", §7 "Point of sale", "Reverse geocoding", §9):
 * nearest pharmacies of a point within a radius, sorted by distance (km, 2 decimals); the Swiss
 * places a search text may mean; the locality nearest to a position.
 */
@Injectable()
export class StoreSearchService {
  constructor(
    private readonly repository: StoreRepository,
    private readonly cache: AppCache,
    private readonly geocoder: StreetGeocoder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async nearest(locale: Locale, search: StoreSearch, product?: ProductContext | null): Promise<StoreRecord[]> {
    const rows = await this.repository.nearest({
      latitude: search.latitude,
      longitude: search.longitude,
      radius: (search.radius ?? this.config.STORE_LOCATOR_RADIUS) * 1000,
      limit: search.limit ?? this.config.STORE_LOCATOR_LIMIT,
      stocking: product?.stocking,
      onlyStocking: !!search.only,
    });
    return rows.map((row) => this.record(row, locale));
  }

  /** A product of the locale by slug, and which pharmacies stock it (insudiet products: the partners). */
  async product(slug: string | undefined, locale: Locale): Promise<ProductContext | null> {
    if (!slug) return null;
    const row = await this.cache.getOrSet(
      `stores:product:${locale}:${slug}`,
      async () => (await this.repository.productBySlug(slug, locale)) ?? null,
    );
    if (!row) return null;
    return {
      slug: row.slug,
      name: row.name,
      stocking: row.product_type === 'insudiet' ? { insudiet: true } : { brandId: row.brand_id },
    };
  }

  record(row: StoreRow | NearStoreRow, locale: Locale): StoreRecord {
    const meters = 'meters' in row ? Number(row.meters) : null;
    return {
      id: row.id,
      name: row.name,
      address_1: row.address_1,
      address_2: row.address_2,
      address_3: row.address_3,
      zipcode: row.zipcode,
      city: row.city,
      phone: row.phone,
      latitude: row.latitude,
      longitude: row.longitude,
      distance: meters === null ? null : Math.round(meters / 10) / 100,
      is_insudiet: row.is_insudiet,
      stocks: 'stocks' in row ? row.stocks : false,
      slug: row.slug,
      url: buildPath('store', locale, { slug: row.slug }),
    };
  }

  /**
   * The Swiss places a search text may mean, best first (autocomplete): the street-level geocoder's
   * answer when one is configured and answers, else the official localities: for an address ("Rue de
   * Bourg 10, Lausanne") by the postcode or locality it names, else by the whole text.
   */
  async places(text: string, limit = SUGGESTIONS): Promise<PlaceView[]> {
    const typed = text.replace(/\s+/g, ' ').trim();
    if (this.geocoder.enabled && fold(typed).length >= 2) {
      const found = await this.geocoder.search(typed, limit);
      if (found?.length) return found;
    }
    // An address's locality first: the whole address as a name could look like another place (the
    // trigram similarity of "Panne 3, 1003 Lausanne" and "Lausanne" passes the threshold).
    for (const query of [...localityCandidates(typed), parsePlaceQuery(typed)]) {
      const found = await this.localities(query, limit);
      if (found.length) return found;
    }
    return [];
  }

  /** Localities by postcode (start) and/or name (start, other language's name, close spelling). */
  private async localities({ postcode, name }: { postcode?: string; name?: string }, limit: number) {
    if (!postcode && (!name || fold(name).length < 2)) return [];
    const key = `stores:places:${limit}:${postcode ?? ''}:${fold(name ?? '')}`;
    return this.cache.getOrSet(key, async () => {
      const names = name ? [name, ...otherNames(name)] : [];
      let rows = await this.repository.places({ names, postcode }, limit);
      // "1003 Lausanne": the postcode's localities of that name, else the postcode's.
      if (postcode && name) {
        const exact = rows.filter((r) => r.postcode === postcode);
        rows = exact.length ? exact : await this.repository.places({ names: [], postcode }, limit);
      }
      return rows.map(placeView);
    });
  }

  /**
   * The place a submitted search text names (the page's GET form): an address (geocoder, else its
   * locality), a postcode of four digits, a locality name (start of it, other language's name, close
   * spelling), or the box's "1003 Lausanne". Null when Switzerland has no such place.
   */
  async resolve(text: string): Promise<PlaceView | null> {
    const { postcode } = parsePlaceQuery(text);
    if (postcode && postcode.length !== 4) return null;
    return (await this.places(text, 1))[0] ?? null;
  }

  /** SPEC §7 "Reverse geocoding": the Swiss locality nearest to a position, as address components. */
  async reverse(latitude: number, longitude: number) {
    const place = await this.repository.nearestPlace(latitude, longitude);
    if (!place || Number(place.meters) > REVERSE_MAX_METERS)
      return { data: { address_components: [], formatted_address: '' } };
    return {
      data: {
        address_components: [
          { long_name: place.postcode, short_name: place.postcode, types: ['postal_code'] },
          { long_name: place.name, short_name: place.name, types: ['locality', 'political'] },
          ...(place.canton
            ? [
                {
                  long_name: place.canton,
                  short_name: place.canton,
                  types: ['administrative_area_level_1', 'political'],
                },
              ]
            : []),
          { long_name: 'Switzerland', short_name: 'CH', types: ['country', 'political'] },
        ],
        formatted_address: `${place.postcode} ${place.name}`,
        place: placeView(place),
      },
    };
  }

  /**
   * The map's pharmacies in tile z/x/y, clustered per cell of CLUSTER_CELLS² a tile below
   * UNCLUSTERED_ZOOM (SPEC §2.2 "marker per store", clustered when dense): whatever the number of
   * pharmacies, a tile answers at most CLUSTER_CELLS² items. Empty outside the map's area.
   */
  async tilePositions(z: number, x: number, y: number): Promise<PositionItem[]> {
    const { x0, x1, y0, y1 } = areaTiles(z);
    if (x < x0 || x > x1 || y < y0 || y > y1) return [];
    return this.cache.getOrSet(
      `stores:tile:${z}/${x}/${y}`,
      async () => {
        const cells = z >= UNCLUSTERED_ZOOM ? 0 : 2 ** z * CLUSTER_CELLS;
        const rows = await this.repository.clusters(tileBox(z, x, y), cells);
        const round = (n: number) => Math.round(n * 1e5) / 1e5;
        return rows.map((r): PositionItem => [round(r.latitude), round(r.longitude), r.n, r.n === 1 ? r.id : 0]);
      },
      300,
    );
  }

  async bySlug(slug: string, locale: Locale): Promise<StoreRecord | null> {
    const row = await this.cache.getOrSet(
      `stores:slug:${slug}`,
      async () => (await this.repository.bySlug(slug)) ?? null,
    );
    return row ? this.record(row, locale) : null;
  }
}

function placeView(p: PlaceRow): PlaceView {
  const round = (n: number) => Math.round(Number(n) * 1e6) / 1e6;
  return { label: `${p.postcode} ${p.name}`, latitude: round(p.latitude), longitude: round(p.longitude) };
}
