import { Logger } from '@nestjs/common';
import type { AppCache } from '../../cache/app-cache.service';
import type { SiteContext } from '../shop';
import type { RedirectionRepository } from './redirection.repository';
import { RedirectionService } from './redirection.service';

type Rule = Awaited<ReturnType<RedirectionRepository['findForSite']>>[number];

const site = { shop: { id: 1 }, locale: 'fr' } as SiteContext;
/** The cache as a pass-through: each call loads from the repository. */
const passThrough = { getOrSet: <T>(_key: string, load: () => Promise<T>) => load() } as unknown as AppCache;

describe(RedirectionService.name, () => {
  const service = (rules: Rule[] | Error) => {
    const findForSite = jest.fn(async () => {
      if (rules instanceof Error) throw rules;
      return rules;
    });
    return {
      sut: new RedirectionService({ findForSite } as unknown as RedirectionRepository, passThrough),
      findForSite,
    };
  };

  describe('built-in rules', () => {
    const { sut, findForSite } = service([]);

    it.each([
      ['/index', '', '/'],
      ['/fr', '', '/'],
      ['/de', '?utm_source=qr', '/?utm_source=qr'],
      ['/index/', '', '/'],
    ])('sends %s%s home as %s', async (path, search, url) => {
      await expect(sut.find(site, 'produits.localhost', path, search)).resolves.toEqual({ type: 301, url });
    });

    it.each([
      ['/en-ce-moment/salon-2026', '?x=1', '/salon-2026?x=1'],
      ['/conseils/en-ce-moment', '', '/conseils'],
      ['/derzeit/messe-2026', '', '/messe-2026'],
      ['/en-ce-moment', '?a=b', '/?a=b'],
      ['/a/derzeit/b/en-ce-moment/c', '', '/a/b/c'],
      ['//evil.example/en-ce-moment/x', '', '/evil.example/x'],
      ['/\\evil.example/en-ce-moment', '', '/evil.example'],
    ])('drops the news segment of %s%s: %s', async (path, search, url) => {
      await expect(sut.find(site, 'produits.localhost', path, search)).resolves.toEqual({ type: 301, url });
    });

    it('leaves paths that only contain the word alone, without reading the database for built-in rules', async () => {
      await expect(sut.find(site, 'produits.localhost', '/en-ce-moment-ou-jamais', '')).resolves.toBeNull();
      await expect(sut.find(site, 'produits.localhost', '/francais', '')).resolves.toBeNull();
      findForSite.mockClear();
      await sut.find(site, 'produits.localhost', '/fr', '');
      expect(findForSite).not.toHaveBeenCalled();
    });
  });

  describe('rules from the database', () => {
    const rules: Rule[] = [
      { match: 'path', source: '/nos-produits', target: '/produits', code: 301 },
      { match: 'path', source: '/avec-query', target: '/cible?from=rule', code: 302 },
      { match: 'url', source: '/ancienne?id=7', target: '/nouvelle', code: 308 },
      { match: 'host', source: 'old.localhost', target: 'https://produits.localhost/', code: 307 },
      { match: 'path', source: '/script', target: 'javascript:alert(1)', code: 301 },
      { match: 'path', source: '/protocol-relative', target: '//evil.example/x', code: 301 },
      { match: 'path', source: '/pro', target: 'https://pro.example.ch/fr', code: 302 },
    ];
    const { sut } = service(rules);

    it('redirects a path rule with its code, keeping the query', async () => {
      await expect(sut.find(site, 'produits.localhost', '/nos-produits', '?utm=a&b=c')).resolves.toEqual({
        type: 301,
        url: '/produits?utm=a&b=c',
      });
    });

    it('keeps the query of the target when it has one', async () => {
      await expect(sut.find(site, 'produits.localhost', '/avec-query', '?x=1')).resolves.toEqual({
        type: 302,
        url: '/cible?from=rule',
      });
    });

    it('matches a url rule on path and query', async () => {
      await expect(sut.find(site, 'produits.localhost', '/ancienne', '?id=7')).resolves.toEqual({
        type: 308,
        url: '/nouvelle',
      });
      await expect(sut.find(site, 'produits.localhost', '/ancienne', '?id=8')).resolves.toBeNull();
    });

    it('matches a host rule', async () => {
      await expect(sut.find(site, 'old.localhost', '/anything', '')).resolves.toEqual({
        type: 307,
        url: 'https://produits.localhost/',
      });
    });

    it('skips a rule whose target is not http(s) or a path', async () => {
      await expect(sut.find(site, 'produits.localhost', '/script', '')).resolves.toBeNull();
    });

    it('keeps a protocol-relative target on this site', async () => {
      await expect(sut.find(site, 'produits.localhost', '/protocol-relative', '')).resolves.toEqual({
        type: 301,
        url: '/evil.example/x',
      });
    });

    it('allows an explicit external http(s) target', async () => {
      await expect(sut.find(site, 'produits.localhost', '/pro', '?q=1')).resolves.toEqual({
        type: 302,
        url: 'https://pro.example.ch/fr',
      });
    });
  });

  it("reads the rules of the visitor's language, cached per language", async () => {
    const keys: string[] = [];
    const recording = {
      getOrSet: <T>(key: string, load: () => Promise<T>) => {
        keys.push(key);
        return load();
      },
    } as unknown as AppCache;
    const findForSite = jest.fn(async () => [] as Rule[]);
    const sut = new RedirectionService({ findForSite } as unknown as RedirectionRepository, recording);
    await sut.find({ ...site, locale: 'de' }, 'produkte.localhost', '/nos-produits', '');
    await sut.find(site, 'produits.localhost', '/nos-produits', '');
    expect(findForSite.mock.calls).toEqual([
      [1, 'de'],
      [1, 'fr'],
    ]);
    expect(keys).toEqual(['redirection:1:de', 'redirection:1:fr']);
  });

  it('lets the page go on when the rules cannot be read (SPEC §8)', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { sut } = service(new Error('connection refused'));
    await expect(sut.find(site, 'produits.localhost', '/nos-produits', '')).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('connection refused'));
    warn.mockRestore();
  });
});
