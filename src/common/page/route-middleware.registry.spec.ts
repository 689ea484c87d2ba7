import type { Request, Response } from 'express';
import { DomainErrorCode, DomainException } from '../errors/domain.exception';
import { RouteMiddlewareRegistry } from './route-middleware.registry';

const request = (originalUrl: string) => ({ originalUrl }) as Request;
const response = () => {
  const headers: Record<string, string> = {};
  return {
    headers,
    res: {
      setHeader: (name: string, value: string) => (headers[name] = value),
      vary: (field: string) => (headers.Vary = headers.Vary ? `${headers.Vary}, ${field}` : field),
    } as unknown as Response,
  };
};

async function redirectOf(sut: RouteMiddlewareRegistry, url: string): Promise<string | undefined> {
  try {
    await sut.run(['seoRedirection'], request(url), response().res);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainException);
    expect((error as DomainException).code).toBe(DomainErrorCode.Redirect);
    expect((error as DomainException).status).toBe(301);
    return ((error as DomainException).details as { location: string }).location;
  }
}

describe(RouteMiddlewareRegistry.name, () => {
  const sut = new RouteMiddlewareRegistry();

  it('fails with "Unknown middleware {name}" for a name nobody registered', async () => {
    const failure = sut.run(['headersConfig', 'doesNotExist'], request('/'), response().res);
    await expect(failure).rejects.toMatchObject({
      code: DomainErrorCode.UnknownMiddleware,
      status: 500,
      message: 'Unknown middleware doesNotExist',
    });
  });

  it('runs registered middleware in order', async () => {
    const calls: string[] = [];
    const registry = new RouteMiddlewareRegistry();
    registry.register('first', () => void calls.push('first'));
    registry.register('second', async () => void calls.push('second'));
    await registry.run(['second', 'first'], request('/'), response().res);
    expect(calls).toEqual(['second', 'first']);
  });

  describe('seoRedirection', () => {
    it.each([
      ['/produits/', '/produits'],
      ['/Produits/Digestion?x=1', '/produits/digestion?x=1'],
      ['/marques///?a=b', '/marques?a=b'],
      ['http://evil.example/Produits/?x=1', '/produits?x=1'],
    ])('sends %s to its canonical form %s', async (url, location) => {
      await expect(redirectOf(sut, url)).resolves.toBe(location);
    });

    it.each(['/', '/produits', '/resultats/-r--Vitamine%20C', '/produits/digestion?Sort=Asc'])(
      'leaves the canonical %s alone',
      async (url) => {
        await expect(redirectOf(sut, url)).resolves.toBeUndefined();
      },
    );

    it.each(['//evil.example/Page/', '//Evil.example', '/\\evil.example/X'])('keeps %s on this site', async (url) => {
      const location = await redirectOf(sut, url);
      expect(location).toMatch(/^\/[^/\\]/);
      expect(new URL(location!, 'https://produits.example.ch').host).toBe('produits.example.ch');
    });
  });

  it('says the page language and that it varies with Accept', async () => {
    const { headers, res } = response();
    const req = { originalUrl: '/', site: { locale: 'de', shop: { code: 'ch' } } } as unknown as Request;
    await sut.run(['headersConfig'], req, res);
    expect(headers).toEqual({ Vary: 'Accept', 'Content-Language': 'de-CH' });
  });

  it('adds Accept to the headers the site already varies on', async () => {
    const { headers, res } = response();
    headers.Vary = 'X-Forwarded-Proto';
    const req = { originalUrl: '/', site: { locale: 'fr', shop: { code: 'ch' } } } as unknown as Request;
    await sut.run(['headersConfig'], req, res);
    expect(headers.Vary).toBe('X-Forwarded-Proto, Accept');
  });
});
