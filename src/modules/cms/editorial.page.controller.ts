import { Controller, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { buildPath } from '../../../contracts/route-table';
import { ArticleListPage } from '../../../views/pages/ArticleListPage';
import { EditorialPage } from '../../../views/pages/EditorialPage';
import { DomainException } from '../../common/errors/domain.exception';
import { requestPath } from '../../common/http/safe-redirect';
import { Page, RouteParam, Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { ArticleListService } from './article-list.service';
import { CATCH_ALL_TYPES, EditorialService } from './editorial.service';

const search = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at >= 0 ? req.originalUrl.slice(at) : '';
};

/** SPEC §8: every 404 of these routes is a page lookup that found nothing. */
const PAGE_404 = { notFound: 'page' } as const;

/**
 * Editorial routes (SPEC §2.1): the advice and quality/innovation lists and articles, the help page,
 * and the catch-all news or CMS page, which must stay the last route of the application.
 */
@Controller()
export class EditorialPageController {
  constructor(
    private readonly editorial: EditorialService,
    private readonly lists: ArticleListService,
  ) {}

  @Page('adviceList', ArticleListPage, PAGE_404)
  async adviceList(
    @Site() site: SiteContext,
    @RouteParam() params: Record<string, unknown>,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ) {
    const target = await this.lists.formTarget(site, 'advice', query);
    if (target) throw DomainException.redirect(target, 302);
    return this.lists.page(site, 'advice', params, { path: requestPath(req), search: search(req) });
  }

  @Page('innovationList', ArticleListPage, PAGE_404)
  async innovationList(
    @Site() site: SiteContext,
    @RouteParam() params: Record<string, unknown>,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ) {
    const target = await this.lists.formTarget(site, 'innovation', query);
    if (target) throw DomainException.redirect(target, 302);
    return this.lists.page(site, 'innovation', params, { path: requestPath(req), search: search(req) });
  }

  @Page('advice', EditorialPage, PAGE_404)
  async advice(@Site() site: SiteContext, @RouteParam('slug') slug: string, @Req() req: Request) {
    return this.editorial.view(site, await this.editorial.bySlug(site, 'advice', slug, search(req), ['advice']));
  }

  @Page('innovation', EditorialPage, PAGE_404)
  async innovation(@Site() site: SiteContext, @RouteParam('slug') slug: string, @Req() req: Request) {
    return this.editorial.view(
      site,
      await this.editorial.bySlug(site, 'innovation', slug, search(req), ['innovation']),
    );
  }

  /** The help page is the CMS page whose slug is the help route's own path (/aide-en-ligne). */
  @Page('faq', EditorialPage, PAGE_404)
  async help(@Site() site: SiteContext, @Req() req: Request) {
    const slug = buildPath('faq', site.locale).slice(1);
    return this.editorial.view(site, await this.editorial.bySlug(site, 'cmsPage', slug, search(req), CATCH_ALL_TYPES));
  }

  @Page('cmsPage', EditorialPage, PAGE_404)
  async cmsPage(@Site() site: SiteContext, @RouteParam('slug') slug: string, @Req() req: Request) {
    return this.editorial.view(site, await this.editorial.bySlug(site, 'cmsPage', slug, search(req), CATCH_ALL_TYPES));
  }
}
