import { Inject, Injectable } from '@nestjs/common';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import type { DB, PageTable, PageType } from '../../database/schema';

/** What a page list may be narrowed to (SPEC §7 "Pages" parameters). */
export interface PageListQuery {
  locale: string;
  types: PageType[];
  /** true: published only (the public site); false: unpublished only; null: both. */
  published: boolean | null;
  expertiseId?: number;
  needId?: number;
  /** Pages tagged with any of these needs (a parent need and its children). */
  needIds?: number[];
  innovationCategoryIds?: number[];
  /** Only pages associated with at least one product (shown in the product list). */
  withProducts?: boolean;
  highlighted?: boolean;
  exclude?: number[];
  /** Pages associated with this product. */
  productId?: number;
  /** Pages linked from this page (its "may interest you" list), in the page's order. */
  linkedFrom?: number;
  ids?: number[];
  /** order: position, then newest first; highlightedFirst puts the highlighted page first. */
  orderBy?: 'order' | 'published_at' | 'title' | 'id';
  direction?: 'asc' | 'desc';
  highlightedFirst?: boolean;
  limit: number;
  offset: number;
}

/** SQL of the editorial pages (SPEC §3 "CMS page", "Article card", "Paragraph"). */
@Injectable()
export class CmsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The fields of an article card, for one locale. */
  private cardsQuery(locale: string) {
    return this.db
      .selectFrom('page as p')
      .innerJoin('page_translation as t', (j) => j.onRef('t.page_id', '=', 'p.id').on('t.locale', '=', locale))
      .leftJoin('category as c', 'c.id', 'p.expertise_id')
      .leftJoin('category_translation as ct', (j) =>
        j.onRef('ct.category_id', '=', 'p.expertise_id').on('ct.locale', '=', locale),
      )
      .leftJoin('need_translation as nt', (j) => j.onRef('nt.need_id', '=', 'p.need_id').on('nt.locale', '=', locale))
      .select([
        'p.id',
        'p.key',
        'p.type',
        'p.highlighted',
        'p.published',
        'p.position',
        sql<string | null>`to_char(p.published_at, 'YYYY-MM-DD')`.as('published_at'),
        'p.cover',
        'p.expertise_id',
        'p.need_id',
        'p.innovation_category_id',
        'p.brand_id',
        't.title',
        't.slug',
        't.route',
        't.excerpt',
        'ct.name as expertise_name',
        'ct.slug as expertise_slug',
        'c.class as expertise_class',
        'nt.label as need_label',
        'nt.slug as need_slug',
      ]);
  }

  private listFilter(q: PageListQuery) {
    return (eb: ExpressionBuilder<DB & { p: PageTable }, 'p'>) => {
      const and: Expression<SqlBool>[] = [];
      if (q.types.length) and.push(eb('p.type', 'in', q.types));
      if (q.published !== null) and.push(eb('p.published', '=', q.published));
      if (q.expertiseId !== undefined) and.push(eb('p.expertise_id', '=', q.expertiseId));
      if (q.needId !== undefined) and.push(eb('p.need_id', '=', q.needId));
      if (q.needIds) and.push(q.needIds.length ? eb('p.need_id', 'in', q.needIds) : sql<SqlBool>`false`);
      if (q.innovationCategoryIds)
        and.push(
          q.innovationCategoryIds.length
            ? eb('p.innovation_category_id', 'in', q.innovationCategoryIds)
            : sql<SqlBool>`false`,
        );
      if (q.withProducts)
        and.push(
          eb.exists(
            eb
              .selectFrom('page_product as wp')
              .select(sql`1`.as('one'))
              .whereRef('wp.page_id', '=', 'p.id'),
          ),
        );
      if (q.highlighted !== undefined) and.push(eb('p.highlighted', '=', q.highlighted));
      if (q.exclude?.length) and.push(eb('p.id', 'not in', q.exclude));
      if (q.ids) and.push(q.ids.length ? eb('p.id', 'in', q.ids) : sql<SqlBool>`false`);
      if (q.productId !== undefined)
        and.push(
          eb.exists(
            eb
              .selectFrom('page_product as pp')
              .select(sql`1`.as('one'))
              .whereRef('pp.page_id', '=', 'p.id')
              .where('pp.product_id', '=', q.productId),
          ),
        );
      if (q.linkedFrom !== undefined)
        and.push(
          eb.exists(
            eb
              .selectFrom('page_link as pl')
              .select(sql`1`.as('one'))
              .whereRef('pl.linked_page_id', '=', 'p.id')
              .where('pl.page_id', '=', q.linkedFrom),
          ),
        );
      return eb.and(and);
    };
  }

  /** One page of a list and the total, in one statement. */
  async listPages(q: PageListQuery) {
    const direction = q.direction ?? 'asc';
    let query = this.cardsQuery(q.locale)
      .select(sql<string>`count(*) over ()`.as('total'))
      .where(this.listFilter(q));
    if (q.linkedFrom !== undefined)
      query = query.orderBy(
        (eb) =>
          eb
            .selectFrom('page_link as pl')
            .select('pl.position')
            .whereRef('pl.linked_page_id', '=', 'p.id')
            .where('pl.page_id', '=', q.linkedFrom!),
        'asc',
      );
    if (q.highlightedFirst) query = query.orderBy('p.highlighted', 'desc');
    switch (q.orderBy ?? 'order') {
      case 'order':
        query = query.orderBy('p.position', direction).orderBy('p.published_at', (ob) => ob.desc().nullsLast());
        break;
      case 'published_at':
        query = query.orderBy('p.published_at', (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast());
        break;
      case 'title':
        // Alphabetical as a reader expects it (Mélatonine before Microbiote), not in byte order.
        query = query.orderBy(sql`unaccent(lower(t.title))`, direction).orderBy('t.title', direction);
        break;
      case 'id':
        query = query.orderBy('p.id', direction);
        break;
    }
    const rows = await query.orderBy('p.id').limit(q.limit).offset(q.offset).execute();
    let total = rows.length ? Number(rows[0].total) : 0;
    // Past the last page the window count is lost with the rows: count on its own.
    if (!rows.length && q.offset > 0)
      total = Number(
        (
          await this.cardsQuery(q.locale)
            .clearSelect()
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where(this.listFilter(q))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { items: rows.map(({ total: _total, ...row }) => row), total };
  }

  /**
   * A page with everything its screen shows, in one statement: its texts, paragraphs (this locale's
   * texts), slugs in every locale, tags (expertise, need, innovation category), brand and parent. The
   * pages it links to are a list query of their own (`listPages` with `linkedFrom`), so that their
   * failure never fails the page (SPEC §8).
   */
  pageDetail(where: { id: number } | { route: string; slug: string }, locale: string, publishedOnly: boolean) {
    return this.db
      .selectFrom('page as pg')
      .innerJoin('page_translation as tr', (j) => j.onRef('tr.page_id', '=', 'pg.id').on('tr.locale', '=', locale))
      .select((eb) => [
        'pg.id',
        'pg.key',
        'pg.type',
        'pg.vid',
        'pg.published',
        'pg.highlighted',
        'pg.position',
        'pg.parent_id',
        'pg.expertise_id',
        'pg.need_id',
        'pg.innovation_category_id',
        'pg.brand_id',
        'pg.title_outside_cover',
        'pg.cover',
        'pg.icon',
        'pg.link',
        'pg.toc',
        sql<string | null>`to_char(pg.published_at, 'YYYY-MM-DD')`.as('published_at'),
        sql<string>`to_char(pg.updated_at, 'YYYY-MM-DD')`.as('updated_at'),
        'tr.title',
        'tr.slug',
        'tr.route',
        'tr.meta_title',
        'tr.meta_description',
        'tr.introduction',
        'tr.content',
        'tr.excerpt',
        'tr.link_label',
        'tr.link_url',
        'tr.extra',
        jsonArrayFrom(
          eb
            .selectFrom('paragraph as g')
            .select([
              'g.id',
              'g.key',
              'g.type',
              'g.data',
              sql<Record<string, unknown> | null>`g.texts -> ${locale}`.as('texts'),
            ])
            .whereRef('g.page_id', '=', 'pg.id')
            .orderBy('g.position'),
        ).as('paragraphs'),
        jsonArrayFrom(
          eb
            .selectFrom('page_translation as s')
            .select(['s.locale', 's.slug', 's.route'])
            .whereRef('s.page_id', '=', 'pg.id')
            .orderBy('s.locale'),
        ).as('slugs'),
        jsonObjectFrom(
          eb
            .selectFrom('category as c')
            .innerJoin('category_translation as ct', (j) =>
              j.onRef('ct.category_id', '=', 'c.id').on('ct.locale', '=', locale),
            )
            .select(['c.id', 'c.class', 'ct.name', 'ct.slug'])
            .whereRef('c.id', '=', 'pg.expertise_id'),
        ).as('expertise'),
        jsonObjectFrom(
          eb
            .selectFrom('need as n')
            .innerJoin('need_translation as nt', (j) => j.onRef('nt.need_id', '=', 'n.id').on('nt.locale', '=', locale))
            .select(['n.id', 'n.order', 'n.parent_id', 'nt.label', 'nt.slug'])
            .whereRef('n.id', '=', 'pg.need_id'),
        ).as('need'),
        jsonObjectFrom(
          eb
            .selectFrom('innovation_category as ic')
            .innerJoin('innovation_category_translation as it', (j) =>
              j.onRef('it.category_id', '=', 'ic.id').on('it.locale', '=', locale),
            )
            .select(['ic.id', 'it.name', 'it.slug'])
            .whereRef('ic.id', '=', 'pg.innovation_category_id'),
        ).as('innovation_category'),
        jsonObjectFrom(
          eb
            .selectFrom('brand as b')
            .innerJoin('brand_translation as bt', (j) =>
              j.onRef('bt.brand_id', '=', 'b.id').on('bt.locale', '=', locale),
            )
            .select(['b.id', 'b.key', 'b.class', 'b.color', 'bt.name', 'bt.slug'])
            .whereRef('b.id', '=', 'pg.brand_id'),
        ).as('brand'),
        jsonObjectFrom(
          eb
            .selectFrom('page as pp')
            .innerJoin('page_translation as pt', (j) =>
              j.onRef('pt.page_id', '=', 'pp.id').on('pt.locale', '=', locale),
            )
            .select(['pp.id', 'pp.type', 'pt.title', 'pt.slug', 'pt.route'])
            .whereRef('pp.id', '=', 'pg.parent_id'),
        ).as('parent'),
      ])
      .$if('id' in where, (q) => q.where('pg.id', '=', (where as { id: number }).id))
      .$if(!('id' in where), (q) =>
        q
          .where('tr.route', '=', (where as { route: string }).route)
          .where('tr.slug', '=', (where as { slug: string }).slug),
      )
      .$if(publishedOnly, (q) => q.where('pg.published', '=', true))
      .executeTakeFirst();
  }

  /** Published pages of these types with this slug in a locale (the entity lookup), with their parent. */
  pagesBySlug(types: PageType[], locale: string, slug: string) {
    return this.db
      .selectFrom('page as p')
      .innerJoin('page_translation as t', (j) => j.onRef('t.page_id', '=', 'p.id').on('t.locale', '=', locale))
      .leftJoin('page as pp', 'pp.id', 'p.parent_id')
      .leftJoin('page_translation as pt', (j) => j.onRef('pt.page_id', '=', 'pp.id').on('pt.locale', '=', locale))
      .select([
        'p.id',
        'p.type',
        't.title',
        't.slug',
        't.route',
        'pp.id as parent_id',
        'pp.type as parent_type',
        'pt.title as parent_title',
        'pt.slug as parent_slug',
      ])
      .where('p.type', 'in', types)
      .where('p.published', '=', true)
      .where('t.slug', '=', slug)
      .orderBy('p.id')
      .execute();
  }

  /** The current slug of a page whose old slug this is, in the same route family and locale. */
  async currentSlug(route: string, locale: string, oldSlug: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('slug_history as h')
      .innerJoin('page_translation as t', (j) => j.onRef('t.page_id', '=', 'h.entity_id').on('t.locale', '=', locale))
      .innerJoin('page as p', 'p.id', 't.page_id')
      .select('t.slug')
      .where('h.entity_type', '=', `page:${route}`)
      .where('h.locale', '=', locale)
      .where('h.old_slug', '=', oldSlug)
      .where('t.route', '=', route)
      .where('p.published', '=', true)
      .executeTakeFirst();
    return row?.slug ?? null;
  }

  /** Cards of pages named by key (paragraphs "advice" and "advice_pages_group"), published only. */
  cardsByKeys(keys: string[], locale: string) {
    if (!keys.length) return Promise.resolve([]);
    return this.cardsQuery(locale).where('p.key', 'in', keys).where('p.published', '=', true).execute();
  }

  /** Whether a product exists and is published (the product pages call answers 404 otherwise). */
  async productExists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('product')
      .select('id')
      .where('id', '=', id)
      .where('published', '=', true)
      .executeTakeFirst();
    return !!row;
  }

  /** Product ids of references, for the product paragraphs. */
  async productIds(references: string[]): Promise<Map<string, number>> {
    if (!references.length) return new Map();
    const rows = await this.db
      .selectFrom('product')
      .select(['id', 'reference'])
      .where('reference', 'in', references)
      .where('published', '=', true)
      .execute();
    return new Map(rows.map((r) => [r.reference, r.id]));
  }

  /**
   * The filters of an article list: the expertises and needs that published pages of these types
   * have, each with its number of pages (a filter that would list nothing is not offered), and the
   * unfiltered total. Pages count in a language when they have its texts, as the list shows them.
   */
  listFacets(types: PageType[], locale: string) {
    const translated = (eb: ExpressionBuilder<DB & { p: PageTable }, 'p'>) =>
      eb.exists(
        eb
          .selectFrom('page_translation as lt')
          .select(sql`1`.as('one'))
          .whereRef('lt.page_id', '=', 'p.id')
          .where('lt.locale', '=', locale),
      );
    return this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('page as p')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('p.type', 'in', types)
          .where('p.published', '=', true)
          .where(translated)
          .as('total'),
        jsonArrayFrom(
          eb
            .selectFrom('page as p')
            .innerJoin('category as c', 'c.id', 'p.expertise_id')
            .innerJoin('category_translation as ct', (j) =>
              j.onRef('ct.category_id', '=', 'c.id').on('ct.locale', '=', locale),
            )
            .select((e) => ['c.id', 'c.class', 'ct.name', 'ct.slug', e.fn.countAll<number>().as('count')])
            .where('p.type', 'in', types)
            .where('p.published', '=', true)
            .where(translated)
            .groupBy(['c.id', 'c.class', 'ct.name', 'ct.slug', 'c.position'])
            .orderBy('c.position')
            .orderBy('ct.name'),
        ).as('expertises'),
        jsonArrayFrom(
          eb
            .selectFrom('page as p')
            .innerJoin('need as n', 'n.id', 'p.need_id')
            .innerJoin('need_translation as nt', (j) => j.onRef('nt.need_id', '=', 'n.id').on('nt.locale', '=', locale))
            .select((e) => ['n.id', 'nt.label', 'nt.slug', e.fn.countAll<number>().as('count')])
            .where('p.type', 'in', types)
            .where('p.published', '=', true)
            .where(translated)
            .groupBy(['n.id', 'nt.label', 'nt.slug', 'n.order'])
            .orderBy('n.order')
            .orderBy('nt.label'),
        ).as('needs'),
        jsonArrayFrom(
          eb
            .selectFrom('innovation_category as ic')
            .innerJoin('innovation_category_translation as it', (j) =>
              j.onRef('it.category_id', '=', 'ic.id').on('it.locale', '=', locale),
            )
            .select((e) => [
              'ic.id',
              'it.name',
              'it.slug',
              e
                .selectFrom('page as p')
                .select(e.fn.countAll<number>().as('n'))
                .whereRef('p.innovation_category_id', '=', 'ic.id')
                .where('p.type', 'in', types)
                .where('p.published', '=', true)
                .where(translated)
                .as('count'),
            ])
            .orderBy('ic.position'),
        ).as('innovationCategories'),
      ])
      .executeTakeFirstOrThrow();
  }

  /** Innovation categories with their slug and name in a locale (SPEC §3). */
  innovationCategories(locale: string) {
    return this.db
      .selectFrom('innovation_category as ic')
      .innerJoin('innovation_category_translation as it', (j) =>
        j.onRef('it.category_id', '=', 'ic.id').on('it.locale', '=', locale),
      )
      .select(['ic.id', 'ic.key', 'it.name', 'it.slug'])
      .orderBy('ic.position')
      .execute();
  }
}

export type PageCardRow = Awaited<ReturnType<CmsRepository['listPages']>>['items'][number];
export type PageDetailRow = NonNullable<Awaited<ReturnType<CmsRepository['pageDetail']>>>;
