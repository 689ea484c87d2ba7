import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../common/paths';
import type { z } from 'zod';
import { describeIssues, settingsMapSchema, siteRedirectionsSchema } from '../content-schema';
import type { HomeContentJson } from '../schema';

export interface ShopContent {
  id: number;
  code: string;
  name: string;
  domain: string;
  default_locale: string;
  position: number;
  languages: Array<{ locale: string; label: string; subdomain: string }>;
  sales_plans: Array<{ id: number; target: string; name: string; currency_symbol: string }>;
}

export interface MenuContent {
  key: string;
  label: string;
  route?: string;
  route_params?: Record<string, string>;
  url?: string;
  children?: MenuContent[];
}

export interface SiteContent {
  shop: string;
  locale: string;
  country: {
    laboratory_address: string;
    phone: string;
    fax: string;
    headquarters_address: string;
    site_url: string;
    about_url: string;
    pro_url: string;
    advice_know_more_url: string;
  };
  settings: z.output<typeof settingsMapSchema>;
  menus: Record<string, MenuContent[]>;
  home: HomeContentJson;
  redirections: z.output<typeof siteRedirectionsSchema>;
}

export function contentDir(): string {
  return process.env.CONTENT_DIR ?? join(projectRoot(), 'content');
}

function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new Error(`content: cannot read ${path}: ${(error as Error).message}`);
  }
}

export function loadShops(dir = contentDir()): ShopContent[] {
  return readJson<ShopContent[]>(join(dir, 'platform/shops.json'));
}

export function loadSites(dir = contentDir()): SiteContent[] {
  const folder = join(dir, 'platform/sites');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => checkSite(f, readJson<SiteContent>(join(folder, f))));
}

/** A site's settings and redirections checked with the write API's schemas (one definition). */
function checkSite(file: string, site: SiteContent): SiteContent {
  const errors: string[] = [];
  const settings = settingsMapSchema.safeParse(site.settings);
  if (!settings.success)
    errors.push(...describeIssues(`platform/sites/${file}, settings`, site.settings, settings.error.issues));
  const rules = siteRedirectionsSchema.safeParse(site.redirections);
  if (!rules.success)
    errors.push(...describeIssues(`platform/sites/${file}, redirections`, site.redirections, rules.error.issues));
  if (errors.length) throw new Error(`content: invalid site\n  ${errors.join('\n  ')}`);
  return { ...site, settings: settings.data!, redirections: rules.data! };
}
