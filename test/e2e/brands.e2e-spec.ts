import request from 'supertest';
import { AppCache } from '../../src/cache/app-cache.service';
import { contentDir } from '../../src/database/seed/content';
import { PageCache } from '../../src/render/page-cache';
import { loadEditorial } from '../../src/database/seed/editorial.seed';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { decodeHtml } from '../support/http';

const text = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const pages = loadEditorial(contentDir())!.pages;
const ofType = (type: string) => pages.filter((p) => p.type === type && p.published);

describe('brands and brand corners (e2e)', () => {
  let t: TestApp;
  const get = (host: string, path: string) => request(t.server).get(path).set('Host', host);

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('brands list', () => {
    it('shows the landing pages in a slider, then a card per corner main page and landing page, on both hosts', async () => {
      const res = await get(FR, '/marques').expect(200);
      const body = text(res.text);
      expect(body).toContain('Accueil Nos marques');
      expect(res.text).toMatch(/<h1[^>]*>Nos marques<\/h1>/);
      expect(res.text).toContain('data-island="BrandSlider"');
      const links = [...res.text.matchAll(/class="brand-card__link" href="([^"]+)"/g)].map((m) => m[1]);
      for (const corner of ['/lactibiane', '/insudiet', '/formag']) expect(links).toContain(corner);
      for (const landing of ofType('brand_landing')) expect(links).toContain(`/marque/${landing.texts.fr.slug}`);
      // The cards: corners first (SPEC §7: brand_corner_main then brand_landing).
      const cards = res.text.slice(res.text.indexOf('id="brands-all-title"'));
      const cardLinks = [...cards.matchAll(/class="brand-card__link" href="([^"]+)"/g)].map((m) => m[1]);
      expect(cardLinks.slice(0, 3).sort()).toEqual(['/formag', '/insudiet', '/lactibiane']);
      expect(cardLinks).toHaveLength(3 + ofType('brand_landing').length);
      // Thumbnail 300x300, logo 80x60, the brand colour as a theme.
      expect(res.text).toMatch(/width="300" height="300"/);
      expect(res.text).toMatch(/width="80" height="60"/);
      expect(res.text).toContain('brand-theme--noctalyne');
      const de = await get(DE, '/marken').expect(200);
      expect(text(de.text)).toContain('Startseite Unsere Marken');
      expect(de.text).toContain('href="/marke/noctalyne"');
    });

    it('has a page for every brand of the catalogue (a landing page or a corner)', async () => {
      const brands = await t.db.selectFrom('brand').select('key').execute();
      const res = await get(FR, '/marques').expect(200);
      for (const { key } of brands) expect(res.text).toContain(`brand-${key}`);
    });
  });

  describe('brand landing page', () => {
    it('shows header, anchor tabs, presentation, products and FAQs, breadcrumb brands then title', async () => {
      const res = await get(FR, '/marque/noctalyne').expect(200);
      const body = text(res.text);
      expect(res.text).toMatch(/<h1[^>]*>Noctalyne<\/h1>/);
      expect(body).toContain('Accueil Nos marques Noctalyne');
      expect(res.text).toContain('href="/marques"');
      for (const id of ['brand-presentation', 'brand-solutions', 'brand-questions']) {
        expect(res.text).toContain(`href="#${id}"`);
        expect(res.text).toContain(`id="${id}"`);
      }
      expect(body).toContain('Présentation');
      expect(body).toContain('Questions fréquentes');
      expect(res.text).toMatch(/class="product-card[^"]*brand-noctalyne/);
      expect(res.text).toContain('class="faq-item"');
      expect(res.text).toMatch(/fetchpriority="high"/i);
      // The alternate language is the German landing page.
      expect(res.text).toContain('http://produkte.localhost/marke/noctalyne');
    });

    it('its FAQs are those of GET /api/v1/brands/{id}/faqs', async () => {
      const brand = await t.db
        .selectFrom('brand')
        .select('id')
        .where('key', '=', 'noctalyne')
        .executeTakeFirstOrThrow();
      const api = await request(t.server).get(`/api/v1/brands/${brand.id}/faqs`).set('Host', FR).expect(200);
      const res = await get(FR, '/marque/noctalyne').expect(200);
      const questions = [...res.text.matchAll(/<details class="faq-item"><summary>([^<]+)<\/summary>/g)].map((m) =>
        decodeHtml(m[1]),
      );
      expect(questions).toEqual(api.body.data.items.map((i: { question: string }) => i.question));
    });

    it('answers the German twin', async () => {
      const res = await get(DE, '/marke/noctalyne').expect(200);
      expect(text(res.text)).toContain('Startseite Unsere Marken Noctalyne');
      expect(text(res.text)).toContain('Häufige Fragen');
    });

    it('is 404 for an unknown brand, a corner brand (no landing page), a bad slug or the other language’s path, on both hosts', async () => {
      await get(FR, '/marque/inconnue').expect(404);
      await get(FR, '/marque/lactibiane').expect(404);
      await get(FR, '/marque/a_b').expect(404);
      await get(DE, '/marque/noctalyne').expect(404);
      await get(DE, '/marke/inconnue').expect(404);
      await get(DE, '/marke/unbekannt').expect(404);
      await get(DE, '/marke/lactibiane').expect(404);
      await get(DE, '/marke/a_b').expect(404);
      await get(FR, '/marke/noctalyne').expect(404);
    });
  });

  describe('brand corners', () => {
    it('shows the corner home: thumbnail 300x300, the brand name as h1, description, discover our range, tabs', async () => {
      for (const brand of ['lactibiane', 'insudiet', 'formag']) {
        const res = await get(FR, `/${brand}`).expect(200);
        const name = brand.charAt(0).toUpperCase() + brand.slice(1);
        expect(res.text).toMatch(new RegExp(`<h1 class="corner-hero__title">${name}</h1>`));
        // The hero slider: the brand's slide first, with the brand thumbnail 300x300 (WebP when accepted).
        const hero = res.text.slice(res.text.indexOf('data-island="CornerHeroSlider"'), res.text.indexOf('corner-nav'));
        const slides = [...hero.matchAll(/<div class="swiper-slide corner-slider__slide"[^>]*data-slot="(s\d+)"/g)];
        const corner = ofType('brand_corner_page').filter((p) => p.brand === brand);
        expect(slides.map((m) => m[1])).toEqual(['s0', ...corner.map((_, i) => `s${i + 1}`)]);
        expect(hero.slice(0, hero.indexOf('data-slot="s1"'))).toMatch(
          /class="corner-slide__picture"><source type="image\/avif"[^>]*\/><source type="image\/webp"[^>]*\/><img[^>]*width="300" height="300"[^>]*fetchPriority="high"/,
        );
        expect(hero.slice(0, hero.indexOf('data-slot="s1"'))).toContain(`<h1 class="corner-hero__title">${name}</h1>`);
        for (const page of corner) {
          expect(hero).toContain(`href="/${brand}/${page.texts.fr.slug}"`);
          expect(text(hero)).toContain(page.texts.fr.title);
        }
        // Swiper is the island's own: no slider library on the page outside it.
        expect(res.text).not.toMatch(/<script[^>]+swiper/i);
        expect(res.text).toContain('href="#corner-content"');
        expect(text(res.text)).toContain('Découvrir notre gamme');
        expect(corner.length).toBeGreaterThanOrEqual(3);
        for (const page of corner) expect(res.text).toContain(`href="/${brand}/${page.texts.fr.slug}"`);
        expect(res.text).toMatch(
          /class="corner-nav__link corner-nav__link--current" href="\/[a-z]+" aria-current="page">Accueil</,
        );
        expect(res.text).toContain(`brand-theme--${brand}`);
      }
    });

    it('shows an associated page: header with its title (h1) and excerpt, the brand name not as h1, paragraphs in the brand colour', async () => {
      const page = ofType('brand_corner_page').find((p) => p.brand === 'lactibiane')!;
      const res = await get(FR, `/lactibiane/${page.texts.fr.slug}`).expect(200);
      expect(res.text).toContain('<p class="corner-hero__title">Lactibiane</p>');
      // Its slide in the hero links to the content below instead of to itself.
      expect(res.text).toMatch(/href="#corner-content" aria-current="page"/);
      expect(res.text).toMatch(/<h1 class="corner-header__title">/);
      expect((res.text.match(/<h1/g) ?? []).length).toBe(1);
      expect(res.text).toContain(`aria-current="page">${page.texts.fr.contents_title ?? page.texts.fr.title}`);
      expect(text(res.text)).toContain('Accueil Nos marques Lactibiane');
      const de = await get(DE, `/lactibiane/${page.texts.de.slug}`).expect(200);
      expect(text(de.text)).toContain('Startseite Unsere Marken Lactibiane');
      // Alternate-language links to the twin page.
      expect(res.text).toContain(`http://produkte.localhost/lactibiane/${page.texts.de.slug}`);
    });

    it("shows 'all solutions' after a separator when the corner has contents_table_link_url, on both hosts", async () => {
      const res = await get(FR, '/lactibiane').expect(200);
      expect(res.text).toContain('corner-nav__separator');
      expect(text(res.text)).toContain('Toutes les solutions');
      const de = await get(DE, '/lactibiane').expect(200);
      expect(de.text).toContain('corner-nav__separator');
      expect(text(de.text)).toContain('Alle Lösungen');
      expect(de.text).toMatch(/<h1 class="corner-hero__title">Lactibiane<\/h1>/);
    });

    it('is 404 for a slug that is no page of the corner, another corner’s page, or the brand itself, on both hosts', async () => {
      const formag = ofType('brand_corner_page').find((p) => p.brand === 'formag')!;
      await get(FR, '/lactibiane/inconnue').expect(404);
      await get(FR, `/lactibiane/${formag.texts.fr.slug}`).expect(404);
      await get(FR, '/lactibiane/lactibiane').expect(404);
      await get(FR, '/lactibiane/a/b').expect(404);
      await get(DE, '/lactibiane/unbekannt').expect(404);
      await get(DE, `/lactibiane/${formag.texts.de.slug}`).expect(404);
      await get(DE, '/lactibiane/lactibiane').expect(404);
      await get(DE, '/lactibiane/a/b').expect(404);
      // A French corner page's slug on the German host.
      const lactibiane = ofType('brand_corner_page').find(
        (p) => p.brand === 'lactibiane' && p.texts.fr.slug !== p.texts.de.slug,
      )!;
      await get(DE, `/lactibiane/${lactibiane.texts.fr.slug}`).expect(404);
    });

    describe('does not shadow CMS slugs', () => {
      const cmsPages = [
        { key: 'test-lactibiane-legal', slug: 'lactibiane/mentions-legales', title: 'Lactibiane : mentions légales' },
        { key: 'test-noctalyne', slug: 'noctalyne', title: 'Noctalyne : le sommeil en questions' },
      ];
      const corner = ofType('brand_corner_page').find((p) => p.brand === 'lactibiane')!;
      const ids: number[] = [];
      const refresh = async () => {
        await t.app.get(AppCache).clear();
        t.app.get(PageCache).clear();
      };

      beforeAll(async () => {
        // CMS pages (catch-all) under a corner path and at a brand's name, and one at a corner page's
        // own path (the corner page keeps it).
        for (const page of [
          ...cmsPages,
          { key: 'test-lactibiane-shadowed', slug: `lactibiane/${corner.texts.fr.slug}`, title: 'Doublon' },
        ]) {
          const { id } = await t.db
            .insertInto('page')
            .values({
              key: page.key,
              type: 'cms_page',
              published: true,
              highlighted: false,
              title_outside_cover: false,
              content_hash: '',
              toc: '[]',
              position: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(id);
          await t.db
            .insertInto('page_translation')
            .values({
              page_id: id,
              locale: 'fr',
              route: 'cmsPage',
              title: page.title,
              slug: page.slug,
              meta_title: page.title,
              meta_description: '',
              excerpt: '',
              extra: '{}',
            })
            .execute();
        }
        await refresh();
      });

      afterAll(async () => {
        await t.db.deleteFrom('page').where('id', 'in', ids).execute();
        await refresh();
      });

      it('a CMS page under a corner path or at a brand name answers as the CMS page; a real corner slug stays the corner page', async () => {
        for (const page of cmsPages) {
          const res = await get(FR, `/${page.slug}`).expect(200);
          expect(res.text).toMatch(/<h1[^>]*>[^<]*<\/h1>/);
          expect(text(res.text)).toContain(page.title);
          expect(res.text).not.toContain('corner-nav');
        }
        const real = await get(FR, `/lactibiane/${corner.texts.fr.slug}`).expect(200);
        expect(real.text).toMatch(/<h1 class="corner-header__title">/);
        expect(text(real.text)).toContain(corner.texts.fr.title);
        expect(text(real.text)).not.toContain('Doublon');
        // The corner home is the corner's, and neither is a path no page has.
        expect((await get(FR, '/lactibiane').expect(200)).text).toContain(
          '<h1 class="corner-hero__title">Lactibiane</h1>',
        );
        await get(FR, '/lactibiane/mentions-legale').expect(404);
        await get(FR, '/autre-marque').expect(404);
        // The CMS pages exist in French only: the German host has no such page.
        await get(DE, '/lactibiane/mentions-legales').expect(404);
        await get(DE, '/noctalyne').expect(404);
      });

      it('product, need and list routes keep their pages', async () => {
        await get(FR, '/mentions-legales').expect(200);
        await get(FR, '/besoin/ballonnements').expect(200);
        await get(FR, '/marques').expect(200);
        await get(FR, '/produits/inconnu-x').expect(404);
        await get(DE, '/bedurfnis/blahungen').expect(200);
        await get(DE, '/marken').expect(200);
      });
    });
  });
});
