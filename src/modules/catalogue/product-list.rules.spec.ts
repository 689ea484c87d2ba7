import type { Translate } from '../../../contracts/i18n';
import type { AppCache } from '../../cache/app-cache.service';
import { DomainException } from '../../common/errors/domain.exception';
import type { AppConfig } from '../../config/app.config';
import type { RenderService } from '../../render/render.service';
import type { SiteContext } from '../shop';
import type { CatalogueRepository } from './catalogue.repository';
import { CatalogueService } from './catalogue.service';
import type { FacetCount, ProductCardRow, ProductQuery } from './catalogue.types';
import { parseListOptions, ProductListService } from './product-list.service';

/**
 * The listing rules of the product list (SPEC §2.2 "Product list", §4 Filters, §9) as
 * ProductListService.page() decides them, over a catalogue whose repository is a fake (no database):
 * what is a 404, what the list asks the catalogue, the filter panel, links, head and twins.
 */

const t: Translate = (key, args) => (args ? `${key}${JSON.stringify(args)}` : key);

const site = {
  locale: 'fr',
  shop: {
    id: 1,
    code: 'ch',
    name: 'Suisse',
    domain: 'localhost',
    defaultLocale: 'fr',
    languages: [
      { locale: 'fr', label: 'Français', subdomain: 'produits', host: 'produits.localhost' },
      { locale: 'de', label: 'Deutsch', subdomain: 'produkte', host: 'produkte.localhost' },
    ],
  },
  hostname: 'produits.localhost',
  salesPlan: { id: 7, target: 'default', currencySymbol: 'CHF' },
  origin: 'http://produits.localhost',
  portSuffix: '',
  scheme: 'http',
  webp: false,
} as SiteContext;

const category = (id: number, slug: string, slugs: Record<string, string>, parentId: number | null = null) => ({
  id,
  key: slug,
  class: slug,
  parent_id: parentId,
  name: `Expertise ${slug}`,
  slug,
  slugs,
  text: `<p>${'Texte de la catégorie. '.repeat(10)}</p>`,
  banner_title: '',
  meta_description: '',
  pushes: [],
});

const card = (id: number): ProductCardRow =>
  ({
    id,
    reference: `REF-${id}`,
    name: `Produit ${id}`,
    slug: `produit-${id}`,
    price: '10.00',
    galenic_format: null,
    galenic_label: null,
    image: { shape: 'box', color: '#fff' },
    brand_key: 'formag',
    brand_name: 'Formag',
    brand_name_fr: 'Formag',
    brand_color: '#000',
  }) as ProductCardRow;

function setup(list: { total?: number; facets?: FacetCount[] } = {}) {
  const known = new Set(['brand=formag', 'brand=lactibiane', 'galenic_format=gelule', 'products=for-001']);
  const queries: ProductQuery[] = [];
  const repository = {
    existingFacetValues: jest.fn(async (pairs: Array<{ name: string; value: string }>) =>
      pairs.filter((p) => known.has(`${p.name}=${p.value}`)),
    ),
    categories: jest.fn(async () => [
      category(3, 'digestion', { fr: 'digestion', de: 'verdauung' }),
      category(4, 'transit', { fr: 'transit' }, 3),
      category(5, 'sommeil', { fr: 'sommeil', de: 'schlaf' }),
    ]),
    vocabulary: jest.fn(async () => ({
      labels: [
        { kind: 'galenic_format', key: 'gelule', label: 'Gélule', extra: {} },
        { kind: 'color', key: 'rouge', label: 'Rouge', extra: { hex: '#f00' } },
      ],
      brands: [
        { id: 1, key: 'formag', class: 'formag', color: '#000', corner: true, name: 'Formag', slug: 'formag' },
        { id: 2, key: 'lactibiane', class: 'l', color: '#000', corner: true, name: 'Lactibiane', slug: 'l' },
        { id: 3, key: 'arkopharma', class: 'a', color: '#000', corner: false, name: 'Arko', slug: 'a' },
      ],
      needs: [],
    })),
    productNames: jest.fn(async () => [{ reference: 'FOR-001', name: 'Formag 30' }]),
    listWithFacets: jest.fn(async (query: ProductQuery) => {
      queries.push(query);
      const total = list.total ?? 30;
      const first = ((query.page ?? 1) - 1) * (query.perPage ?? 12);
      const ids = Array.from(
        { length: Math.max(0, Math.min(query.perPage ?? 12, total - first)) },
        (_, i) => first + i,
      );
      return { items: ids.map(card), total, facets: structuredClone(list.facets ?? []) };
    }),
  };
  const cache = { getOrSet: <T>(_key: string, load: () => Promise<T>) => load() } as unknown as AppCache;
  const catalogue = new CatalogueService(repository as unknown as CatalogueRepository, cache);
  const render = { translator: () => t } as unknown as RenderService;
  const config = { PRODUCT_PER_PAGE: 12 } as AppConfig;
  return { sut: new ProductListService(catalogue, render, config), repository, queries };
}

const defaults = parseListOptions({});
const notFound = (promise: Promise<unknown>) =>
  expect(promise).rejects.toEqual(expect.objectContaining({ status: 404 }) as DomainException);

describe(ProductListService.name, () => {
  describe('what is a 404', () => {
    it('a filter value the catalogue does not have', async () => {
      const { sut } = setup();
      await notFound(sut.page(site, { filters: [{ name: 'brand', value: 'unknown' }] }, defaults));
      await expect(sut.page(site, { filters: [{ name: 'brand', value: 'formag' }] }, defaults)).resolves.toBeDefined();
    });

    it('an expertise that does not exist', async () => {
      const { sut } = setup();
      await notFound(sut.page(site, { expertise: 'nulle-part', filters: [] }, defaults));
    });

    it('a page past the last one, but not the first page of an empty list', async () => {
      const { sut } = setup({ total: 30 });
      await expect(sut.page(site, { page: 3, filters: [] }, defaults)).resolves.toBeDefined();
      await notFound(sut.page(site, { page: 4, filters: [] }, defaults));
      const empty = setup({ total: 0 });
      const view = await empty.sut.page(site, { filters: [{ name: 'brand', value: 'formag' }] }, defaults);
      expect(view.props.listing.total).toBe(0);
      expect(view.props.listing.pageCount).toBe(1);
    });
  });

  describe('what it asks the catalogue', () => {
    it("published products but not free ones, in the site's plan, PRODUCT_PER_PAGE a page, the expertise and its sub-expertises", async () => {
      const { sut, queries } = setup();
      const options = parseListOptions({ sort: 'asc_price', price_min: '5', price_max: '50' });
      await sut.page(site, { expertise: 'digestion', page: 2, filters: [{ name: 'brand', value: 'formag' }] }, options);
      expect(queries).toEqual([
        {
          locale: 'fr',
          salesPlanId: 7,
          categoryIds: [3, 4],
          expertiseId: 3,
          selection: { brand: ['formag'] },
          price: { min: 5, max: 50 },
          sort: 'asc_price',
          page: 2,
          perPage: 12,
          noFree: true,
          rankedIds: undefined,
        },
      ]);
    });

    it("a search's list: only its ranked products, 17 a page, linked on the results route, no expertise tree", async () => {
      const { sut, queries, repository } = setup({ total: 40 });
      const view = await sut.page(site, { page: 1, filters: [] }, defaults, {
        text: 'magnésium',
        rankedIds: [9, 4, 7],
        perPage: 17,
      });
      expect(queries[0]).toMatchObject({ rankedIds: [9, 4, 7], perPage: 17, noFree: true });
      expect(repository.categories).not.toHaveBeenCalled();
      expect(view.props.listing.expertises).toEqual([]);
      expect(view.props.listing.nextHref).toBe('/resultats/-r--magn%C3%A9sium/-p--2');
      expect(view.props.listing.basePath).toBe('/resultats');
    });
  });

  describe('the filter panel (SPEC §4)', () => {
    const facets: FacetCount[] = [
      { name: 'brand', value: 'lactibiane', count: 4 },
      { name: 'brand', value: 'arkopharma', count: 9 },
      { name: 'galenic_format', value: 'gelule', count: 2 },
      ...Array.from({ length: 20 }, (_, i) => ({ name: 'products' as const, value: `p${100 + i}`, count: 1 })),
    ];

    it('keeps a chosen value that the other filters leave without product, at 0, and says it is chosen', async () => {
      const { sut } = setup({ facets });
      const view = await sut.page(site, { filters: [{ name: 'brand', value: 'formag' }] }, defaults);
      const brand = view.props.listing.filters.find((g) => g.name === 'brand')!;
      expect(brand.values.map((v) => [v.label, v.count, v.selected])).toEqual([
        ['Arko', 9, false],
        ['Formag', 0, true],
        ['Lactibiane', 4, false],
      ]);
      expect(view.props.listing.activeFilterCount).toBe(1);
    });

    it('sorts values by label, links each to the list with it toggled, and drops the page', async () => {
      const { sut } = setup({ facets });
      const view = await sut.page(site, { page: 2, filters: [{ name: 'brand', value: 'formag' }] }, defaults);
      const brand = view.props.listing.filters.find((g) => g.name === 'brand')!;
      expect(brand.values.map((v) => v.href)).toEqual([
        '/produits/-brand--arkopharma/-brand--formag',
        '/produits',
        '/produits/-brand--formag/-brand--lactibiane',
      ]);
      expect(view.props.listing.clearFiltersHref).toBe('/produits');
    });

    it('cuts dropdown filters at 15 values and leaves out types without values', async () => {
      const { sut } = setup({ facets });
      const view = await sut.page(site, { filters: [] }, defaults);
      expect(view.props.listing.filters.map((g) => [g.name, g.values.length, g.dropdown])).toEqual([
        ['brand', 2, false],
        ['galenic_format', 1, false],
        ['products', 15, true],
      ]);
    });

    it('opens a group whose chosen value lies beyond the first five, not one within them', async () => {
      // Labels sort as a-brand … e-brand, then "Lactibiane": the chosen value sixth, or fifth after a … d.
      const brands = (chosenAt: number): FacetCount[] =>
        ['a', 'b', 'c', 'd', 'e', 'f'].map((letter, i) => ({
          name: 'brand',
          value: i === chosenAt ? 'lactibiane' : `${letter}-brand`,
          count: 1,
        }));
      const chosen = { filters: [{ name: 'brand', value: 'lactibiane' }] };
      const sixth = await setup({ facets: brands(5) }).sut.page(site, chosen, defaults);
      expect(sixth.props.listing.filters[0].values[5].selected).toBe(true);
      expect(sixth.props.listing.filters[0]).toMatchObject({ name: 'brand', fold: 5, expanded: true });
      const fifth = await setup({
        facets: ['a', 'b', 'c', 'd'].map((l) => ({ name: 'brand' as const, value: `${l}-brand`, count: 1 })),
      }).sut.page(site, chosen, defaults);
      expect(fifth.props.listing.filters[0].values[4].selected).toBe(true);
      expect(fifth.props.listing.filters[0]).toMatchObject({ expanded: false });
    });
  });

  describe('head, links and twins', () => {
    it('names the page in the title after the first; a list with one indexable filter is its own canonical, for search engines', async () => {
      const { sut } = setup({ total: 30 });
      const view = await sut.page(
        site,
        { expertise: 'digestion', page: 2, filters: [{ name: 'brand', value: 'formag' }] },
        defaults,
      );
      expect(view.head.title).toBe('Expertise digestion - catalogue.list.page{"page":2}');
      expect(view.head.canonicalPath).toBe('/produits/digestion/-p--2/-brand--formag');
      expect(view.head.noindexFollow).toBeUndefined();
      expect(view.head.description!.length).toBeLessThanOrEqual(248);
      expect(view.breadcrumb).toEqual([
        { label: 'catalogue.list.breadcrumb', href: '/produits' },
        { label: 'Expertise digestion' },
      ]);
    });

    it('closes crawl traps: more than one filter, or a sort, is noindex, follow', async () => {
      const { sut } = setup();
      const two = await sut.page(
        site,
        {
          filters: [
            { name: 'brand', value: 'formag' },
            { name: 'galenic_format', value: 'gelule' },
          ],
        },
        defaults,
      );
      expect(two.head.noindexFollow).toBe(true);
      const sorted = await sut.page(site, { filters: [] }, parseListOptions({ sort: 'desc_price' }));
      expect(sorted.head.noindexFollow).toBe(true);
      // A sort or price variant names the same list without its query as canonical.
      expect(sorted.head.canonicalPath).toBe('/produits');
      expect(sorted.props.listing.sorts.map((s) => [s.value, s.selected])).toEqual([
        ['asc_order', false],
        ['asc_price', false],
        ['desc_price', true],
      ]);
    });

    it('keeps sort, price and display in every link; pages link previous and next only where they exist', async () => {
      const { sut } = setup({ total: 30 });
      const options = parseListOptions({ sort: 'desc_price', price_min: '5', display: 'horizontal' });
      const first = await sut.page(site, { filters: [] }, options);
      expect(first.props.listing.previousHref).toBeNull();
      expect(first.props.listing.nextHref).toBe('/produits/-p--2?sort=desc_price&price_min=5&display=horizontal');
      expect(first.props.listing.formAction).toBe('/produits');
      const last = await sut.page(site, { page: 3, filters: [] }, options);
      expect(last.props.listing.nextHref).toBeNull();
      expect(last.props.listing.pagination.map((p) => [p.page, p.current])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
    });

    it('links the same list in German through the expertise slug, none when the expertise has no German slug', async () => {
      const { sut } = setup();
      const digestion = await sut.page(site, { expertise: 'digestion', filters: [] }, defaults);
      expect(digestion.alternates).toEqual({ de: '/produkte/verdauung' });
      const transit = await sut.page(site, { expertise: 'transit', filters: [] }, defaults);
      expect(transit.alternates).toEqual({ de: null });
    });

    it('marks the chosen expertise, and each expertise link resets the filters', async () => {
      const { sut } = setup();
      const view = await sut.page(
        site,
        { expertise: 'transit', filters: [{ name: 'brand', value: 'formag' }] },
        defaults,
      );
      const [digestion, sommeil] = view.props.listing.expertises;
      expect(digestion.children.map((c) => [c.slug, c.active, c.href])).toEqual([
        ['transit', true, '/produits/transit'],
      ]);
      expect([sommeil.slug, sommeil.active, sommeil.href]).toEqual(['sommeil', false, '/produits/sommeil']);
      expect(view.props.listing.allExpertiseHref).toBe('/produits');
      expect(view.props.listing.allExpertiseActive).toBe(false);
    });
  });
});

describe(`${CatalogueService.name} facets (capDropdowns)`, () => {
  const facetsOf = (counts: FacetCount[]) => {
    const repository = { facetCounts: jest.fn(async () => structuredClone(counts)) };
    const cache = { getOrSet: <T>(_key: string, load: () => Promise<T>) => load() } as unknown as AppCache;
    return new CatalogueService(repository as unknown as CatalogueRepository, cache);
  };
  const base: ProductQuery = { locale: 'fr', salesPlanId: 1 };
  const products = Array.from({ length: 20 }, (_, i) => ({
    name: 'products' as const,
    value: `p${String(i).padStart(2, '0')}`,
    count: i === 19 ? 1 : 50 - i,
  }));

  it('keeps 15 values of a dropdown filter: the most frequent, ties by value', async () => {
    const kept = await facetsOf([...products, { name: 'products', value: 'p99', count: 50 }]).facets(base);
    expect(kept.map((f) => f.value)).toEqual([
      'p00',
      'p99',
      'p01',
      'p02',
      'p03',
      'p04',
      'p05',
      'p06',
      'p07',
      'p08',
      'p09',
      'p10',
      'p11',
      'p12',
      'p13',
    ]);
  });

  it('keeps a chosen value first even when it is the rarest', async () => {
    const kept = await facetsOf(products).facets({ ...base, selection: { products: ['p19'] } });
    expect(kept).toHaveLength(15);
    expect(kept[0]).toEqual({ name: 'products', value: 'p19', count: 1 });
  });

  it('keeps every chosen value when more than 15 are chosen', async () => {
    const chosen = products.slice(0, 17).map((p) => p.value);
    const kept = await facetsOf(products).facets({ ...base, selection: { products: chosen } });
    expect(kept.map((f) => f.value).sort()).toEqual([...chosen].sort());
  });

  it('leaves other filters whole, and dropdowns of 15 values or fewer as they are', async () => {
    const brands = Array.from({ length: 25 }, (_, i) => ({ name: 'brand' as const, value: `b${i}`, count: i }));
    const ingredients = Array.from({ length: 15 }, (_, i) => ({
      name: 'active_ingredient' as const,
      value: `a${i}`,
      count: i,
    }));
    const kept = await facetsOf([...brands, ...ingredients]).facets(base);
    expect(kept.filter((f) => f.name === 'brand')).toHaveLength(25);
    expect(kept.filter((f) => f.name === 'active_ingredient').map((f) => f.value)).toEqual(
      ingredients.map((f) => f.value),
    );
  });
});
