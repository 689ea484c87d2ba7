import { Injectable } from '@nestjs/common';
import { brandColour, cornerNav, type CornerTabView } from '../../../contracts/brands';
import { BRAND_CORNERS, buildPath } from '../../../contracts/route-table';
import type { BrandCornerPageProps, CornerSlideView } from '../../../views/pages/BrandCornerPage';
import type { BrandCornerRouteProps } from '../../../views/pages/BrandCornerRoute';
import { AppCache } from '../../cache/app-cache.service';
import { DomainException, DomainErrorCode } from '../../common/errors/domain.exception';
import { sanitize } from '../../common/security/sanitize';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { CATCH_ALL_TYPES, EditorialService } from '../cms';
import { editorialPicture } from '../media';
import type { SiteContext } from '../shop';
import { BrandsRepository } from './brands.repository';

const isNotFound = (error: unknown) => error instanceof DomainException && error.code === DomainErrorCode.NotFound;

/**
 * Brand corners (SPEC §2.2 "Brand corner"): `/{brand}` is the corner's main page, `/{brand}/{slug}`
 * one of its associated pages. The route exists for the three corner brands only, and a slug that is
 * no page of the corner goes on to the catch-all's CMS page of that path (`lactibiane/mentions-legales`),
 * so the corner never shadows a product, need or CMS slug; neither is 404.
 */
@Injectable()
export class CornerService {
  constructor(
    private readonly repository: BrandsRepository,
    private readonly editorial: EditorialService,
    private readonly cache: AppCache,
    private readonly render: RenderService,
  ) {}

  /** The route `/{brand}/{slug?}`: the corner's page, else the CMS page of that path, else 404. */
  async route(
    site: SiteContext,
    brand: string,
    slug: string | undefined,
    search: string,
  ): Promise<PageView<BrandCornerRouteProps>> {
    try {
      const view = await this.page(site, brand, slug, search);
      return { ...view, props: { kind: 'corner', corner: view.props } };
    } catch (error) {
      if (!slug || !isNotFound(error)) throw error;
      const row = await this.editorial.bySlug(site, 'cmsPage', `${brand}/${slug}`, search, CATCH_ALL_TYPES);
      const view = await this.editorial.view(site, row);
      return { ...view, props: { kind: 'page', page: view.props } };
    }
  }

  async page(
    site: SiteContext,
    brand: string,
    slug: string | undefined,
    search: string,
  ): Promise<PageView<BrandCornerPageProps>> {
    const locale = site.locale;
    if (!(BRAND_CORNERS as readonly string[]).includes(brand) || slug === brand) throw DomainException.pageNotFound();
    const t = this.render.translator(locale);
    const route = `brandCorner:${brand}`;
    const main = await this.editorial.bySlug(site, route, brand, '', ['brand_corner_main']);
    const row = slug ? await this.editorial.bySlug(site, route, slug, search, ['brand_corner_page']) : main;
    const view = await this.editorial.view(site, row);
    const brandId = main.brand_id ?? 0;
    const pages = await this.cache.getOrSet(`brands:corner-pages:${locale}:${brandId}`, () =>
      this.repository.cornerPages(brandId, locale),
    );
    const href = (s: string | null) => buildPath('brandCorner', locale, s ? { brand, slug: s } : { brand });
    const home: CornerTabView = { label: t('brands.corner.home'), href: href(null), current: !slug };
    const tabs: CornerTabView[] = pages.map((p) => ({
      label: p.extra?.contents_title || p.title,
      href: href(p.slug),
      current: p.slug === slug,
    }));
    const allUrl = main.extra?.contents_table_link_url;
    const brandName = main.brand?.name ?? main.title;
    const description = main.extra?.description ?? main.introduction;
    const palette = main.brand?.key ?? brand;
    // The hero's other slides: the corner's pages, each with its own picture at the thumbnail's size.
    const slides: CornerSlideView[] = pages.map((p) => ({
      title: p.title,
      excerpt: p.excerpt,
      href: href(p.slug),
      current: p.slug === slug,
      picture: editorialPicture(p.cover ?? { motif: p.icon ?? 'leaves', palette }, 'thumb', ''),
    }));
    return {
      ...view,
      breadcrumb: [
        { label: t('brands.list.title'), href: buildPath('brands', locale) },
        ...(slug ? [{ label: brandName, href: href(null) }] : []),
        { label: slug ? row.title : brandName },
      ],
      props: {
        brand: { name: brandName, class: main.brand?.class ?? brand },
        colour: brandColour(main.brand?.class ?? brand),
        home: !slug,
        hero: {
          thumbnail: editorialPicture(main.cover ?? { motif: 'leaves', palette }, 'thumb', ''),
          description: description ? sanitize(description) : null,
          // The main page's own title, when editors gave it one besides the brand name.
          tagline: main.title.trim() && main.title.trim() !== brandName ? main.title.trim() : null,
          slides,
        },
        header: slug
          ? {
              icon: row.icon ? editorialPicture({ motif: row.icon, palette }, 'icon', '') : null,
              title: row.title,
              excerpt: row.excerpt,
            }
          : null,
        introduction: slug ? null : view.props.introduction,
        nav: cornerNav(home, tabs, { label: t('brands.corner.all'), url: allUrl }),
        paragraphs: view.props.paragraphs,
      },
    };
  }
}
