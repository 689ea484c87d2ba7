import { HttpStatus } from '@nestjs/common';

export enum DomainErrorCode {
  NotFound = 'NOT_FOUND',
  IpNotAllowed = 'IP_NOT_ALLOWED',
  UnknownMiddleware = 'UNKNOWN_MIDDLEWARE',
  InvalidInput = 'INVALID_INPUT',
  Redirect = 'REDIRECT',
}

/** A typed domain error: one exception filter maps it to a page or to JSON (STYLE "Domain errors"). */
export class DomainException extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly status: HttpStatus,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainException';
  }

  static notFound(message = 'Not Found'): DomainException {
    return new DomainException(DomainErrorCode.NotFound, message, HttpStatus.NOT_FOUND);
  }

  static unknownMiddleware(name: string): DomainException {
    return new DomainException(
      DomainErrorCode.UnknownMiddleware,
      `Unknown middleware ${name}`,
      HttpStatus.INTERNAL_SERVER_ERROR,
    );
  }

  /** A page that moved (old slug, canonical form): the filter answers with an uncached redirect. */
  static redirect(location: string, status: 301 | 302 | 307 | 308 = 301): DomainException {
    return new DomainException(DomainErrorCode.Redirect, `Moved to ${location}`, status, { location });
  }

  static invalidInput(details: Record<string, string>): DomainException {
    return new DomainException(DomainErrorCode.InvalidInput, 'Invalid parameters', HttpStatus.BAD_REQUEST, details);
  }
}

export const IP_NOT_ALLOWED_TEXT = 'You are not allowed to access this application';
