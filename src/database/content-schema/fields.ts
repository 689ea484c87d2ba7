import { z } from 'zod';

/**
 * The field kinds every content schema is built from (products, needs, brands, pharmacies,
 * redirections, settings, editorial pages): each bounded so that whatever passes fits the database
 * (32-bit integers, btree-indexable slugs and keys, no NUL) and answers a 400 naming the field, never
 * a database error.
 */

/** The largest PostgreSQL `integer`. */
export const INT4_MAX = 2_147_483_647;

/** C0 controls but tab, line feed and carriage return (NUL included), and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControl = (v: string) => !CONTROL.test(v);
const NO_CONTROL = 'must not contain control characters';

/** Text of a given maximum length, no control characters (tab and line breaks allowed). */
export const str = (max: number) => z.string().max(max).refine(noControl, NO_CONTROL);
/** Non-empty text (trimmed), at most `max` characters. */
export const text = (max = 2000) => str(max).trim().min(1, 'must not be empty');
/** HTML of content (sanitised when stored), at most 100,000 characters. */
export const html = str(100_000).trim().min(1, 'must not be empty');
export const optionalText = (max = 2000) => str(max).nullish();

export const slug = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/, 'lowercase a-z, 0-9, - and /');
/** A slug without slash (products, needs, brands, pharmacies). */
export const flatSlug = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase a-z, 0-9 and -');
export const key = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+([-_][a-z0-9]+)*$/, 'lowercase a-z, 0-9, - and _');
export const reference = z
  .string()
  .max(40)
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'a product reference');
export const locale = z.enum(['fr', 'de', 'it', 'es', 'nl']);
/** Per-locale values: keys among the five languages, none required. */
export const perLocale = <T extends z.ZodType>(value: T) =>
  z.record(z.string().regex(/^(fr|de|it|es|nl)$/, 'a locale (fr, de, it, es, nl)'), value);
export const int = (min = 0, max = INT4_MAX) => z.int().min(min).max(max);
export const money = z.number().min(0).max(1_000_000);
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour #rrggbb');
/** A path of the site (one leading slash) or an https:// address. */
export const linkUrl = z
  .string()
  .max(2000)
  .refine(
    (v) => /^\/(?![/\\])[^\s]*$/.test(v) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v),
    'a site path or an https:// URL',
  );
/** A date (YYYY-MM-DD) or a date and time with its offset. */
export const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'an ISO date or date-time')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'not a real date');

/** A zod error as `path: message` pairs (the API's 400 details, the seed's messages). */
export function flattenIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: Array<string | number> = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = [...prefix, ...issue.path].map(String).join('.') || '(body)';
    out[path] = out[path] ? `${out[path]}; ${issue.message}` : issue.message;
  }
  return out;
}

/** How deep a body may nest (objects and arrays): deeper is refused before any schema walks it. */
export const MAX_DEPTH = 32;

/**
 * What a JSON value holds that no schema should have to walk: nesting deeper than MAX_DEPTH, and
 * strings (or keys) with a control character (PostgreSQL refuses NUL in text and jsonb). Iterative,
 * so a body of a million nested arrays costs a loop, not the stack. `path: message`, at most 50.
 */
export function unsafeJsonPaths(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const stack: Array<{ v: unknown; path: string[] }> = [{ v: value, path: [] }];
  while (stack.length && Object.keys(out).length < 50) {
    const { v, path } = stack.pop()!;
    const here = path.join('.') || '(body)';
    if (typeof v === 'string') {
      if (!noControl(v)) out[here] = NO_CONTROL;
    } else if (v && typeof v === 'object') {
      if (path.length >= MAX_DEPTH) {
        out[here] = `nested deeper than ${MAX_DEPTH} levels`;
        continue;
      }
      for (const [k, child] of Object.entries(v)) {
        if (!noControl(k)) out[[...path, JSON.stringify(k)].join('.')] = `key ${NO_CONTROL}`;
        else stack.push({ v: child, path: [...path, k] });
      }
    }
  }
  return out;
}
