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

/** The request's path (no query), whatever router mounted the handler. */
export function requestPath(req: { originalUrl: string }): string {
  const at = req.originalUrl.indexOf('?');
  return at >= 0 ? req.originalUrl.slice(0, at) : req.originalUrl;
}
