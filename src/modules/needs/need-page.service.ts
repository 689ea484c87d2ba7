import { Injectable, Logger } from '@nestjs/common';
import type { OurSolutionsParagraph, StoreLocatorParagraph } from '../../../contracts/editorial';
import { needTabs } from '../../../contracts/needs';
import { buildPath, type Locale } from '../../../contracts/route-table';
import type { NeedPageProps } from '../../../views/pages/NeedPage';
import { AppCache } from '../../cache/app-cache.service';
import { sanitize } from '../../common/security/sanitize';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { CatalogueService } from '../catalogue';
import { EditorialService, type PageCardRow } from '../cms';
import type { SiteContext } from '../shop';
import { NeedsService } from './needs.service';
import type { NeedRow } from './needs.repository';
import { safely } from '../../common/logging/safely';

/** At most this many products of the need (the product list's cards). */
const NEED_PRODUCTS = 12;
/** At most this many advice articles on the need ("our advices", SPEC §9 per_page 4). */
const NEED_ADVICES = 4;

/**
 * The need detail page (SPEC §2.2 "Need detail"): the need's CMS page (route family "need") with its
 * tabs, ingredients, the need's products, the store locator, the selector and the need's advice.
 */
@Injectable()
export class NeedPageService {
  constructor(
    private readonly editorial: EditorialService,
    private readonly needs: NeedsService,
    private readonly catalogue: CatalogueService,
    private readonly cache: AppCache,
    private readonly render: RenderService,
  ) {}

  private readonly logger = new Logger(NeedPageService.name);

  async page(site: SiteContext, slug: string, search: string): Promise<PageView<NeedPageProps>> {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const row = await this.editorial.bySlug(site, 'need', slug, search, ['standard']);
    const view = await this.editorial.view(site, row);
    const needId = row.need_id;
    // The need's products: the page's own solutions when its editors chose them, else every
    // product tagged with the need.
    const chosen = view.props.paragraphs.find((p): p is OurSolutionsParagraph => p.type === 'our_solutions');
    const rows = await this.needs.rows(locale);
    const [products, advices] = await Promise.all([
      needId && !chosen?.products.length
        ? safely(this.logger, 'need products', () => this.catalogue.listCards(site, { needId }, NEED_PRODUCTS))
        : Promise.resolve([]),
      needId ? safely(this.logger, 'need advices', () => this.advices(locale, needId, rows)) : Promise.resolve([]),
    ]);
    const selector = await this.needs.selector(site, { parent: null, child: null, error: false }, undefined, rows);
    const need = rows.find((r) => r.id === needId) ?? null;
    const parent = need?.parent_id ? (rows.find((r) => r.id === need.parent_id) ?? null) : null;
    const all = view.props.paragraphs;
    const solutions = all.find((p): p is OurSolutionsParagraph => p.type === 'our_solutions') ?? null;
    const store = all.find((p): p is StoreLocatorParagraph => p.type === 'store_locator') ?? null;
    const paragraphs = all.filter((p) => p !== solutions && p !== store);
    const ingredient = row.extra.ingredient ? sanitize(row.extra.ingredient) : null;
    const cards = products?.length ? products : (solutions?.products ?? []);
    const tabs = needTabs(
      {
        title: row.title,
        ingredients: t('needs.detail.ingredients'),
        solutions: t('needs.detail.solutions'),
        store: t('needs.detail.store'),
        advices: t('needs.detail.advices'),
      },
      { ingredient: !!ingredient, products: cards.length, advices: (advices ?? []).length },
    );
    const parentHref = parent?.page_slug ? buildPath('need', locale, { slug: parent.page_slug }) : null;
    return {
      ...view,
      breadcrumb: [
        { label: t('needs.list.title'), href: buildPath('needs', locale) },
        ...(parent && parentHref ? [{ label: parent.label, href: parentHref }] : []),
        { label: row.title },
      ],
      props: {
        page: {
          title: row.title,
          cover: view.props.cover,
          coverMobile: view.props.coverMobile,
          introduction: view.props.introduction,
          content: view.props.content,
          link: view.props.link,
        },
        parent: parent && parentHref ? { label: parent.label, href: parentHref } : null,
        tabs,
        ingredient,
        paragraphs,
        solutions: {
          title: solutions?.title ?? t('needs.detail.solutions'),
          text: solutions?.text ?? null,
          products: cards,
        },
        storeLocator: this.needs.storeLocator(locale, t, store),
        selector,
        advices: this.editorial.cards(advices ?? [], locale),
      },
    };
  }

  /**
   * The "our advices" articles of a need (SPEC §2.2, §9 per_page 4), newest first: those tagged with
   * the need, and for a parent need those of its children too, since editors tag an article with the
   * precise need it answers (docs/decisions.md "Needs and brands").
   */
  async advices(locale: Locale, needId: number, rows?: NeedRow[]): Promise<PageCardRow[]> {
    const all = rows ?? (await this.needs.rows(locale));
    const need = all.find((r) => r.id === needId);
    const needIds = [
      needId,
      ...(need && need.parent_id === null ? all.filter((r) => r.parent_id === needId) : []).map((r) => r.id),
    ];
    const { items } = await this.cache.getOrSet(`needs:advices:${locale}:${needIds.join(',')}`, () =>
      this.editorial.list({
        locale,
        types: ['advice'],
        published: true,
        needIds,
        orderBy: 'published_at',
        direction: 'desc',
        limit: NEED_ADVICES,
        offset: 0,
      }),
    );
    return items;
  }
}
