import 'reflect-metadata';
import { loadConfig } from '../../src/config/app.config';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { seedAll } from '../../src/database/seed/seed';
import { CmsRepository, type PageListQuery } from '../../src/modules/cms/cms.repository';

/** The editorial SQL against PGlite, and the PostgreSQL server with DATABASE_URL (CI runs both). */
describe(`CmsRepository on ${process.env.DATABASE_URL ? 'the PostgreSQL server' : 'PGlite'}`, () => {
  let db: Database;
  let repo: CmsRepository;
  const advice: PageListQuery = { locale: 'fr', types: ['advice'], published: true, limit: 100, offset: 0 };

  beforeAll(async () => {
    db = await openDatabase(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', DATABASE_URL: process.env.DATABASE_URL }),
    );
    await migrateToLatest(db);
    await seedAll(db);
    repo = new CmsRepository(db);
  }, 120000);
  afterAll(async () => db?.destroy());

  it('lists published advice with the total of the whole list, page after page, in a stable order', async () => {
    const all = await repo.listPages(advice);
    expect(all.total).toBeGreaterThanOrEqual(30);
    expect(all.items).toHaveLength(all.total);
    const paged: number[] = [];
    for (let offset = 0; offset < all.total; offset += 11) {
      const page = await repo.listPages({ ...advice, limit: 11, offset });
      expect(page.total).toBe(all.total);
      paged.push(...page.items.map((i) => i.id));
    }
    expect(paged).toEqual(all.items.map((i) => i.id));
    expect(await repo.listPages({ ...advice, limit: 11, offset: 990 })).toEqual({ items: [], total: all.total });
  });

  it('puts the highlighted article first when asked, and only then', async () => {
    const first = await repo.listPages({ ...advice, highlightedFirst: true, limit: 11 });
    expect(first.items[0].highlighted).toBe(true);
    expect(first.items.filter((i) => i.highlighted)).toHaveLength(1);
  });

  it('filters by expertise and need with counts equal to what the filtered list shows', async () => {
    const facets = await repo.listFacets(['advice'], 'fr');
    expect(facets.expertises.length).toBeGreaterThan(3);
    expect(facets.needs.length).toBeGreaterThan(5);
    for (const expertise of facets.expertises) {
      const { total, items } = await repo.listPages({ ...advice, expertiseId: expertise.id });
      expect({ slug: expertise.slug, total }).toEqual({ slug: expertise.slug, total: Number(expertise.count) });
      expect(items.every((i) => i.expertise_id === expertise.id)).toBe(true);
    }
    for (const need of facets.needs.slice(0, 8)) {
      const { total } = await repo.listPages({ ...advice, needId: need.id });
      expect(total).toBe(Number(need.count));
    }
    const innovation = await repo.listFacets(['innovation'], 'de');
    for (const category of innovation.innovationCategories) {
      const { total } = await repo.listPages({
        ...advice,
        locale: 'de',
        types: ['innovation'],
        innovationCategoryIds: [category.id],
      });
      expect(total).toBe(Number(category.count));
    }
  });

  it('loads a page with its paragraphs in order, slugs in every language, tags and linked pages', async () => {
    const page = await repo.pageDetail({ route: 'advice', slug: 'ballonnements-causes-et-bons-gestes' }, 'fr', true);
    expect(page).toBeDefined();
    expect(page!.paragraphs.map((p) => p.key)).toEqual(page!.paragraphs.map((_, i) => `p${i + 1}`));
    expect(page!.paragraphs[0].texts).toMatchObject({ title: 'Trois mécanismes principaux' });
    expect(Object.fromEntries(page!.slugs.map((s) => [s.locale, s.slug]))).toEqual({
      fr: 'ballonnements-causes-et-bons-gestes',
      de: 'blahungen-ursachen-und-tipps',
    });
    expect(page!.expertise).toMatchObject({ name: expect.any(String), slug: expect.stringMatching(/^[a-z]+$/) });
    expect(page!.need).toMatchObject({ slug: 'ballonnements' });
    const linked = await repo.listPages({ ...advice, linkedFrom: page!.id, types: [] });
    expect(linked.items.map((l) => l.key)).toEqual(['advice-transit-paresseux', 'advice-microbiote-5-questions']);
    const german = await repo.pageDetail({ id: page!.id }, 'de', true);
    expect(german!.title).toBe('Blähbauch: Woher kommen Blähungen?');
    expect(german!.paragraphs[0].texts).toMatchObject({ title: 'Drei Hauptmechanismen' });
  });

  it('finds a slug only in its own route family and locale', async () => {
    expect(
      await repo.pageDetail({ route: 'innovation', slug: 'ballonnements-causes-et-bons-gestes' }, 'fr', true),
    ).toBeUndefined();
    expect(
      await repo.pageDetail({ route: 'advice', slug: 'ballonnements-causes-et-bons-gestes' }, 'de', true),
    ).toBeUndefined();
  });

  it('keeps unpublished pages out of the public lookups, and finds them by id for the preview', async () => {
    const { id } = await db
      .updateTable('page')
      .set({ published: false })
      .where('key', '=', 'advice-crampes')
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const slug = (await repo.pageDetail({ id }, 'fr', false))!.slug;
      expect(await repo.pageDetail({ route: 'advice', slug }, 'fr', true)).toBeUndefined();
      expect((await repo.listPages(advice)).items.some((i) => i.id === id)).toBe(false);
      expect(await repo.pageDetail({ id }, 'fr', true)).toBeUndefined();
    } finally {
      await db.updateTable('page').set({ published: true }).where('id', '=', id).execute();
    }
  });

  it('redirects an old slug to the current one within its family', async () => {
    const page = await repo.pageDetail({ route: 'advice', slug: 'ballonnements-causes-et-bons-gestes' }, 'fr', true);
    await db
      .insertInto('slug_history')
      .values({ entity_type: 'page:advice', locale: 'fr', old_slug: 'ventre-gonfle', entity_id: page!.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    expect(await repo.currentSlug('advice', 'fr', 'ventre-gonfle')).toBe('ballonnements-causes-et-bons-gestes');
    expect(await repo.currentSlug('innovation', 'fr', 'ventre-gonfle')).toBeNull();
    expect(await repo.currentSlug('advice', 'de', 'ventre-gonfle')).toBeNull();
  });

  it('lists the pages associated with a product, and cards by key', async () => {
    const product = await db
      .selectFrom('product')
      .select('id')
      .where('reference', '=', 'LAC-004')
      .executeTakeFirstOrThrow();
    const { items } = await repo.listPages({ ...advice, types: [], productId: product.id });
    expect(items.map((i) => i.key)).toContain('advice-ballonnements');
    const cards = await repo.cardsByKeys(['advice-ballonnements', 'no-such-page'], 'de');
    expect(cards.map((c) => c.slug)).toEqual(['blahungen-ursachen-und-tipps']);
  });
});
