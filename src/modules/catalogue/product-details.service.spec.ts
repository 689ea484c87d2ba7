import { ProductDetailsService, productPromo, type ProductRow } from './product-details.service';
import type { CatalogueRepository } from './catalogue.repository';
import type { AppCache } from '../../cache/app-cache.service';
import type { SiteContext } from '../shop';

const site = { locale: 'fr', salesPlan: { id: 1 } } as unknown as SiteContext;
const passThrough = { getOrSet: (_key: string, load: () => Promise<unknown>) => load() } as unknown as AppCache;

function product(over: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 7,
    name: 'Lactibiane Référence',
    slug: 'lactibiane-reference-30-gelules',
    texts: {},
    meta_description: null,
    documents: [],
    push_promote: null,
    packaging_group: null,
    ...over,
  } as unknown as ProductRow;
}

interface Relations {
  faqs?: unknown[];
  associates?: Array<{ associate_id: number }>;
  packagings?: unknown[];
}

function repository(relations: Relations = {}, over: Partial<Record<keyof CatalogueRepository, unknown>> = {}) {
  return {
    productRelations: jest.fn(async (row: { packaging_group: string | null }) => ({
      categories: [],
      needs: [],
      slugs: [],
      faqs: relations.faqs ?? [],
      associates: relations.associates ?? [],
      // The database answers no packaging for a product without a group.
      packagings: row.packaging_group ? (relations.packagings ?? []) : [],
    })),
    cardsByIds: async () => [],
    ...over,
  } as unknown as CatalogueRepository;
}

describe('ProductDetailsService.details', () => {
  it('shows the first 4 FAQs and counts them all (one round trip for all the relations)', async () => {
    const faqs = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, question: `Q${i}`, answer: 'A' }));
    const repo = repository({ faqs });
    const details = await new ProductDetailsService(repo, passThrough).details(site, product());
    expect(details.faqs.shown.map((f) => f.id)).toEqual([1, 2, 3, 4]);
    expect(details.faqs.total).toBe(6);
    expect(repo.productRelations).toHaveBeenCalledTimes(1);
  });

  it('offers a packaging choice only when the group has more than one size, marking the current one', async () => {
    const two = [
      { id: 7, slug: 'a-30', label: '30 gélules' },
      { id: 8, slug: 'a-60', label: null },
    ];
    const service = (rows: unknown[]) => new ProductDetailsService(repository({ packagings: rows }), passThrough);
    const withGroup = product({ packaging_group: 'g' } as Partial<ProductRow>);
    expect((await service(two).details(site, withGroup)).packagings).toEqual([
      { id: 7, label: '30 gélules', slug: 'a-30', current: true },
      { id: 8, label: 'a-60', slug: 'a-60', current: false },
    ]);
    expect((await service(two.slice(0, 1)).details(site, withGroup)).packagings).toEqual([]);
    expect((await service(two).details(site, product())).packagings).toEqual([]);
  });

  it('takes the meta description from meta, else intro, else description, else the name, cut to 250 characters', async () => {
    const service = new ProductDetailsService(repository(), passThrough);
    const meta = async (over: Partial<ProductRow>) => (await service.details(site, product(over))).meta;
    expect(await meta({ meta_description: 'Meta' } as Partial<ProductRow>)).toBe('Meta');
    expect(await meta({ texts: { intro_text: 'Intro', description: '<p>Desc</p>' } } as Partial<ProductRow>)).toBe(
      'Intro',
    );
    expect(await meta({ texts: { description: '<p>Desc</p>' } } as Partial<ProductRow>)).toBe('Desc');
    expect(await meta({})).toBe('Lactibiane Référence');
    const long = await meta({ meta_description: 'x'.repeat(400) } as Partial<ProductRow>);
    expect(long).toHaveLength(250);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps associated products in their order, and titles documents in the locale', async () => {
    const cardsByIds = jest.fn(async (ids: number[]) => ids.map((id) => ({ id, slug: `p${id}`, name: `P${id}` })));
    const service = new ProductDetailsService(
      repository({ associates: [{ associate_id: 9 }, { associate_id: 3 }] }, { cardsByIds }),
      passThrough,
    );
    const details = await service.details(
      site,
      product({
        documents: [{ file: 'notice a.pdf', type: 'notice', title: { fr: 'Notice', de: 'Beipackzettel' } }],
      } as Partial<ProductRow>),
    );
    expect(details.associates.map((a) => a.id)).toEqual([9, 3]);
    expect(details.documents).toEqual([
      { title: 'Notice', type: 'notice', file: 'notice a.pdf', href: '/documents/notice%20a.pdf' },
    ]);
  });
});

describe('productPromo', () => {
  const push = {
    fr: { text: 'Offre', label_link: 'Voir', url_link: '/produits' },
    background: '#abcdef',
    packshot: true,
  };

  it('is the push in the locale, none without text there', () => {
    expect(productPromo(push as never, 'fr')).toEqual({
      text: 'Offre',
      labelLink: 'Voir',
      href: '/produits',
      background: '#abcdef',
      packshot: true,
    });
    expect(productPromo(push as never, 'de')).toBeNull();
    expect(productPromo(null, 'fr')).toBeNull();
  });

  it('falls back to the default background when it is not a colour, and cuts the text to 300 characters', () => {
    const promo = productPromo(
      { ...push, background: 'red;background:url(x)', fr: { ...push.fr, text: 'y'.repeat(500) } } as never,
      'fr',
    );
    expect(promo?.background).toBe('#f4f1ea');
    expect(promo?.text).toHaveLength(300);
  });
});
