import { Injectable } from '@nestjs/common';
import { AppCache } from '../../cache/app-cache.service';
import { DomainException } from '../../common/errors/domain.exception';
import { sanitize } from '../../common/security/sanitize';
import type { ProductDocument, PushPromote } from '../../database/schema';
import { buildPath, type Locale } from '../../../contracts/route-table';
import type { SiteContext } from '../shop';
import { CatalogueRepository } from './catalogue.repository';
import { cutText, PRODUCT_FAQ_LIMIT, PRODUCT_META_MAX, PROMO_TEXT_MAX } from './catalogue.rules';
import type { ProductCardRow } from './catalogue.types';

export type ProductRow = NonNullable<Awaited<ReturnType<CatalogueRepository['findProduct']>>>;
type Relations = Awaited<ReturnType<CatalogueRepository['productRelations']>>;

/** The promotional push of a product in a locale (SPEC §3 push_promote), its text cut to 300 characters. */
export interface ProductPromo {
  text: string;
  labelLink: string;
  href: string;
  background: string;
  packshot: boolean;
}

/**
 * A product and everything that belongs to it, as records of the domain (not of a page): what the
 * product page and the content API both answer from. Decided here: which FAQs are shown (the first
 * PRODUCT_FAQ_LIMIT of all), the packaging choice (only when the group has more than one), the
 * documents' titles in the locale, the promotional push, the meta description.
 */
export interface ProductDetails {
  row: ProductRow;
  categories: Relations['categories'];
  needs: Relations['needs'];
  /** The product's slug in every locale (language switch, alternates). */
  slugs: Relations['slugs'];
  faqs: { shown: Relations['faqs']; total: number };
  /** Associated products that are visible on this site, in their order. */
  associates: ProductCardRow[];
  /** The other sizes of the same product (packaging group), or none when there is no choice. */
  packagings: Array<{ id: number; label: string; slug: string; current: boolean }>;
  documents: Array<{ title: string; type: string; file: string; href: string }>;
  promo: ProductPromo | null;
  /** The meta description: meta_description, else the intro text, else the description, else the name (250 characters). */
  meta: string;
  /** The sanitised description HTML. */
  description: string;
}

@Injectable()
export class ProductDetailsService {
  constructor(
    private readonly repository: CatalogueRepository,
    private readonly cache: AppCache,
  ) {}

  /** The product visible on this site, or a 301 to its new slug (query kept), or 404. */
  async bySlug(site: SiteContext, slug: string, search: string): Promise<ProductRow> {
    const row = await this.cache.getOrSet(
      `product:slug:${site.locale}:${site.salesPlan.id}:${slug}`,
      async () => {
        const found = await this.repository.findProduct({ locale: site.locale, salesPlanId: site.salesPlan.id, slug });
        return found ?? null;
      },
      undefined,
      { shareAbsent: false },
    );
    if (row) return row;
    const renamed = await this.repository.renamedProductSlug(site.locale, slug);
    if (renamed) throw DomainException.redirect(buildPath('product', site.locale, { slug: renamed }) + search, 301);
    throw DomainException.notFound('Product not found');
  }

  /** The product with this id visible on this site, or 404 'Product not found'. */
  async byId(site: SiteContext, id: number): Promise<ProductRow> {
    const row = await this.repository.findProduct({ locale: site.locale, salesPlanId: site.salesPlan.id, id });
    if (!row) throw DomainException.notFound('Product not found');
    return row;
  }

  async details(site: SiteContext, row: ProductRow): Promise<ProductDetails> {
    const locale = site.locale;
    const texts = row.texts ?? {};
    const {
      categories,
      needs,
      slugs,
      faqs,
      associates: associateIds,
      packagings,
    } = await this.repository.productRelations(row, locale, site.salesPlan.id);
    const ids = associateIds.map((a) => a.associate_id);
    const associates = ids.length
      ? await this.cache.getOrSet(`catalogue:cards:${locale}:${site.salesPlan.id}:${ids.join(',')}`, () =>
          this.repository.cardsByIds(ids, { locale, salesPlanId: site.salesPlan.id }),
        )
      : [];
    return {
      row,
      categories,
      needs,
      slugs,
      faqs: { shown: faqs.slice(0, PRODUCT_FAQ_LIMIT), total: faqs.length },
      associates,
      packagings:
        packagings.length > 1
          ? packagings.map((p) => ({ id: p.id, label: p.label ?? p.slug, slug: p.slug, current: p.id === row.id }))
          : [],
      documents: (row.documents ?? []).map((d: ProductDocument) => ({
        title: d.title[locale] ?? d.title.fr ?? d.file,
        type: d.type,
        file: d.file,
        href: `/documents/${encodeURIComponent(d.file)}`,
      })),
      promo: productPromo(row.push_promote, locale),
      meta: cutText(row.meta_description || texts.intro_text || texts.description || row.name, PRODUCT_META_MAX),
      description: sanitize(texts.description),
    };
  }
}

/** The push in this locale; none when it has no text there. An unsafe background falls back to the default. */
export function productPromo(push: PushPromote | null, locale: Locale | string): ProductPromo | null {
  if (!push) return null;
  const text = push[locale] as { text: string; label_link: string; url_link: string } | undefined;
  if (!text || typeof text !== 'object') return null;
  return {
    text: cutText(text.text, PROMO_TEXT_MAX),
    labelLink: text.label_link,
    href: text.url_link,
    background: /^#[0-9a-f]{3,8}$/i.test(String(push.background)) ? String(push.background) : '#f4f1ea',
    packshot: push.packshot === true,
  };
}
