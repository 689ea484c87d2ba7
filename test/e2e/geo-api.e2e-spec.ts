import request from 'supertest';
import { readLocalities } from '../../src/database/seed/geo.seed';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

describe('cities API v1 (e2e)', () => {
  let t: TestApp;
  const api = (path: string, host = FR) =>
    request(t.server).get(`/api/v1${path}`).set('Host', host).set('Accept', 'application/json');
  const names = async (zipcode: string, host = FR) =>
    (await api(`/cities?zipcode=${zipcode}`, host).expect(200)).body.data.items.map((c: { name: string }) => c.name);

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('loads the whole official directory of localities', async () => {
    const { n } = await t.db
      .selectFrom('locality')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(readLocalities().length);
    expect(Number(n)).toBeGreaterThan(5700);
  });

  it('GET /cities?zipcode= lists the localities of a Swiss postcode as {name}, on both hosts', async () => {
    const res = await api('/cities?zipcode=1003').expect(200);
    expect(res.body).toEqual({ data: { items: [{ name: 'Lausanne' }], total: 1 } });
    expect(await names('8001', DE)).toEqual(['Zürich']);
    // One postcode, several localities (alphabetical, each once), and a bilingual name as written.
    expect(await names('2503')).toEqual(['Biel/Bienne']);
    expect((await names('1724')).length).toBeGreaterThan(5);
  });

  it('answers an empty list for empty input, a postcode of no locality, a partial or a foreign one', async () => {
    for (const zipcode of ['', '%20', '99999', '0000', '100', 'abcd', '1003a'])
      expect(await names(zipcode)).toEqual([]);
    expect((await api('/cities').expect(200)).body.data.items).toEqual([]);
  });

  it('is restricted to Switzerland: the directory’s Liechtenstein postcodes name no locality', async () => {
    expect(await names('9490')).toEqual([]);
  });

  it('refuses control characters, a repeated or overlong parameter and unknown parameters (400 naming it)', async () => {
    for (const query of ['zipcode=%00', 'zipcode=10%0003', 'zipcode=1&zipcode=2', `zipcode=${'1'.repeat(17)}`, 'x=1']) {
      const res = await api(`/cities?${query}`).expect(400);
      expect(JSON.stringify(res.body)).toMatch(/zipcode|x/);
    }
  });
});
