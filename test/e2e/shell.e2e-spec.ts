import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

describe('site shell (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('serves the French home on produits.* with the title template', async () => {
    const res = await request(t.server).get('/').set('Host', FR).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<html lang="fr-CH"');
    expect(res.text).toMatch(/<title>Compléments alimentaires en pharmacie - [^<]+<\/title>/);
  });

  it('serves the German home on produkte.*', async () => {
    const res = await request(t.server).get('/').set('Host', DE).expect(200);
    expect(res.text).toContain('<html lang="de-CH"');
    expect(res.text).toContain('Nahrungsergänzungsmittel aus der Apotheke');
  });

  it('answers an unknown URL with the 404 page in the visitor language', async () => {
    const fr = await request(t.server).get('/cette-page-nexiste-pas/du-tout').set('Host', FR).expect(404);
    expect(fr.text).toContain('La page demandée n&#x27;existe pas ou plus');
    const de = await request(t.server).get('/gibt-es-nicht/wirklich').set('Host', DE).expect(404);
    expect(de.text).toContain('Die angeforderte Seite existiert nicht oder nicht mehr');
  });
});
