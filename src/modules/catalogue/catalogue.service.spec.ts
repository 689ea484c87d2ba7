import type { AppCache } from '../../cache/app-cache.service';
import type { CatalogueRepository } from './catalogue.repository';
import { CatalogueService } from './catalogue.service';
import type { ProductQuery } from './catalogue.types';

describe('CatalogueService.listWithFacets (the read-model cache of list pages)', () => {
  const setup = () => {
    const keys: string[] = [];
    const cache = {
      getOrSet: <T>(key: string, load: () => Promise<T>) => (keys.push(key), load()),
    } as unknown as AppCache;
    const repository = {
      listWithFacets: jest.fn(async () => ({ items: [], total: 0, facets: [] })),
    } as unknown as CatalogueRepository;
    return { keys, repository, service: new CatalogueService(repository, cache) };
  };
  const base: ProductQuery = { locale: 'fr', salesPlanId: 1, page: 1, perPage: 17, sort: 'asc_order' };

  it('caches a list of the catalogue under its query', async () => {
    const { keys, service } = setup();
    await service.listWithFacets(base);
    expect(keys).toEqual([`catalogue:list-facets:${JSON.stringify(base)}`]);
  });

  it("reads a search's list (ranked ids) without the cache: no key carrying hundreds of ids", async () => {
    const { keys, repository, service } = setup();
    const rankedIds = Array.from({ length: 500 }, (_, i) => i + 1);
    await service.listWithFacets({ ...base, rankedIds });
    await service.listWithFacets({ ...base, rankedIds: [] });
    expect(keys).toEqual([]);
    expect(repository.listWithFacets).toHaveBeenCalledTimes(2);
  });
});
