import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductContent } from '../../src/database/seed/catalogue-content';

const root = join(__dirname, '../../content/catalogue');

/** The demo content pack, so tests pick products by their properties rather than by hard-coded slugs. */
export function contentProducts(): ProductContent[] {
  return readdirSync(join(root, 'products'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(root, 'products', f), 'utf8')) as ProductContent);
}

export function contentExpertises(): Array<{
  key: string;
  parent: string | null;
  texts: Record<string, { name: string; slug: string }>;
}> {
  return JSON.parse(readFileSync(join(root, 'expertises.json'), 'utf8'));
}

export function pick(predicate: (p: ProductContent) => boolean, what: string): ProductContent {
  const found = contentProducts().find((p) => p.published && predicate(p));
  if (!found) throw new Error(`content pack has no ${what}`);
  return found;
}

/** Visible text of an HTML page (tags dropped, entities of the common kind decoded). */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}

/** Editorial pages that, together, show every paragraph type (video, sliders, opt-out, raw HTML…). */
export const EDITORIAL_SAMPLES: Array<[string, 'advice' | 'innovation' | 'cmsPage', { fr: string; de: string }]> = [
  ['advice', 'advice', { fr: 'ballonnements-causes-et-bons-gestes', de: 'blahungen-ursachen-und-tipps' }],
  ['advice-slider', 'advice', { fr: 'rituels-du-soir', de: 'abendrituale' }],
  ['innovation', 'innovation', { fr: 'emballages-recyclables', de: 'recyclingfahige-verpackungen' }],
  [
    'innovation-video',
    'innovation',
    { fr: 'etudes-cliniques-sur-nos-souches', de: 'klinische-studien-zu-unseren-stammen' },
  ],
  ['news', 'cmsPage', { fr: 'nouveautes-automne-2026', de: 'neuheiten-herbst-2026' }],
  ['about', 'cmsPage', { fr: 'a-propos', de: 'uber-uns' }],
  ['cookies', 'cmsPage', { fr: 'gestion-des-cookies', de: 'cookie-einstellungen' }],
];
