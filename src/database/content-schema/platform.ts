import { z } from 'zod';
import { linkUrl, locale, str } from './fields';

/**
 * Redirection rules and global settings of a site (content/platform/sites/*.json), and the bodies of
 * `POST /api/v1/redirections` and `POST /api/v1/settings` (their shop and language: the request's
 * `shop_id` and `lang`).
 */

/** A rule (SPEC §2.1 "a list of redirection rules (from, to, code)"), matched on url, path or host. */
export const redirectionSchema = z
  .strictObject({
    match: z.enum(['url', 'path', 'host']),
    source: z.string().min(1).max(2000).regex(/^\S+$/, 'no spaces'),
    target: linkUrl,
    code: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
  })
  .superRefine((r, ctx) => {
    const path = /^\/(?![/\\])\S*$/.test(r.source);
    if (r.match === 'host' ? !/^[a-z0-9.-]+(:[0-9]{1,5})?$/.test(r.source) : !path)
      ctx.addIssue({
        code: 'custom',
        path: ['source'],
        message: r.match === 'host' ? 'a host name' : 'a site path (one leading slash)',
      });
    if (r.match === 'path' && r.source.includes('?'))
      ctx.addIssue({ code: 'custom', path: ['source'], message: 'a path has no query (match url for that)' });
    if (r.source === r.target) ctx.addIssue({ code: 'custom', path: ['target'], message: 'redirects to itself' });
  });

/** A global setting of a site (SPEC §7 "Settings": index → data): code and value. */
export const settingSchema = z.strictObject({
  code: z
    .string()
    .max(100)
    .regex(/^[a-z][a-z0-9_]*$/, 'lowercase a-z, 0-9 and _'),
  value: str(10_000),
});

/** A site's settings as the pack holds them: code -> value. */
export const settingsMapSchema = z.record(settingSchema.shape.code, settingSchema.shape.value);

export const siteRedirectionsSchema = z.array(redirectionSchema);
export { locale };

export type RedirectionContent = z.output<typeof redirectionSchema>;
export type SettingContent = z.output<typeof settingSchema>;
