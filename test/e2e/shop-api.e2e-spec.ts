import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

describe('shop API v1 (e2e)', () => {
  let t: TestApp;
  const api = (path: string, host = FR) =>
    request(t.server).get(`/api/v1${path}`).set('Host', host).set('Accept', 'application/json');

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('GET /shop?url= answers data.list, the first entry with id, url, languages and sales plan', async () => {
    const res = await api('/shop?url=produkte.localhost').expect(200);
    expect(res.body.data.list[0]).toMatchObject({
      id: 1,
      code: 'ch',
      url: 'localhost',
      languages: [
        { locale: 'fr', label: 'Français', url: 'produits.localhost' },
        { locale: 'de', label: 'Deutsch', url: 'produkte.localhost' },
      ],
      salesplan: { id: expect.any(Number), target: 'default', currency: 'CHF' },
    });
    expect((await api('/shop?url=produits.fr.localhost').expect(200)).body.data.list[0]).toMatchObject({ code: 'fr' });
    expect((await api('/shop?url=nowhere.example').expect(200)).body.data.list).toEqual([]);
    expect((await api('/shop').expect(200)).body.data.list.map((s: { id: number }) => s.id)).toEqual([1]);
  });

  it('GET /url answers the site address of the shop in each language', async () => {
    const res = await api('/url?shop_id=1', DE).expect(200);
    expect(res.body.data.items).toEqual([
      { locale: 'fr', url: expect.stringMatching(/^http:\/\/produits\.localhost(:\d+)?$/), current: false },
      { locale: 'de', url: expect.stringMatching(/^http:\/\/produkte\.localhost(:\d+)?$/), current: true },
    ]);
  });

  it('refuses a url with a scheme, a path or control characters, and unknown parameters', async () => {
    for (const query of ['url=https://produits.localhost', 'url=produits.localhost/x', 'url=%00', 'colour=red'])
      await api(`/shop?${query}`).expect(400);
    await api('/url?shop_id=99999999999').expect(400);
  });
});
