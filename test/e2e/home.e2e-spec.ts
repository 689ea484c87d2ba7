import request from 'supertest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDir } from '../../src/database/seed/content';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { decodeHtml } from '../support/http';

const text = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const site = (name: string) =>
  JSON.parse(readFileSync(join(contentDir(), 'platform', 'sites', `${name}.json`), 'utf8')) as {
    home: {
      slider: Array<{ title: string }>;
      suggestions: Array<{ type: string; title?: string }>;
      video: { embed: string; paragraph_title: string };
    };
  };

describe('home page blocks (e2e)', () => {
  let t: TestApp;
  const get = (host: string, path: string) => request(t.server).get(path).set('Host', host);

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  it.each([
    [FR, 'ch-fr', 'Nos suggestions du moment', 'Trouver une solution par besoin', 'Découvrir nos marques'],
    [DE, 'ch-de', 'Unsere aktuellen Empfehlungen', 'Eine Lösung nach Bedürfnis finden', 'Unsere Marken entdecken'],
  ])('%s shows every block of SPEC §1 in order', async (host, name, suggestions, needs, brands) => {
    const home = site(name).home;
    const res = await get(host, '/').expect(200);
    const body = text(res.text);
    const order = [home.slider[0].title, suggestions, needs, home.video.paragraph_title, brands].map((s) =>
      body.indexOf(s),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Promotions of the content are shown as they are written.
    for (const promo of home.suggestions.filter((s) => s.type === 'promo')) expect(body).toContain(promo.title!);
  });

  it('gives the header slider real pictures (WebP with a 2x twin), the first one with fetchpriority high', async () => {
    const res = await get(FR, '/').expect(200);
    const hero = res.text.slice(res.text.indexOf('class="hero'), res.text.indexOf('home-search'));
    const pictures = [...hero.matchAll(/<picture class="hero__picture">/g)];
    expect(pictures.length).toBe(site('ch-fr').home.slider.length);
    expect(hero).toMatch(/type="image\/webp" srcSet="[^"]+\.webp 1x, [^"]+\.webp 2x"/);
    expect((hero.match(/fetchPriority="high"/gi) ?? []).length).toBe(1);
    const first = /<img src="([^"]+)"/.exec(hero)![1];
    await request(t.server)
      .get(first)
      .set('Host', FR)
      .expect(200)
      .expect('Content-Type', /image\/png/);
  });

  it('shows current suggestions: product cards, article cards and promotions', async () => {
    const res = await get(FR, '/').expect(200);
    const section = res.text.slice(res.text.indexOf('home-suggestions'), res.text.indexOf('home-needs'));
    expect(section).toMatch(/class="product-card/);
    expect(section).toMatch(/class="article-card__link" href="\/besoin\//);
    expect(section).toMatch(/class="promo-card"/);
  });

  it('has the need selector as a GET form to the needs list', async () => {
    const res = await get(FR, '/').expect(200);
    expect(res.text).toMatch(/<form class="need-selector"[^>]*action="\/besoins" method="get"/);
    const de = await get(DE, '/').expect(200);
    expect(de.text).toMatch(/<form class="need-selector"[^>]*action="\/bedurfnisse" method="get"/);
  });

  it('loads nothing from the video platform before consent: a preview with a link to the video', async () => {
    const res = await get(FR, '/').expect(200);
    const { embed } = site('ch-fr').home.video;
    expect(res.text).toContain('data-island="VideoPlayer"');
    expect(res.text).not.toContain('<iframe');
    expect(res.text).toContain(`https://www.youtube.com/watch?v=${embed}`);
  });

  it('shows the slider of brand landing pages with a link to all brands', async () => {
    const res = await get(FR, '/').expect(200);
    const section = res.text.slice(res.text.indexOf('home-brand-slider'));
    expect(section).toContain('data-island="BrandSlider"');
    expect(section).toContain('href="/marque/noctalyne"');
    expect(section).toContain('href="/marques"');
  });
});
