import { Injectable, Logger } from '@nestjs/common';
import { faqPageJsonLd } from '../../common/seo/json-ld';
import { brandColour, brandTabs, type BrandCardView } from '../../../contracts/brands';
import type { Picture } from '../../../contracts/catalogue';
import { buildPath, type Locale } from '../../../contracts/route-table';
import type { BrandPageProps } from '../../../views/pages/BrandPage';
import type { BrandsPageProps } from '../../../views/pages/BrandsPage';
import { AppCache } from '../../cache/app-cache.service';
import { sanitize } from '../../common/security/sanitize';
import type { DrawnPicture } from '../../database/schema';
import { truncate, type PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { CatalogueService } from '../catalogue';
import { EditorialService, pageHref } from '../cms';
import { brandLogo, editorialPicture } from '../media';
import type { SiteContext } from '../shop';
import { BrandsRepository, type BrandPageRow } from './brands.repository';
import { safely } from '../../common/logging/safely';

/** At most this many products on a brand landing page (SPEC §2.2 "brand product list"). */
const BRAND_PRODUCTS = 24;
/** SPEC §9 "article extract 150": a brand card's content. */
const CARD_CONTENT = 150;
const DEFAULT_THUMBNAIL: DrawnPicture = { motif: 'leaves', palette: 'green' };

/**
 * The brands list and the brand landing pages (SPEC §2.2 "Brands list", "Brand landing page"):
 * brand cards of the corner main pages and landing pages, and a landing page with its products and FAQs.
 */
@Injectable()
export class BrandsService {
  constructor(
    private readonly repository: BrandsRepository,
    private readonly editorial: EditorialService,
    private readonly catalogue: CatalogueService,
    private readonly cache: AppCache,
    private readonly render: RenderService,
  ) {}

  private readonly logger = new Logger(BrandsService.name);

  /** Every brand page as a card: the corner main pages, then the landing pages (SPEC §7 "Brand pages"). */
  async cards(locale: Locale): Promise<BrandCardView[]> {
    const rows = await this.cache.getOrSet(`brands:pages:${locale}`, () => this.repository.brandPages(locale));
    return rows.map((row) => this.card(row, locale));
  }

  card(row: BrandPageRow, locale: Locale): BrandCardView {
    const logo: Picture = {
      ...brandLogo(row.brand_key, row.brand_name_fr, row.brand_color, 'logo'),
      width: 80,
      height: 60,
      alt: row.brand_name,
    };
    return {
      id: row.id,
      title: row.title,
      content: truncate(row.excerpt, CARD_CONTENT),
      href: pageHref(row.route, row.slug, locale),
      thumbnail: editorialPicture(row.cover ?? DEFAULT_THUMBNAIL, 'thumb', ''),
      logo,
      brandClass: row.brand_class,
      colour: brandColour(row.brand_class),
      kind: row.type === 'brand_corner_main' ? 'corner' : 'landing',
    };
  }

  async listPage(site: SiteContext): Promise<PageView<BrandsPageProps>> {
    const t = this.render.translator(site.locale);
    const cards = await this.cards(site.locale);
    return {
      head: { title: t('brands.list.title'), description: t('brands.list.intro') },
      breadcrumb: [{ label: t('brands.list.title') }],
      props: { landings: cards.filter((c) => c.kind === 'landing'), cards },
    };
  }

  /**
   * A brand landing page (SPEC §2.2): tabs presentation (with a description), solutions, questions
   * (with FAQs); the brand's products and its FAQs (the rows of GET /brands/{id}/faqs).
   */
  async landingPage(site: SiteContext, slug: string, search: string): Promise<PageView<BrandPageProps>> {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const row = await this.editorial.bySlug(site, 'brand', slug, search, ['brand_landing']);
    const view = await this.editorial.view(site, row);
    const brandId = row.brand_id;
    const brandKey = row.brand?.key;
    // The brand's products as the product list filtered by the brand shows them, and its FAQ.
    const [products, faqs] = await Promise.all([
      brandKey
        ? safely(this.logger, 'brand products', () => this.catalogue.listCards(site, { brandKey }, BRAND_PRODUCTS))
        : null,
      brandId ? safely(this.logger, 'brand FAQs', () => this.catalogue.brandFaqs(brandId, locale)) : null,
    ]);
    const extra = row.extra ?? {};
    const description = extra.description ? sanitize(extra.description) : null;
    const presentationTitle = extra.wording_presentation || t('brands.landing.presentation');
    const solutionsTitle = extra.wording_solution || t('brands.landing.solutions');
    const faqItems = (faqs ?? []).map((f) => ({ question: f.question, answer: sanitize(f.answer) }));
    const tabs = brandTabs(
      { presentation: presentationTitle, solutions: solutionsTitle, questions: t('brands.landing.questions') },
      { description: !!description, faqs: faqItems.length },
    );
    return {
      ...view,
      head: {
        ...view.head,
        jsonLd: [...(view.head.jsonLd ?? []), ...(faqItems.length ? [faqPageJsonLd(faqItems)] : [])],
      },
      breadcrumb: [{ label: t('brands.list.title'), href: buildPath('brands', locale) }, { label: row.title }],
      props: {
        page: {
          title: row.title,
          cover: view.props.cover,
          coverMobile: view.props.coverMobile,
          introduction: view.props.introduction,
          content: view.props.content,
        },
        colour: brandColour(row.brand?.class),
        tabs,
        presentation: description ? { title: presentationTitle, html: description } : null,
        paragraphs: view.props.paragraphs,
        solutions: { title: solutionsTitle, products: products ?? [] },
        faqs: faqItems.length ? { title: t('brands.landing.questions'), items: faqItems } : null,
      },
    };
  }
}
