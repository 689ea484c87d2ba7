import { Inject, Injectable } from '@nestjs/common';
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import type { StoreTable } from '../../database/schema';

export type StoreRow = Omit<Selectable<StoreTable>, 'position' | 'updated_at'>;

const STORE_COLUMNS = [
  'store.id',
  'store.slug',
  'store.name',
  'store.address_1',
  'store.address_2',
  'store.address_3',
  'store.zipcode',
  'store.city',
  'store.phone',
  'store.latitude',
  'store.longitude',
  'store.is_insudiet',
] as const;
/** A pharmacy with its distance from the searched point (metres) and whether it stocks the product. */
export type NearStoreRow = StoreRow & { meters: number; stocks: boolean };

/** Which pharmacies stock a product: those with its range (brand), or the Insudiet partners. */
export type Stocking = { brandId: number } | { insudiet: true };

export interface NearestQuery {
  latitude: number;
  longitude: number;
  /** Metres. */
  radius: number;
  limit: number;
  stocking?: Stocking;
  /** Only the pharmacies that stock the product. */
  onlyStocking?: boolean;
}

/** A cell of the map's grid: how many pharmacies, where on average, the id of a lone one. */
export interface CellRow {
  n: number;
  latitude: number;
  longitude: number;
  id: number;
}

/** What a place search looks for: (starts of) names, a postcode (start). */
export interface PlaceTerms {
  names: string[];
  postcode?: string;
}

/** A Swiss locality as a place to search from. */
export interface PlaceRow {
  name: string;
  postcode: string;
  canton: string | null;
  latitude: number;
  longitude: number;
}

/**
 * The pharmacies (migration 0016) and the place look-ups of the finder. Nearest stores: a
 * k-nearest-neighbour scan of the GiST index on the stored `position` (`<->` is the straight-line
 * distance through the earth, which orders like the distance along its surface), so a search reads
 * about `limit` index entries whatever the table's size (EXPLAIN in docs/decisions.md).
 */
@Injectable()
export class StoreRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The query `nearest` runs (exposed so that its plan can be checked). */
  nearestQuery(q: NearestQuery) {
    const point = sql`ll_to_earth(${q.latitude}::float8, ${q.longitude}::float8)`;
    const stocks = !q.stocking
      ? sql<boolean>`false`
      : 'brandId' in q.stocking
        ? sql<boolean>`exists (select 1 from store_brand b where b.store_id = store.id and b.brand_id = ${q.stocking.brandId}::int)`
        : sql<boolean>`store.is_insudiet`;
    // The `limit` nearest (a k-nearest-neighbour walk of the index: about `limit` entries read), then
    // those within the radius: the same answer as filtering first, without sorting the whole circle.
    const nearest = this.db
      .selectFrom('store')
      .select(STORE_COLUMNS)
      .select(sql<number>`store.position <-> ${point}`.as('chord'))
      .select(stocks.as('stocks'))
      .$if(!!q.stocking && !!q.onlyStocking, (qb) => qb.where(stocks))
      .orderBy(sql`store.position <-> ${point}`)
      .limit(q.limit);
    return this.db
      .selectFrom(nearest.as('s'))
      .selectAll('s')
      .where('s.chord', '<=', chordOf(q.radius))
      .orderBy('s.chord');
  }

  async nearest(q: NearestQuery): Promise<NearStoreRow[]> {
    const rows = await this.nearestQuery(q).execute();
    return rows.map(({ chord, ...row }) => ({ ...row, meters: arcOf(Number(chord)) }));
  }

  async bySlug(slug: string): Promise<StoreRow | undefined> {
    return this.db.selectFrom('store').select(STORE_COLUMNS).where('slug', '=', slug).executeTakeFirst();
  }

  /**
   * The pharmacies of a latitude/longitude box grouped in a grid of `cells` × `cells` cells over the
   * whole world in Web Mercator (a map tile's cells at its zoom): one row per cell holding any, with
   * its count, mean position and, for a cell of one, that store's id. `cells` 0: every store on its own.
   */
  async clusters(box: { south: number; west: number; north: number; east: number }, cells: number): Promise<CellRow[]> {
    const inBox = this.db
      .selectFrom('store')
      .where('latitude', '>=', box.south)
      .where('latitude', '<', box.north)
      .where('longitude', '>=', box.west)
      .where('longitude', '<', box.east);
    if (cells === 0) {
      const rows = await inBox.select(['id', 'latitude', 'longitude']).orderBy('id').limit(5000).execute();
      return rows.map((r) => ({ n: 1, latitude: r.latitude, longitude: r.longitude, id: r.id }));
    }
    const column = sql`floor((store.longitude + 180) / 360 * ${cells}::float8)`;
    const row = sql`floor((1 - ln(tan(radians(store.latitude)) + 1 / cos(radians(store.latitude))) / pi()) / 2 * ${cells}::float8)`;
    const rows = await inBox
      .select([
        sql<string>`count(*)`.as('n'),
        sql<number>`avg(store.latitude)`.as('latitude'),
        sql<number>`avg(store.longitude)`.as('longitude'),
        sql<number>`min(store.id)`.as('id'),
      ])
      .groupBy([column, row])
      .orderBy(sql`min(store.id)`)
      .execute();
    return rows.map((r) => ({
      n: Number(r.n),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      id: r.id,
    }));
  }

  async count(): Promise<number> {
    const { n } = await this.db
      .selectFrom('store')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Swiss localities whose name (accents and case ignored; either side of a bilingual "Biel/Bienne")
   * starts with one of `names`, or whose postcode starts with `postcode`; close spellings (trigram
   * similarity) after them. One row per name and postcode, the best matches first.
   */
  async places(terms: PlaceTerms, limit: number): Promise<PlaceRow[]> {
    const rows = await this.placesQuery(terms, limit).execute();
    return rows.map((r) => ({ ...r, latitude: Number(r.latitude), longitude: Number(r.longitude) }));
  }

  /**
   * The query `places` runs (exposed so that its plan can be checked). Every test is one an index
   * serves (migration 0018): `~` and `%` on the folded name through its trigram index, the postcode
   * prefix through its pattern index; `%` (trigram similarity above pg_trgm's threshold, 0.3 by
   * default) lets the index find the close spellings, the stricter similarity filter then keeps them.
   */
  placesQuery(terms: PlaceTerms, limit: number) {
    const names = terms.names.map((n) => n.toLowerCase());
    const folded = sql.ref('locality.name_folded');
    const prefixes = names.flatMap((n) => [`${escapeLike(n)}%`, `%/${escapeLike(n)}%`]);
    const first = names[0] ?? '';
    const foldedFirst = sql<string>`fold_name(${first})`;
    return this.db
      .selectFrom('locality')
      .select(['name', 'postcode', 'canton'])
      .select((eb) => [eb.fn.avg<number>('latitude').as('latitude'), eb.fn.avg<number>('longitude').as('longitude')])
      .where('country', '=', 'CH')
      .where((eb) => {
        const ors: Array<Expression<SqlBool>> = [];
        if (terms.postcode) ors.push(eb('postcode', 'like', `${terms.postcode}%`));
        // One test for every name and both sides of a bilingual name ("Biel/Bienne"): a name starts
        // the folded name or follows its "/". One regular expression, so one scan of the index.
        if (names.length)
          ors.push(sql<SqlBool>`${folded} ~ fold_name(${`(^|/)(${names.map(escapeRegex).join('|')})`})`);
        if (first.length >= 3)
          ors.push(sql<SqlBool>`(${folded} % ${foldedFirst} and similarity(${folded}, ${foldedFirst}) > 0.45)`);
        return ors.length ? eb.or(ors) : eb.val(false);
      })
      .groupBy(['name', 'name_folded', 'postcode', 'canton'])
      .$if(names.length > 0, (qb) =>
        qb.orderBy(
          sql`case when ${sql.join(
            names.flatMap((n) => [
              sql`${folded} = fold_name(${n})`,
              sql`${folded} like fold_name(${`${escapeLike(n)}/%`})`,
              sql`${folded} like fold_name(${`%/${escapeLike(n)}`})`,
            ]),
            sql` or `,
          )} then 0 when ${sql.join(
            prefixes.map((p) => sql`${folded} like fold_name(${p})`),
            sql` or `,
          )} then 1 else 2 end`,
        ),
      )
      .orderBy(sql`similarity(${folded}, ${foldedFirst}) desc`)
      .orderBy(sql`length(name)`)
      .orderBy('postcode')
      .limit(limit);
  }

  /** The Swiss locality nearest to a point, and how far it is (metres). */
  async nearestPlace(latitude: number, longitude: number): Promise<(PlaceRow & { meters: number }) | undefined> {
    const point = sql`ll_to_earth(${latitude}::float8, ${longitude}::float8)`;
    const position = sql`ll_to_earth(locality.latitude, locality.longitude)`;
    return this.db
      .selectFrom('locality')
      .select(['name', 'postcode', 'canton', 'latitude', 'longitude'])
      .select(sql<number>`earth_distance(${position}, ${point})`.as('meters'))
      .where('country', '=', 'CH')
      .orderBy(sql`${position} <-> ${point}`)
      .limit(1)
      .executeTakeFirst();
  }

  /** The brand and type of a product (in this locale's slug), to know which pharmacies stock it. */
  async productBySlug(
    slug: string,
    locale: string,
  ): Promise<{ id: number; name: string; slug: string; brand_id: number; product_type: string } | undefined> {
    return this.db
      .selectFrom('product')
      .innerJoin('product_translation as t', 't.product_id', 'product.id')
      .select(['product.id', 't.name', 't.slug', 'product.brand_id', 'product.product_type'])
      .where('t.locale', '=', locale)
      .where('t.slug', '=', slug)
      .executeTakeFirst();
  }
}

/** earthdistance's earth radius (metres, `earth()`): `<->` between earth points is a chord of it. */
const EARTH_RADIUS = 6378168;
/** The straight-line distance through the earth between two points `meters` apart along its surface. */
const chordOf = (meters: number) => 2 * EARTH_RADIUS * Math.sin(Math.min(meters / (2 * EARTH_RADIUS), Math.PI / 2));
/** The distance along the surface of a chord (what `earth_distance` answers). */
const arcOf = (chord: number) => 2 * EARTH_RADIUS * Math.asin(Math.min(chord / (2 * EARTH_RADIUS), 1));

const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, (c) => `\\${c}`);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
