import { Injectable, Logger, Optional } from '@nestjs/common';
import type { ArticleCardView } from '../../../contracts/editorial';
import { ProductArticles } from '../../common/editorial/product-articles';
import type { ProductDetailProps, NutritionView } from '../../../views/pages/ProductPage';
import type { ProductFaqProps } from '../../../views/pages/ProductFaqPage';
import { AppCache } from '../../cache/app-cache.service';
import { DomainException } from '../../common/errors/domain.exception';
import { buildPath, BRAND_CORNERS, type Locale } from '../../../contracts/route-table';
import { sanitize } from '../../common/security/sanitize';
import type { NutritionCompound, NutritionTable, VolumeDiscount } from '../../database/schema';
import { faqPageJsonLd, productJsonLd } from '../../common/seo/json-ld';
import { safely } from '../../common/logging/safely';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { ShopService, type SiteContext } from '../shop';
import { CatalogueRepository } from './catalogue.repository';
import { labelsOf, type SectionKey, type Translate } from '../../../contracts/i18n';
import { formatPrice } from '../../../contracts/prices';
import { cutText, isNew, PRODUCT_META_MAX, productTabs, stripHtml } from './catalogue.rules';
import { CatalogueService, type Vocabulary } from './catalogue.service';
import { SPECIAL_PRECAUTION_EANS } from './catalogue.types';
import { simplePdf } from './pdf';
import { galleryVisuals, LABEL_LOCALE, PRODUCT_IMAGE_SIZES, slidePicture, type SlideSubject } from '../media';
import { brandPicture, productPicture } from './product-card.mapper';
import { ProductDetailsService, type ProductDetails, type ProductRow } from './product-details.service';
import { VideoDataService } from '../video';

/**
 * The product page and its FAQ page (SPEC §2.2 "Product detail", "Product FAQ"): every rule of the
 * spec is decided here (flags, tabs, tiers, mentions, precautions, meta), the view only shows it.
 */
@Injectable()
export class ProductService {
  constructor(
    private readonly repository: CatalogueRepository,
    private readonly catalogue: CatalogueService,
    private readonly cache: AppCache,
    private readonly render: RenderService,
    private readonly shops: ShopService,
    private readonly products: ProductDetailsService,
    private readonly videos: VideoDataService,
    @Optional() private readonly articles?: ProductArticles,
  ) {}

  private readonly logger = new Logger(ProductService.name);

  /** SPEC §7 "Product pages" per_page 4; a failing lookup is logged and the page goes on (§8). */
  private async advices(site: SiteContext, productId: number): Promise<ArticleCardView[]> {
    if (!this.articles) return [];
    try {
      return await this.articles.forProduct(site, productId, 4);
    } catch (error) {
      this.logger.warn(`product ${productId}: associated pages unavailable: ${(error as Error).message}`);
      return [];
    }
  }

  /** The product visible on this site, or a 301 to its new slug (query kept), or 404. */
  bySlug(site: SiteContext, slug: string, search: string): Promise<ProductRow> {
    return this.products.bySlug(site, slug, search);
  }

  /**
   * The gallery's visuals and its video (SPEC §2.2) with the video's VideoObject; the video data failing
   * is logged and the page goes on, the video without its VideoObject (SPEC §8).
   */
  private async media(site: SiteContext, row: ProductRow, t: Translate) {
    const gallery = await this.gallery(row, site.locale, row.name, t);
    const embed = row.caracteristics?.embed_push_video;
    const videoId = embed && /^[A-Za-z0-9_-]{11}$/.test(embed) ? embed : null;
    if (!videoId) return { gallery, videoLd: [] };
    const videoLd = await safely(
      this.logger,
      `product ${row.id} video data`,
      () => this.videos.jsonLd([videoId], site.locale, site.origin),
      [],
    );
    gallery.push({ type: 'video', videoId, title: String(videoLd[0]?.name ?? row.name) });
    return { gallery, videoLd };
  }

  async page(site: SiteContext, slug: string, search: string): Promise<PageView<ProductDetailProps>> {
    const row = await this.bySlug(site, slug, search);
    const t = this.render.translator(site.locale);
    const locale = site.locale;
    const c = row.caracteristics ?? {};
    const [details, vocabulary, shell] = await Promise.all([
      this.products.details(site, row),
      this.catalogue.vocabulary(locale),
      this.shops.shell(site.shop.id, locale, t('shell.app_title')),
    ]);
    const [related, advices] = await Promise.all([
      this.catalogue.cards(details.associates, site),
      this.advices(site, row.id),
    ]);
    const nutrition = row.nutrition ? nutritionView(row.nutrition, locale, t) : null;
    const { gallery, videoLd } = await this.media(site, row, t);
    return {
      ...productHead(site, row, details, t, videoLd),
      props: {
        ...identityView(row, locale),
        ...textsView(row, t),
        gallery,
        labels: labelsView(c.labels ?? [], vocabulary),
        galenicFormat: c.galenic_format ? (vocabulary.labels.galenic_format?.[c.galenic_format] ?? null) : null,
        flavour: c.flavour ? (vocabulary.labels.flavour?.[c.flavour] ?? null) : null,
        packaging: details.packagings.length
          ? {
              label: t('product.packaging'),
              options: details.packagings.map((p) => ({
                label: p.label,
                href: buildPath('product', locale, { slug: p.slug }),
                current: p.current,
              })),
            }
          : null,
        price: row.is_free ? null : priceView(row, site.salesPlan.currencySymbol),
        isFree: row.is_free,
        promo: details.promo,
        faq: {
          href: buildPath('productFaq', locale, { slug: row.slug }),
          items: details.faqs.shown.map((f) => ({ question: f.question, answer: sanitize(f.answer) })),
          total: details.faqs.total,
        },
        tabs: tabsView(row, t, { nutrition, documents: details.documents, advices, related }),
        description: details.description,
        nutrition,
        // The finder opens with this product in context: its stockists marked (storefinder module).
        storeLocator:
          c.not_sold_in_store === true ? null : { action: buildPath('storeFinder', locale), product: row.slug },
        documents: details.documents.map((d) => ({ title: d.title, type: d.type, href: d.href })),
        related,
        advices,
        needs: details.needs.map((n) => ({ label: n.label, href: buildPath('need', locale, { slug: n.slug }) })),
        contactPhone: shell.country.phone,
        labelsText: labelsOf(t, 'product.labels'),
      },
    };
  }

  /**
   * The gallery (SPEC §3 slide_product visuals and active_ingredient_N slides, in order), each with
   * its zoom; the video, when there is one, is added after them. Pictures print French names (see
   * LABEL_LOCALE), their alternative texts are in the page language.
   */
  private async gallery(
    row: ProductRow,
    locale: Locale,
    name: string,
    t: Translate,
  ): Promise<ProductDetailProps['gallery']> {
    const visuals = galleryVisuals(row.caracteristics);
    const [labels, pictureLabels] = await Promise.all([
      this.catalogue.vocabulary(locale),
      this.catalogue.vocabulary(LABEL_LOCALE),
    ]);
    return visuals.map((v) => {
      if (v.visual === 'packshot')
        return {
          type: 'image',
          picture: { ...productPicture(row, 'slide'), alt: name },
          zoom: { ...productPicture(row, 'zoom'), alt: name },
        };
      const ingredient =
        'ingredientKey' in v
          ? { key: v.ingredientKey, amount: v.amount, label: labels.labels.active_ingredient?.[v.ingredientKey] }
          : null;
      const subject: SlideSubject = {
        reference: row.reference,
        visual: v.visual,
        color: String(row.image?.color ?? ''),
        galenicFormat: row.caracteristics?.galenic_format ?? null,
        ingredient: ingredient
          ? {
              name: pictureLabels.labels.active_ingredient?.[ingredient.key] ?? ingredient.key,
              amount: ingredient.amount,
            }
          : null,
      };
      const alt = ingredient
        ? t('product.labels.gallery_ingredient', {
            ingredient: [ingredient.label ?? ingredient.key, ingredient.amount].filter(Boolean).join(', '),
          })
        : t('product.labels.gallery_content', { name });
      const size = (px: 'slide' | 'zoom') => PRODUCT_IMAGE_SIZES[px];
      return {
        type: 'image',
        picture: { ...slidePicture(subject, 'slide'), width: size('slide'), height: size('slide'), alt },
        zoom: { ...slidePicture(subject, 'zoom'), width: size('zoom'), height: size('zoom'), alt },
      };
    });
  }

  /** A product document as PDF; 404 when no published product lists that file. */
  async document(site: SiteContext, file: string): Promise<Buffer> {
    if (!/^[a-z0-9][a-z0-9._-]{0,120}\.pdf$/i.test(file)) throw DomainException.notFound();
    const row = await this.repository.productByDocument(file, site.locale);
    if (!row) throw DomainException.notFound();
    const t = this.render.translator(site.locale);
    const doc = (row.documents ?? []).find((d) => d.file === file);
    const texts = row.texts ?? {};
    const body = [
      texts.legal_denomination,
      texts.description,
      texts.usage_instructions,
      texts.ingredients,
      texts.precautions__use,
    ]
      .filter(Boolean)
      .map((text) =>
        stripHtml(text as string)
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .join('\n');
    return simplePdf(
      `${row.name}`,
      `${doc?.title[site.locale] ?? doc?.title.fr ?? ''} - ${row.reference} - ${t('shell.app_title')}`,
      body,
    );
  }

  /** The product FAQ page (SPEC §2.2 "Product FAQ"); an unknown product is 404 'Product not found'. */
  async faqPage(site: SiteContext, slug: string, search: string): Promise<PageView<ProductFaqProps>> {
    const row = await this.bySlug(site, slug, search).catch((error: unknown) => {
      if (error instanceof DomainException && error.status === 301) {
        const location = (error.details as { location: string }).location;
        const [path, query] = location.split('?');
        const newSlug = path.split('/').pop() as string;
        throw DomainException.redirect(
          buildPath('productFaq', site.locale, { slug: newSlug }) + (query ? `?${query}` : ''),
          301,
        );
      }
      throw error;
    });
    const t = this.render.translator(site.locale);
    const [faqs, slugs, shell] = await Promise.all([
      this.repository.productFaqs(row.id, site.locale),
      this.repository.productSlugs(row.id),
      this.shops.shell(site.shop.id, site.locale, t('shell.app_title')),
    ]);
    const productPath = buildPath('product', site.locale, { slug: row.slug });
    return {
      head: {
        title: t('product.faq.title', { name: row.name }),
        description: cutText(t('product.faq.meta', { name: row.name }), PRODUCT_META_MAX),
        jsonLd: faqs.length
          ? [faqPageJsonLd(faqs.map((f) => ({ question: f.question, answer: sanitize(f.answer) })))]
          : [],
        // Without questions in this language the page only repeats the contact block: not for search engines.
        ...(faqs.length ? {} : { noindexFollow: true }),
      },
      breadcrumb: [
        { label: t('catalogue.list.breadcrumb'), href: buildPath('productList', site.locale) },
        { label: row.name, href: productPath },
        { label: t('product.faq.breadcrumb') },
      ],
      alternates: Object.fromEntries(
        site.shop.languages.map((l) => {
          const other = slugs.find((s) => s.locale === l.locale);
          return [l.locale, other ? buildPath('productFaq', l.locale as Locale, { slug: other.slug }) : null];
        }),
      ),
      props: {
        productName: row.name,
        productHref: productPath,
        items: faqs.map((f) => ({ id: f.id, question: f.question, answer: sanitize(f.answer) })),
        phone: shell.country.phone,
        fax: shell.country.fax,
        contactHref: buildPath('contact', site.locale),
      },
    };
  }
}

/**
 * The head of a product page: title, meta description, Open Graph picture, Product JSON-LD (with its
 * offer unless free), the breadcrumb through its main expertise, and its twin in each language.
 */
function productHead(
  site: SiteContext,
  row: ProductRow,
  details: ProductDetails,
  t: Translate,
  videoLd: object[],
): Pick<PageView<ProductDetailProps>, 'head' | 'breadcrumb' | 'alternates'> {
  const locale = site.locale;
  const productPath = buildPath('product', locale, { slug: row.slug });
  const image = `${site.origin}${productPicture(row, 'zoom').fallback}`;
  const currency = site.salesPlan.currencySymbol;
  const jsonLd = productJsonLd({
    name: row.name,
    description: details.meta,
    sku: row.reference,
    gtin13: row.ean,
    image,
    url: `${site.origin}${productPath}`,
    brand: row.brand_name,
    // A free product is offered at 0 (what its page shows: 'Gratuit'), so it keeps its product
    // snippet (docs/decisions.md "Video data and structured data").
    price: row.is_free ? 0 : Number(row.price),
    currency: currency === '€' ? 'EUR' : currency,
  });
  const mainCategory = details.categories[0];
  return {
    head: {
      title: row.name,
      description: details.meta,
      ogType: 'product',
      ogImage: image,
      jsonLd: [jsonLd, ...videoLd],
    },
    breadcrumb: [
      { label: t('catalogue.list.breadcrumb'), href: buildPath('productList', locale) },
      ...(mainCategory
        ? [
            {
              label: mainCategory.name,
              href: buildPath('productList', locale, { tail: { expertise: mainCategory.slug, filters: [] } }),
            },
          ]
        : []),
      { label: row.name },
    ],
    alternates: Object.fromEntries(
      site.shop.languages.map((l) => {
        const other = details.slugs.find((s) => s.locale === l.locale);
        return [l.locale, other ? buildPath('product', l.locale as Locale, { slug: other.slug }) : null];
      }),
    ),
  };
}

/** Who the product is: its ids, name, type, brand (linked to its corner or landing page) and flags. */
function identityView(row: ProductRow, locale: Locale) {
  return {
    id: row.id,
    reference: row.reference,
    ean: row.ean,
    name: row.name,
    productType: row.product_type,
    brand: {
      name: row.brand_name,
      class: row.brand_class,
      logo: brandPicture({
        key: row.brand_key,
        name_fr: row.brand_name_fr,
        color: row.brand_color,
        alt: row.brand_name,
      }),
      href: (BRAND_CORNERS as readonly string[]).includes(row.brand_key)
        ? `/${row.brand_key}`
        : buildPath('brand', locale, { slug: row.brand_slug }),
    },
    flags: {
      isNew: isNew(row.is_new_from, row.is_new_to),
      promoted: row.promoted,
      newFormula: row.is_new_formulae,
    },
  };
}

/**
 * The product's texts as the page shows them: usage and ingredients sanitised, the details that are
 * filled, the special precaution heading of two EANs, the units mention (UFC, SPEC §2.2), recycling.
 */
function textsView(row: ProductRow, t: Translate) {
  const texts = row.texts ?? {};
  const c = row.caracteristics ?? {};
  return {
    tagline: texts.tagline ?? null,
    legalDenomination: texts.legal_denomination ?? null,
    unitsMention:
      typeof c.units_ufc === 'number' && c.units_ufc > 0 ? t('product.units_mention', { count: c.units_ufc }) : null,
    legalNotice: texts.legal_notices ?? null,
    marketingDescription: texts.marketing_description ?? null,
    introText: texts.intro_text ?? null,
    doYouKnow: texts.do_you_know ?? null,
    gourmetAdvice: texts.gourmet_advice ?? null,
    details: (['conservation', 'recommandation', 'duration', 'weight', 'volume'] as const)
      .filter((key) => texts[key])
      .map((key) => ({ label: t(`product.details.${key}`), value: texts[key] as string })),
    precautions: texts.precautions__use ?? null,
    specialPrecaution: (SPECIAL_PRECAUTION_EANS as readonly string[]).includes(row.ean),
    usageInstructions: sanitize(texts.usage_instructions),
    ingredients: sanitize(texts.ingredients),
    caseToRecycle: c.case_to_recycle === 'on',
  };
}

/** The labels and pictos (SPEC §2.2): their text, whether they open a modal, their group. */
function labelsView(keys: string[], vocabulary: Vocabulary): ProductDetailProps['labels'] {
  return keys.map((key) => {
    const extra = vocabulary.extras.labels?.[key] ?? {};
    return {
      key,
      label: vocabulary.labels.labels?.[key] ?? key,
      clickable: extra.clickable === true,
      group: String(extra.group ?? 'principal'),
      title: typeof extra.title === 'string' ? extra.title : undefined,
      text: typeof extra.text === 'string' ? sanitize(extra.text) : undefined,
    };
  });
}

/** The price, the original one when higher, and the volume-discount tiers (SPEC §4). */
function priceView(row: ProductRow, currency: string): NonNullable<ProductDetailProps['price']> {
  const price = Number(row.price);
  const original = row.original_price === null ? null : Number(row.original_price);
  const tiers: VolumeDiscount[] = (row.volume_discounts ?? []).map((tier) => ({
    quantity_min: Number(tier.quantity_min),
    quantity_max: Number(tier.quantity_max),
    price: Number(tier.price),
  }));
  return {
    amount: price,
    formatted: formatPrice(price, { currency }),
    original: original !== null && original > price ? formatPrice(original, { currency }) : null,
    currency,
    tiers: tiers.map((tier) => ({
      quantityMin: tier.quantity_min,
      quantityMax: tier.quantity_max,
      price: tier.price,
      formatted: formatPrice(tier.price, { currency, forceDecimals: true }),
    })),
  };
}

/** The tabs the product has (SPEC §2.2: each only when it has content), titled in the page language. */
function tabsView(
  row: ProductRow,
  t: Translate,
  has: { nutrition: NutritionView | null; documents: unknown[]; advices: unknown[]; related: unknown[] },
): ProductDetailProps['tabs'] {
  const texts = row.texts ?? {};
  return productTabs({
    productType: row.product_type,
    hasUsage: !!stripHtml(texts.usage_instructions ?? '').trim(),
    hasIngredientsOrNutrition: !!stripHtml(texts.ingredients ?? '').trim() || !!has.nutrition,
    notSoldInStore: row.caracteristics?.not_sold_in_store === true,
    hasDocuments: has.documents.length > 0,
    hasAdvices: has.advices.length > 0,
    hasRelated: has.related.length > 0,
  }).map((tab) => ({ id: tab.id, title: t(tab.titleKey) }));
}

function nutritionView(table: NutritionTable, locale: string, t: Translate): NutritionView {
  const text = (value: Record<string, string> | undefined) => value?.[locale] ?? value?.fr ?? '';
  const row = (compound: NutritionCompound, depth: number): NutritionView['rows'] => [
    {
      label: text(compound.label),
      unit: compound.unit,
      depth,
      values: table.columns.map((column) => compound.values[column.key] ?? ''),
    },
    ...(compound.children ?? []).flatMap((child) => row(child, depth + 1)),
  ];
  return {
    caption: text(table.quantity),
    columns: table.columns.map((column) => text(column.label)),
    rows: table.compounds.flatMap((compound) => row(compound, 0)),
    mentions: (table.mentions ?? [])
      .filter((m): m is SectionKey<'product.nutrition_mentions'> => /^(vnr1|aet2|djm3|aqr4|ui5|ajr6)$/.test(m))
      .map((m) => t(`product.nutrition_mentions.${m}`)),
  };
}
