/**
 * A redirect target that cannot leave the site by accident: a path is forced to start with exactly one
 * slash (no "//host" or "/\host" protocol-relative tricks); absolute URLs are only http(s). Returns
 * null for anything else (javascript:, data:, relative paths...).
 */
export function safeRedirectTarget(target: string): string | null {
  // Browsers drop ASCII tabs and newlines anywhere in a URL: "/\t/evil" would become "//evil".
  const value = target.replace(/[\t\n\r]/g, '').trim();
  if (/^https?:\/\/[^\s/\\]+/i.test(value)) {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
    } catch {
      return null;
    }
  }
  if (!value.startsWith('/') && !value.startsWith('\\')) return null;
  return samePath(value);
}

/** Collapses leading slashes and backslashes so the result is a path on this host. */
export function samePath(path: string): string {
  return (
    '/' +
    path
      .replace(/[\t\n\r]/g, '')
      .replace(/^[\\/]+/, '')
      .replace(/\\/g, '/')
  );
}

export function sendRedirect(
  res: { setHeader(name: string, value: string): unknown; redirect(code: number, url: string): void },
  code: number,
  url: string,
): void {
  // SPEC §2.1 / §9: redirects are never cached.
  res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
  // Every redirect of the app goes through here: whatever built the target, it stays on-site unless
  // it is an explicit http(s) URL.
  res.redirect(code, safeRedirectTarget(url) ?? '/');
}

/** "scheme://authority" at the start of an absolute-form request target (`GET http://evil.example/`). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The path and query a request asked for, in origin form: a request target in absolute form
 * (`GET http://evil.example/a?b`, which HTTP/1.1 servers must accept) loses its scheme and host, so
 * that no URL built from it can carry a host the visitor chose.
 */
export function requestTarget(originalUrl: string): string {
  const target = originalUrl.replace(ABSOLUTE_FORM, '');
  return target.startsWith('/') ? target : `/${target}`;
}

/** The request's path (no query), whatever router mounted the handler and whatever the target's form. */
export function requestPath(req: { originalUrl: string }): string {
  const target = requestTarget(req.originalUrl);
  const at = target.indexOf('?');
  return at >= 0 ? target.slice(0, at) : target;
}

/**
 * The same path and query on another origin of ours (the www redirect): built from the request's
 * path only, collapsed to one leading slash, so the result's host is always `origin`'s.
 */
export function sameTargetOn(origin: string, originalUrl: string): string {
  const target = requestTarget(originalUrl);
  const at = target.indexOf('?');
  const path = at >= 0 ? target.slice(0, at) : target;
  return `${origin}${samePath(path)}${at >= 0 ? target.slice(at) : ''}`;
}
