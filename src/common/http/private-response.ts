import type { Response } from 'express';

/** A response for one visitor only: neither the page cache nor a CDN or browser cache keeps it. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Marks the response as private (a guarded page, a form with its CSRF token): `PageInterceptor`
 * keeps `Cache-Control: private, no-store`, never stores the page for replay, and the error filter
 * does not keep its 404 for the URL.
 */
export function markPrivate(res: Response): void {
  res.locals.privateResponse = true;
  res.setHeader('Cache-Control', PRIVATE_NO_STORE);
}

export function isPrivate(res: Response): boolean {
  return res.locals.privateResponse === true;
}
