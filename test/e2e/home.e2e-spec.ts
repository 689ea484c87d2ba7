import request from 'supertest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppCache } from '../../src/cache/app-cache.service';
import { contentDir } from '../../src/database/seed/content';
import type { HomeContentJson } from '../../src/database/schema';
import { PageCache } from '../../src/render/page-cache';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { decodeHtml } from '../support/http';

const text = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const site = (name: string) =>
  JSON.parse(readFileSync(join(contentDir(), 'platform', 'sites', `${name}.json`), 'utf8')) as {
    home: {
      slider: Array<{ title?: string; page?: string }>;
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
    const order = [home.slider[0].title!, suggestions, needs, home.video.paragraph_title, brands].map((s) =>
      body.indexOf(s),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Promotions of the content are shown as they are written.
    for (const promo of home.suggestions.filter((s) => s.type === 'promo')) expect(body).toContain(promo.title!);
  });

  /** The header slider's HTML, its slides one by one. */
  const heroSlides = (html: string) =>
    html.slice(html.indexOf('class="hero'), html.indexOf('home-search')).split('class="hero__slide').slice(1);

  it('gives the header slider real pictures (AVIF and WebP with 2x twins), the first one with fetchpriority high', async () => {
    const res = await get(FR, '/').expect(200);
    const hero = res.text.slice(res.text.indexOf('class="hero'), res.text.indexOf('home-search'));
    const pictures = [...hero.matchAll(/<picture class="hero__picture">/g)];
    expect(pictures.length).toBe(site('ch-fr').home.slider.length);
    expect(hero).toMatch(/type="image\/avif" srcSet="[^"]+\.avif 1x, [^"]+\.avif 2x"/);
    expect(hero).toMatch(/type="image\/webp" srcSet="[^"]+\.webp 1x, [^"]+\.webp 2x"/);
    expect((hero.match(/fetchPriority="high"/gi) ?? []).length).toBe(1);
    expect(heroSlides(res.text)[0]).toMatch(/fetchPriority="high"/i);
    const first = /<img src="([^"]+)"/.exec(hero)![1];
    await request(t.server)
      .get(first)
      .set('Host', FR)
      .expect(200)
      .expect('Content-Type', /image\/png/);
    const avif = /type="image\/avif" srcSet="([^" ]+)/.exec(hero)![1];
    await request(t.server).get(avif).set('Host', FR).expect(200).expect('Content-Type', 'image/avif');
  });

  it("stands the packshots of a slide's products on its picture, named by product, in the order given", async () => {
    const slides = heroSlides((await get(FR, '/').expect(200)).text);
    const products = /<ul class="hero__products hero__products--3">([\s\S]*?)<\/ul>/.exec(slides[0])![1];
    const alts = [...products.matchAll(/alt="([^"]+)"/g)].map((m) => decodeHtml(m[1]));
    expect(alts).toEqual(['Lactibiane Fibres', 'Lactibiane Référence', 'Lactibiane Confort Digestif']);
    expect(products).toMatch(/\/media\/product\/lac-011\//);
    // The first slide's packshots come with it, the others' when shown.
    expect(products).not.toContain('loading="lazy"');
    expect(slides[1]).toMatch(/<ul class="hero__products[^"]*">[\s\S]*loading="lazy"/);
  });

  it('a slide naming a page links to it with its cover, title and excerpt unless it has its own; an unpublished page is left out', async () => {
    // The content: "need-hiver" with its own texts but the page's cover; "corner-formag-stress" with nothing of its own.
    const fr = heroSlides((await get(FR, '/').expect(200)).text);
    const winter = fr.find((slide) => slide.includes('href="/besoin/passage-de-l-hiver"'))!;
    expect(winter).toContain('Un hiver en pleine forme');
    expect(winter).toContain('/media/editorial/mountains/immunalpes/');
    const formag = fr.find((slide) => slide.includes('href="/formag/stress-et-fatigue"'))!;
    expect(text(formag)).toContain('Stress et fatigue : le rôle du magnésium');
    expect(text(formag)).toContain('En savoir plus');
    expect(formag).toContain('/media/editorial/leaves/formag/');
    const de = heroSlides((await get(DE, '/').expect(200)).text);
    expect(de.find((slide) => slide.includes('href="/formag/stress-und-mudigkeit"'))).toMatch(/Mehr erfahren/);
    // Own cover over the page's; a page that is not published: no slide.
    const row = await t.db
      .selectFrom('home_content')
      .select(['shop_id', 'content'])
      .where('locale', '=', 'fr')
      .where('shop_id', '=', 1)
      .executeTakeFirstOrThrow();
    const content: HomeContentJson = {
      ...row.content,
      slider: [
        { page: 'need-hiver', theme: 'sunrise', motif: 'citrus', palette: 'orange' },
        { page: 'advice-crampes', theme: 'lagoon' },
        ...row.content.slider,
      ],
    };
    await t.db.updateTable('page').set({ published: false }).where('key', '=', 'advice-crampes').execute();
    await t.db
      .updateTable('home_content')
      .set({ content: JSON.stringify(content) })
      .where('locale', '=', 'fr')
      .where('shop_id', '=', row.shop_id)
      .execute();
    try {
      await t.app.get(AppCache).clear();
      t.app.get(PageCache).clear();
      const slides = heroSlides((await get(FR, '/').expect(200)).text);
      expect(slides).toHaveLength(row.content.slider.length + 1);
      expect(slides[0]).toContain('href="/besoin/passage-de-l-hiver"');
      expect(slides[0]).toContain('/media/editorial/citrus/orange/');
      expect(slides[0]).not.toContain('/mountains/');
      expect(text(slides[0])).toContain("Passage de l'hiver");
      expect(slides.join('')).not.toContain('crampes-musculaires-que-faire');
      const api = await request(t.server).get('/api/v1/homepage?type=homepage').set('Host', FR).expect(200);
      expect(api.body.data.slider[0]).toMatchObject({
        url: '/besoin/passage-de-l-hiver',
        motif: 'citrus',
        palette: 'orange',
      });
      expect(api.body.data.slider).toHaveLength(row.content.slider.length + 1);
    } finally {
      await t.db.updateTable('page').set({ published: true }).where('key', '=', 'advice-crampes').execute();
      await t.db
        .updateTable('home_content')
        .set({ content: JSON.stringify(row.content) })
        .where('locale', '=', 'fr')
        .where('shop_id', '=', row.shop_id)
        .execute();
      await t.app.get(AppCache).clear();
      t.app.get(PageCache).clear();
    }
  });

  it('shows current suggestions: product cards, article cards and promotions', async () => {
    const res = await get(FR, '/').expect(200);
    const section = res.text.slice(res.text.indexOf('home-suggestions'), res.text.indexOf('home-needs'));
    expect(section).toMatch(/class="product-card/);
    expect(section).toMatch(/class="article-card__link" href="\/besoin\//);
    expect(section).toMatch(/class="promo-card"/);
  });

  it('has the need selector as a GET form to the needs list, beside a picture', async () => {
    const res = await get(FR, '/').expect(200);
    expect(res.text).toMatch(/<form class="need-selector"[^>]*action="\/besoins" method="get"/);
    const block = res.text.slice(res.text.indexOf('home-needs'), res.text.indexOf('<form class="need-selector"'));
    expect(block).toMatch(
      /<picture class="home-needs__picture"><source type="image\/avif"[^>]+><source type="image\/webp"[^>]+><img src="\/media\/editorial\/leaves\/teal\/[^"]+" srcSet="[^"]+" width="640" height="480" alt="" loading="lazy"/,
    );
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
