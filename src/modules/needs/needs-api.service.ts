import { Injectable } from '@nestjs/common';
import { buildPath } from '../../../contracts/route-table';
import { DomainException } from '../../common/errors/domain.exception';
import { EditorialService, pageHref, type PageCardRow } from '../cms';
import type { SiteContext } from '../shop';
import type { NeedIndexQueryDto, NeedPagesQueryDto } from './dto/need-query.dto';
import { NeedsRepository, type NeedRow } from './needs.repository';
import { NeedsService } from './needs.service';

/** The most pages GET /need/{id}/pages answers. */
const NEED_PAGES_MAX = 50;

/** The needs part of the content API (SPEC §7 "Needs"), in the shapes of SPEC §3 "Need". */
@Injectable()
export class NeedsApiService {
  constructor(
    private readonly needs: NeedsService,
    private readonly repository: NeedsRepository,
    private readonly editorial: EditorialService,
  ) {}

  private need(row: NeedRow, site: SiteContext) {
    return {
      id: row.id,
      label: row.label,
      slug: row.slug,
      order: row.order,
      parent: row.parent_id,
      page: row.page_slug
        ? { id: row.page_id, slug: row.page_slug, url: buildPath('need', site.locale, { slug: row.page_slug }) }
        : null,
    };
  }

  async index(site: SiteContext, query: NeedIndexQueryDto) {
    let rows = await this.needs.rows(site.locale);
    if (query.parents_only) rows = rows.filter((r) => r.parent_id === null);
    if (query.page_type) {
      const ids = await this.repository.needIdsWithPages([query.page_type], site.locale);
      rows = rows.filter((r) => ids.has(r.id));
    }
    return { data: { items: rows.map((r) => this.need(r, site)), total: rows.length } };
  }

  async show(site: SiteContext, id: number) {
    const rows = await this.needs.rows(site.locale);
    const row = rows.find((r) => r.id === id);
    if (!row) throw DomainException.notFound('Need not found');
    const parent = row.parent_id ? rows.find((r) => r.id === row.parent_id) : undefined;
    return {
      data: {
        ...this.need(row, site),
        parent: parent ? this.need(parent, site) : null,
        children: rows.filter((r) => r.parent_id === row.id).map((r) => this.need(r, site)),
      },
    };
  }

  /** GET /need/pages: the needs' own pages (need detail pages). */
  async needPages(site: SiteContext) {
    const rows = (await this.needs.rows(site.locale)).filter((r) => r.page_slug);
    return {
      data: {
        items: rows.map((r) => ({
          id: r.page_id,
          title: r.label,
          slug: r.page_slug,
          url: buildPath('need', site.locale, { slug: r.page_slug! }),
          need: { id: r.id, label: r.label, slug: r.slug, order: r.order, parent: r.parent_id },
        })),
        total: rows.length,
      },
    };
  }

  /** GET /need/{id}/pages: the pages tagged with a need (its own page, advice, innovation…). */
  async pagesOf(site: SiteContext, id: number, query: NeedPagesQueryDto) {
    const rows = await this.needs.rows(site.locale);
    if (!rows.some((r) => r.id === id)) throw DomainException.notFound('Need not found');
    const { items, total } = await this.editorial.list({
      locale: site.locale,
      types: query.page_type ? [query.page_type] : [],
      published: true,
      needId: id,
      orderBy: 'order',
      direction: 'asc',
      limit: NEED_PAGES_MAX,
      offset: 0,
    });
    return { data: { items: items.map((p) => this.page(p, site)), total } };
  }

  private page(p: PageCardRow, site: SiteContext) {
    return {
      id: p.id,
      type: { technical_name: p.type },
      title: p.title,
      slug: p.slug,
      url: pageHref(p.route, p.slug, site.locale),
      excerpt: p.excerpt,
      need: p.need_id ? { id: p.need_id, label: p.need_label, slug: p.need_slug } : null,
    };
  }
}
