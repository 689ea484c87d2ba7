import type { Request } from 'express';

/**
 * One cookie of the request (no cookie-parser: the site reads two cookies). The first occurrence
 * wins; a value that is not valid percent-encoding counts as absent.
 */
export function readCookie(req: Pick<Request, 'headers'>, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
