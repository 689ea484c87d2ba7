/** Longer `redirect` values are not honoured (a path and query of this site are far shorter). */
const MAX_REDIRECT_LENGTH = 2048;
const PROBE_ORIGIN = 'http://site.invalid';

/**
 * The login page's `redirect` query when it is a path of this site, else null (the visitor then goes
 * home). Only a path that starts with one '/' is honoured: not '//host' or '/\host' (protocol-relative
 * for browsers), no scheme ('https://…', 'javascript:…'), no backslash, tab, newline or other control
 * character anywhere (browsers drop or rewrite them), and the path must resolve on the same origin.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return null;
  } catch {
    return null;
  }
  return value;
}
