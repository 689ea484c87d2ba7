import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min, ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';
import { DomainException } from '../errors/domain.exception';

/**
 * Building blocks of API input validation, so that what reaches a repository always fits the
 * database: PostgreSQL refuses integers beyond its 32-bit `integer` ("out of range for type
 * integer") and text holding NUL ("invalid byte sequence for encoding UTF8: 0x00"), and PGlite
 * fails differently, so both are stopped at the door with a 400 naming the parameter.
 */

/** The largest PostgreSQL `integer` (int4): every id column of the schema. */
export const INTEGER_MAX = 2_147_483_647;

/**
 * A query parameter read as a whole number: only decimal digits (with an optional minus) become a
 * number; anything else ("1e3", "0x1f", " 1", "", an array from a repeated parameter) is kept as it
 * came, so @IsInt names the parameter.
 */
export const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?[0-9]{1,16}$/.test(value) ? Number(value) : value;

/** A database id (1 to INTEGER_MAX), or with `each` a list of them. */
export function IsDatabaseId(options: ValidationOptions = {}): PropertyDecorator {
  return (target, key) => {
    IsInt(options)(target, key);
    Min(1, options)(target, key);
    Max(INTEGER_MAX, options)(target, key);
  };
}

/** Whole number, digits only (see `toInteger`), within [min, max]. */
export function IsIntegerParam(min: number, max: number): PropertyDecorator {
  return (target, key) => {
    Transform(toInteger)(target, key);
    IsInt()(target, key);
    Min(min)(target, key);
    Max(max)(target, key);
  };
}

/** C0 controls but tab, line feed and carriage return (NUL included), and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Text that holds a control character: never a search text, slug, path or media id. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

export function HasNoControlCharacters(): PropertyDecorator {
  return ValidateBy({
    name: 'hasNoControlCharacters',
    validator: {
      validate: (value) => typeof value !== 'string' || !hasControlCharacters(value),
      defaultMessage: (args) => `${args?.property} must not contain control characters`,
    },
  });
}

/**
 * Like @IsOptional, but only an absent parameter is optional: `filters=null` is bad input (400),
 * not "no filter".
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}

/**
 * A path parameter that is a database id: `/product/2147483648` or `/product/1e3` is a 400 naming
 * the parameter, never a database error.
 */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    if (typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= INTEGER_MAX)
      return Number(value);
    throw DomainException.invalidInput({
      [metadata.data ?? 'id']: `must be a whole number from 1 to ${INTEGER_MAX}`,
    });
  }
}
