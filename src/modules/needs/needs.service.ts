import { Injectable } from '@nestjs/common';
import type { Translate } from '../../../contracts/i18n';
import { NEED_SELECTOR_PARAMS, type NeedGroupView } from '../../../contracts/needs';
import { buildPath, type Locale } from '../../../contracts/route-table';
import type { StoreLocatorParagraph } from '../../../contracts/editorial';
import type { NeedSelectorProps } from '../../../views/islands/NeedSelector';
import type { NeedsPageProps } from '../../../views/pages/NeedsPage';
import { AppCache } from '../../cache/app-cache.service';
import { DomainException } from '../../common/errors/domain.exception';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { EditorialService } from '../cms';
import type { SiteContext } from '../shop';
import { NeedsRepository, type NeedRow } from './needs.repository';

/** How many advice articles the needs list shows. */
const LIST_ADVICES = 3;

/** What a need selector's form sent: nothing (not sent), or its two fields as they came. */
export interface NeedSelectorQuery {
  parent?: unknown;
  child?: unknown;
}

const ID = /^[1-9][0-9]{0,8}$/;
const idOf = (value: unknown): number | null | 'invalid' => {
  if (value === undefined || value === '') return null;
  return typeof value === 'string' && ID.test(value) ? Number(value) : 'invalid';
};

/**
 * The needs (SPEC §2.2 "Needs list", §4 "Need selector"): the tree of parent and child needs with
 * links to their pages, the list page and its search, and the selector's rules, shared by the need
 * page and the home page.
 */
@Injectable()
export class NeedsService {
  constructor(
    private readonly repository: NeedsRepository,
    private readonly cache: AppCache,
    private readonly render: RenderService,
    private readonly editorial: EditorialService,
  ) {}

  /** Every need of a locale, in need order. */
  rows(locale: Locale): Promise<NeedRow[]> {
    return this.cache.getOrSet(`needs:rows:${locale}`, () => this.repository.all(locale));
  }

  /** Parent needs in need order with their children: only needs with a published page are links. */
  async groups(locale: Locale, known?: NeedRow[]): Promise<NeedGroupView[]> {
    const rows = known ?? (await this.rows(locale));
    const href = (r: NeedRow) => buildPath('need', locale, { slug: r.page_slug ?? r.slug });
    return rows
      .filter((r) => r.parent_id === null && r.page_slug)
      .map((parent) => ({
        id: parent.id,
        label: parent.label,
        href: href(parent),
        children: rows
          .filter((c) => c.parent_id === parent.id && c.page_slug)
          .map((c) => ({ id: c.id, label: c.label, href: href(c) })),
      }));
  }

  /** The selector's props in a state (nothing chosen, or the form's second step, or its error). */
  async selector(
    site: SiteContext,
    state: { parent: number | null; child: number | null; error: boolean },
    headingId = 'need-selector-title',
    rows?: NeedRow[],
  ): Promise<NeedSelectorProps> {
    const t = this.render.translator(site.locale);
    return {
      action: buildPath('needs', site.locale),
      groups: await this.groups(site.locale, rows),
      parent: state.parent,
      child: state.child,
      error: state.error ? t('needs.select_need_error') : null,
      headingId,
      labels: {
        title: t('needs.selector.title'),
        text: t('needs.selector.text'),
        parent: t('needs.selector.parent'),
        child: t('needs.selector.child'),
        choose: t('needs.selector.choose'),
        submit: t('needs.selector.submit'),
        error: t('needs.select_need_error'),
      },
    };
  }

  /**
   * A selector sent without JavaScript (SPEC §4): a chosen need goes to its page; a parent with
   * children asks for the child (second step); no need, or one that does not exist, is the
   * selection error. Returns the path to go to, or the selector's state to show.
   */
  async resolveSelector(
    site: SiteContext,
    query: NeedSelectorQuery,
  ): Promise<{ redirect: string } | { parent: number | null; child: number | null; error: boolean }> {
    const groups = await this.groups(site.locale);
    const parentId = idOf(query.parent);
    const childId = idOf(query.child);
    const group = typeof parentId === 'number' ? groups.find((g) => g.id === parentId) : undefined;
    if (!group) return { parent: null, child: null, error: true };
    if (childId === 'invalid') return { parent: group.id, child: null, error: true };
    if (childId !== null) {
      const child = group.children.find((c) => c.id === childId);
      return child ? { redirect: child.href } : { parent: group.id, child: null, error: true };
    }
    if (group.children.length && query.child === undefined) return { parent: group.id, child: null, error: false };
    return { redirect: group.href };
  }

  /** The needs list (SPEC §2.2), its search sent without JavaScript, or a selector's answer. */
  async listPage(site: SiteContext, query: Record<string, unknown>): Promise<PageView<NeedsPageProps>> {
    const locale = site.locale;
    const t = this.render.translator(locale);
    const sent = NEED_SELECTOR_PARAMS.parent in query || NEED_SELECTOR_PARAMS.child in query;
    let state = { parent: null as number | null, child: null as number | null, error: false };
    if (sent) {
      const answer = await this.resolveSelector(site, {
        parent: query[NEED_SELECTOR_PARAMS.parent],
        child: query[NEED_SELECTOR_PARAMS.child],
      });
      if ('redirect' in answer) throw DomainException.redirect(answer.redirect, 302);
      state = answer;
    }
    const text = typeof query.q === 'string' ? query.q.slice(0, 100) : '';
    const [groups, selector, advices] = await Promise.all([
      this.groups(locale),
      this.selector(site, state),
      this.cache.getOrSet(
        `needs:list-advices:${locale}`,
        async () =>
          (
            await this.editorial.list({
              locale,
              types: ['advice'],
              published: true,
              orderBy: 'published_at',
              direction: 'desc',
              limit: LIST_ADVICES,
              offset: 0,
            })
          ).items,
      ),
    ]);
    return {
      head: { title: t('needs.list.title'), description: t('needs.list.intro') },
      breadcrumb: [{ label: t('needs.list.title') }],
      status: state.error ? 400 : undefined,
      props: {
        finder: {
          action: buildPath('needs', locale),
          query: text,
          groups,
          labels: {
            search: t('needs.list.search'),
            placeholder: t('needs.list.placeholder'),
            submit: t('needs.list.submit'),
            none: t('needs.list.none'),
            listTitle: t('needs.list.groups_title'),
            all: t('needs.list.see_need'),
          },
        },
        selector,
        storeLocator: this.storeLocator(locale, t),
        advices: this.editorial.cards(advices, locale),
        advicesHref: buildPath('adviceList', locale),
      },
    };
  }

  /** The store-locator block: to the pharmacy finder (SPEC §2.2, built by its own feature). */
  storeLocator(locale: Locale, t: Translate, from?: StoreLocatorParagraph | null): StoreLocatorParagraph {
    return (
      from ?? {
        type: 'store_locator',
        key: 'needs-store',
        anchor: 'paragraph-needs-store',
        title: t('needs.list.store_title'),
        text: t('needs.list.store_text'),
        action: buildPath('storeFinder', locale),
        product: null,
      }
    );
  }
}
