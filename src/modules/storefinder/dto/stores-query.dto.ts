import { Transform } from 'class-transformer';
import { IsBoolean, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../../../../contracts/storefinder';
import { HasNoControlCharacters, IsIntegerParam, ShopScopedQueryDto, toBool } from '../../../common/api';

/**
 * A decimal coordinate as typed in a URL ("46.52", "-0.5"): anything else ("1e3", "0x1f", " 1", "",
 * an array from a repeated parameter) is kept as it came, so validation names the parameter.
 */
export const toDecimal = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?[0-9]{1,3}(\.[0-9]{1,12})?$/.test(value) ? Number(value) : value;

function IsCoordinate(max: number): PropertyDecorator {
  return (target, key) => {
    Transform(toDecimal)(target, key);
    IsNumber(
      { allowNaN: false, allowInfinity: false },
      { message: `${String(key)} must be a number from -${max} to ${max}` },
    )(target, key);
    Min(-max, { message: `${String(key)} must be a number from -${max} to ${max}` })(target, key);
    Max(max, { message: `${String(key)} must be a number from -${max} to ${max}` })(target, key);
  };
}

/** Absent parameters are optional; a present one must be a value (`radius=` is bad input). */
const Present = () =>
  ValidateBy({
    name: 'present',
    validator: { validate: (value) => value !== '', defaultMessage: (a) => `${a?.property} must not be empty` },
  });

/** GET /api/v1/stores (SPEC §7 "Point of sale"): the pharmacies nearest to a point. */
export class StoresQueryDto extends ShopScopedQueryDto {
  @IsCoordinate(90)
  latitude!: number;

  @IsCoordinate(180)
  longitude!: number;

  /** km, above 0 and at most STORE_LOCATOR_RADIUS_MAX (checked by the controller's service). */
  @IsOptional()
  @Present()
  @Transform(toDecimal)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'radius must be a number of km above 0' })
  @Min(0.001, { message: 'radius must be a number of km above 0' })
  radius?: number;

  /** 1 to STORE_LOCATOR_MAX (checked against the configuration by the service). */
  @IsOptional()
  @Present()
  @IsIntegerParam(1, 500)
  limit?: number;

  /** A product's slug in the request's language: its stockists are marked. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, { message: 'product must be a product slug' })
  product?: string;

  /** With a product: only the pharmacies that stock it. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  only?: boolean;
}

/** GET /api/v1/store-positions: a map tile (zoom within the map's, x and y checked against the zoom by the service). */
export class StorePositionsQueryDto extends ShopScopedQueryDto {
  @IsIntegerParam(MAP_MIN_ZOOM, MAP_MAX_ZOOM)
  z!: number;

  @IsIntegerParam(0, 2 ** MAP_MAX_ZOOM - 1)
  x!: number;

  @IsIntegerParam(0, 2 ** MAP_MAX_ZOOM - 1)
  y!: number;
}

/** GET /api/v1/reverse-geocoding (SPEC §7). */
export class ReverseGeocodingQueryDto extends ShopScopedQueryDto {
  @IsCoordinate(90)
  latitude!: number;

  @IsCoordinate(180)
  longitude!: number;
}

/** GET /api/v1/places?q=: the search box's suggestions (Swiss localities). */
export class PlacesQueryDto extends ShopScopedQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @HasNoControlCharacters()
  q?: string;
}
