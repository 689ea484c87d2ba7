import { HttpStatus } from '@nestjs/common';

export enum DomainErrorCode {
  NotFound = 'NOT_FOUND',
  IpNotAllowed = 'IP_NOT_ALLOWED',
  UnknownMiddleware = 'UNKNOWN_MIDDLEWARE',
  InvalidInput = 'INVALID_INPUT',
  Redirect = 'REDIRECT',
  Forbidden = 'FORBIDDEN',
  Unauthorized = 'UNAUTHORIZED',
  Conflict = 'CONFLICT',
  RateLimited = 'RATE_LIMITED',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  Unavailable = 'UNKNOWN_ERROR',
}

/**
 * Why a form post (contact, newsletter) was refused, as SPEC §7 "Contact create" answers it in
 * `errors`: the code of the submission (`INVALID_INPUT`, `RECAPTCHA_ERROR`, `RATE_LIMITED`…) in
 * `errors.code`, and a code per faulty field in `errors.fields.<field>.code` (`validation_lastname`…).
 */
export interface FormRefusal {
  code: string;
  fields: Record<string, { code: string }>;
}

/** A typed domain error: one exception filter maps it to a page or to JSON (STYLE "Domain errors"). */
export class DomainException extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly status: HttpStatus,
    readonly details?: unknown,
    /** A refused form post's SPEC §7 `errors` (API answers only). */
    readonly errors?: FormRefusal,
    /** 'page': a page's own lookup found nothing, and the 404 page says "Cette page n'existe pas" (SPEC §8). */
    readonly reason?: 'page',
  ) {
    super(message);
    this.name = 'DomainException';
  }

  static notFound(message = 'Not Found'): DomainException {
    return new DomainException(DomainErrorCode.NotFound, message, HttpStatus.NOT_FOUND);
  }

  /**
   * SPEC §4, §8 "Cette page n'existe pas": the lookup of a page found nothing (unknown or unpublished
   * slug, list page out of range, unknown category or filter, empty list). The 404 page says so in the
   * visitor's language; API clients get the language-neutral message of every API 404.
   */
  static pageNotFound(): DomainException {
    return new DomainException(
      DomainErrorCode.NotFound,
      'Page not found',
      HttpStatus.NOT_FOUND,
      undefined,
      undefined,
      'page',
    );
  }

  static unknownMiddleware(name: string): DomainException {
    return new DomainException(
      DomainErrorCode.UnknownMiddleware,
      `Unknown middleware ${name}`,
      HttpStatus.INTERNAL_SERVER_ERROR,
    );
  }

  /** A page that moved (old slug, canonical form): the filter answers with an uncached redirect. */
  static redirect(location: string, status: 301 | 302 | 303 | 307 | 308 = 301): DomainException {
    return new DomainException(DomainErrorCode.Redirect, `Moved to ${location}`, status, { location });
  }

  /** A refused request (a form without its CSRF token): the 403 page, or JSON for /api. */
  static forbidden(message = 'Forbidden'): DomainException {
    return new DomainException(DomainErrorCode.Forbidden, message, HttpStatus.FORBIDDEN);
  }

  /** An API call without a valid session: 401 JSON (pages redirect to the login page instead). */
  static unauthorized(message = 'Unauthorized'): DomainException {
    return new DomainException(DomainErrorCode.Unauthorized, message, HttpStatus.UNAUTHORIZED);
  }

  /**
   * A refused form post (400, 429 or 503): the API answers the common error shape, its `details`
   * naming each faulty field's code as every 400 does, plus SPEC §7's `errors` (`errors.code`, and
   * `errors.fields.<field>.code`).
   */
  static formRefused(status: 400 | 429 | 503, code: string, fields: Record<string, string>): DomainException {
    const error =
      status === 429
        ? DomainErrorCode.RateLimited
        : status === 503
          ? DomainErrorCode.Unavailable
          : DomainErrorCode.InvalidInput;
    const message =
      status === 429 ? 'Too Many Requests' : status === 503 ? 'Une erreur a eu lieu' : 'Invalid parameters';
    const errors: FormRefusal = {
      code,
      fields: Object.fromEntries(Object.entries(fields).map(([field, fieldCode]) => [field, { code: fieldCode }])),
    };
    return new DomainException(error, message, status, fields, errors);
  }

  /** A write that contradicts what is stored (a slug or key taken, a record still referenced): 409. */
  static conflict(details: Record<string, string>, message = 'Conflict'): DomainException {
    return new DomainException(DomainErrorCode.Conflict, message, HttpStatus.CONFLICT, details);
  }

  /** Too many requests: 429, the client may try again after `retryAfterSeconds` (Retry-After). */
  static rateLimited(retryAfterSeconds: number): DomainException {
    return new DomainException(DomainErrorCode.RateLimited, 'Too many requests', HttpStatus.TOO_MANY_REQUESTS, {
      retry_after: String(retryAfterSeconds),
    });
  }

  /** A body that is not JSON: 415. */
  static unsupportedMediaType(message = 'The body must be application/json'): DomainException {
    return new DomainException(DomainErrorCode.UnsupportedMediaType, message, HttpStatus.UNSUPPORTED_MEDIA_TYPE, {
      'content-type': message,
    });
  }

  static invalidInput(details: Record<string, string>): DomainException {
    return new DomainException(DomainErrorCode.InvalidInput, 'Invalid parameters', HttpStatus.BAD_REQUEST, details);
  }
}

export const IP_NOT_ALLOWED_TEXT = 'You are not allowed to access this application';
