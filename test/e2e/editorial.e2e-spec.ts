import request from 'supertest';
import { AppCache } from '../../src/cache/app-cache.service';
import { contentDir } from '../../src/database/seed/content';
import { loadEditorial, type EditorialPage } from '../../src/database/seed/editorial.seed';
import { CmsRepository } from '../../src/modules/cms/cms.repository';
import { PageCache } from '../../src/render/page-cache';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { contentProducts } from '../support/content';
import { decodeHtml } from '../support/http';
import { signedInEditor } from '../support/editor';

const get = (t: TestApp, host: string, path: string) => request(t.server).get(path).set('Host', host);
const pages = loadEditorial(contentDir())!.pages;
const published = (type: string) => pages.filter((p) => p.type === type && p.published);
const byKey = (key: string) => pages.find((p) => p.key === key)!;
/** Article cards of a list page: their links. */
const cardLinks = (html: string, prefix: string) =>
  [...html.matchAll(new RegExp(`<a[^>]*class="article-card__link"[^>]*href="(${prefix}[^"]+)"`, 'g'))].map((m) => m[1]);
const text = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
/** The "these articles may interest you" section of a page ('' when it has none). */
const relatedOf = (html: string) => /<section class="editorial-related"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
/** The JSON-LD objects of a page. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as { '@type': string; itemListElement?: Array<{ name: string; item?: string }> },
  );
/** The options of a list's filter select (`category` or `filter`): value and count. */
const options = (html: string, name: 'category' | 'filter') =>
  [
    ...(new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '').matchAll(
      /<option value="([a-z0-9-]+)">[^<]*\((\d+)\)<\/option>/g,
    ),
  ].map((m) => ({ value: m[1], count: Number(m[2]) }));

/** SPEC §8 "Cette page n'existe pas", and its German twin (docs/decisions.md). */
const MISSING: Record<string, string> = {
  [FR]: "Cette page n'existe pas",
  [DE]: 'Diese Seite konnte nicht gefunden werden',
};
const GENERIC_404: Record<string, string> = {
  [FR]: "La page demandée n'existe pas ou plus",
  [DE]: 'Die angeforderte Seite existiert nicht',
};

describe('editorial pages (e2e)', () => {
  let t: TestApp;
  const advice = published('advice');
  const highlighted = advice.find((p) => p.highlighted)!;
  const ballonnements = byKey('advice-ballonnements');
  /** An advice article and an excerpt long enough to be cut (SPEC §9: 150, 500 for the highlighted one). */
  const LONG = Array.from({ length: 120 }, (_, i) => `mot${i}`).join(' ');
  const other = advice.find((p) => !p.highlighted)!;

  /** Forgets read models and rendered pages, after a spec changed the database under them. */
  const forget = async () => {
    await t.app.get(AppCache).clear();
    t.app.get(PageCache).clear();
  };
  const idOf = async (key: string) =>
    (await t.db.selectFrom('page').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

  /** A 404 page that says "Cette page n'existe pas" (German twin on the German host). */
  const missing = async (host: string, path: string) => {
    const res = await get(t, host, path);
    expect({ path, status: res.status }).toEqual({ path, status: 404 });
    expect({ path, says: text(res.text).includes(MISSING[host]) }).toEqual({ path, says: true });
    expect(text(res.text)).toContain(GENERIC_404[host]);
  };

  beforeAll(async () => {
    t = await startTestApp();
    for (const [key, excerpt] of [
      [highlighted.key, LONG],
      [other.key, LONG],
    ])
      await t.db
        .updateTable('page_translation')
        .set({ excerpt })
        .where('locale', '=', 'fr')
        .where('page_id', '=', await idOf(key))
        .execute();
  });

  afterAll(async () => {
    await t.app.close();
  });

  describe('advice list', () => {
    it('shows 11 articles per page, the highlighted one first on the first unfiltered page, with the count and breadcrumb', async () => {
      const res = await get(t, FR, '/conseils').expect(200);
      const body = text(res.text);
      expect(body).toContain('Accueil Nos conseils');
      expect(body).toContain(`${advice.length} articles`);
      expect(res.text).toContain('À la une');
      const links = cardLinks(res.text, '/conseil/');
      expect(links).toHaveLength(11);
      expect(links[0]).toBe(`/conseil/${highlighted.texts.fr.slug}`);
      const second = await get(t, FR, '/conseils/2').expect(200);
      const secondLinks = cardLinks(second.text, '/conseil/');
      expect(secondLinks).toHaveLength(Math.min(11, advice.length - 11));
      expect(secondLinks).not.toContain(links[0]);
      expect(second.text).not.toContain('À la une');
      const de = await get(t, DE, '/ratschlage').expect(200);
      expect(text(de.text)).toContain('Unsere Ratschläge');
      expect(cardLinks(de.text, '/ratschlag/')[0]).toBe(`/ratschlag/${highlighted.texts.de.slug}`);
    });

    it('cuts extracts at 150 characters, 500 for the highlighted article', async () => {
      const cut = (max: number) =>
        `${Array.from(LONG)
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`;
      expect(Array.from(LONG).length).toBeGreaterThan(500);
      const excerptOf = (html: string, slug: string) => {
        const card = html.slice(html.indexOf(`href="/conseil/${slug}"`));
        return decodeHtml(/<p class="article-card__excerpt">([^<]*)<\/p>/.exec(card)![1]);
      };
      const res = await get(t, FR, '/conseils').expect(200);
      expect(excerptOf(res.text, highlighted.texts.fr.slug)).toBe(cut(500));
      const extracts = [...res.text.matchAll(/<p class="article-card__excerpt">([^<]*)<\/p>/g)].map((m) =>
        Array.from(decodeHtml(m[1])),
      );
      expect(extracts).toHaveLength(11);
      for (const e of extracts.slice(1)) expect(e.length).toBeLessThanOrEqual(150);
      // The same long text on an ordinary card: 150.
      const expertise = other.expertise!;
      const slug = await t.db
        .selectFrom('category_translation as ct')
        .innerJoin('category as c', 'c.id', 'ct.category_id')
        .select('ct.slug')
        .where('c.key', '=', expertise)
        .where('ct.locale', '=', 'fr')
        .executeTakeFirstOrThrow();
      const filtered = await get(t, FR, `/conseils/1/${slug.slug}`).expect(200);
      expect(excerptOf(filtered.text, other.texts.fr.slug)).toBe(cut(150));
    });

    it('filters by expertise and by need (path form), and the filter form redirects to it', async () => {
      const withExpertise = advice.filter((p) => p.expertise === ballonnements.expertise);
      const list = await get(t, FR, '/conseils').expect(200);
      const slug = new RegExp(`<option value="([a-z]+)">[^<]*\\((${withExpertise.length})\\)</option>`).exec(list.text);
      expect(slug).not.toBeNull();
      const filtered = await get(t, FR, `/conseils/1/${slug![1]}`).expect(200);
      expect(cardLinks(filtered.text, '/conseil/')).toHaveLength(Math.min(11, withExpertise.length));
      expect(filtered.text).not.toContain('À la une');
      // One filter: a page for search engines (seo-indexing.e2e-spec.ts has the rules).
      expect(filtered.text).not.toMatch(/<meta name="robots"/);
      const need = 'ballonnements';
      const byNeed = await get(t, FR, `/conseils/1/tous/${need}`).expect(200);
      expect(cardLinks(byNeed.text, '/conseil/')).toContain(`/conseil/${ballonnements.texts.fr.slug}`);
      const form = await get(t, FR, `/conseils?category=${slug![1]}&filter=`).expect(302);
      expect(form.headers.location).toBe(`/conseils/1/${slug![1]}`);
      const needOnly = await get(t, FR, `/conseils?category=&filter=${need}`).expect(302);
      expect(needOnly.headers.location).toBe(`/conseils/1/tous/${need}`);
      await get(t, FR, '/conseils?category=&filter=').expect(302).expect('Location', '/conseils');
      // German: the need filter in German words.
      const de = await get(t, DE, '/ratschlage/1/alle/blahungen').expect(200);
      expect(cardLinks(de.text, '/ratschlag/')).toContain(`/ratschlag/${ballonnements.texts.de.slug}`);
    });

    it.each([
      [FR, '/conseils', 'tous', 'besoin-inconnu'],
      [DE, '/ratschlage', 'alle', 'unbekanntes-bedurfnis'],
    ])(
      "on %s answers 404 'page missing' above page 10, page 0, an unknown expertise or need, a form naming nothing, an empty list",
      async (host, list, all, unknownNeed) => {
        for (const path of [
          `${list}/11`,
          `${list}/0`,
          `${list}/99999999999`,
          `${list}/1/inconnue`,
          `${list}/1/${all}/${unknownNeed}`,
          `${list}/1/${all}/2147483647`,
          `${list}/abc`,
          `${list}?category=inconnue`,
          `${list}?filter=${unknownNeed}`,
        ])
          await missing(host, path);
        // A page past the last one is an empty list.
        const last = Math.ceil(advice.length / 11);
        expect(last).toBeLessThan(10);
        await missing(host, `${list}/${last + 1}`);
      },
    );

    it('answers every other spelling of a list state with a 301 to its one URL, the query kept', async () => {
      const need = await t.db
        .selectFrom('need_translation')
        .select('need_id')
        .where('slug', '=', 'ballonnements')
        .where('locale', '=', 'fr')
        .executeTakeFirstOrThrow();
      for (const [host, from, to] of [
        [FR, '/conseils/1', '/conseils'],
        [FR, '/conseils/01', '/conseils'],
        [FR, '/conseils/02?utm_source=x', '/conseils/2?utm_source=x'],
        [FR, '/conseils/1/tous', '/conseils'],
        [FR, '/conseils/', '/conseils'],
        [FR, `/conseils/1/tous/${need.need_id}?a=1`, '/conseils/1/tous/ballonnements?a=1'],
        [DE, '/ratschlage/1', '/ratschlage'],
        [DE, '/ratschlage/002', '/ratschlage/2'],
        [DE, `/ratschlage/1/alle/${need.need_id}`, '/ratschlage/1/alle/blahungen'],
        [FR, '/qualite-innovations/1', '/qualite-innovations'],
        [DE, '/qualitat-innovationen/01/alle', '/qualitat-innovationen'],
      ]) {
        const res = await get(t, host, from);
        expect({ from, status: res.status, location: res.headers.location }).toEqual({
          from,
          status: 301,
          location: to,
        });
      }
    });
  });

  describe('quality and innovation list', () => {
    const innovation = published('innovation');

    it('shows 9 per page with its breadcrumb, and filters by innovation category and by need, on both hosts', async () => {
      const res = await get(t, FR, '/qualite-innovations').expect(200);
      expect(text(res.text)).toContain('Accueil Qualité et Innovations');
      expect(cardLinks(res.text, '/qualite-innovation/')).toHaveLength(Math.min(9, innovation.length));
      expect(res.text).not.toContain('À la une');
      const [category] = options(res.text, 'category');
      const filtered = await get(t, FR, `/qualite-innovations/1/${category.value}`).expect(200);
      expect(cardLinks(filtered.text, '/qualite-innovation/')).toHaveLength(Math.min(9, category.count));
      const withNeed = innovation.filter((p) => p.need === 'fatigue');
      expect(withNeed.length).toBeGreaterThan(0);
      const byNeed = await get(t, FR, '/qualite-innovations/1/tous/fatigue-passagere').expect(200);
      expect(cardLinks(byNeed.text, '/qualite-innovation/').sort()).toEqual(
        withNeed.map((p) => `/qualite-innovation/${p.texts.fr.slug}`).sort(),
      );
      const de = await get(t, DE, '/qualitat-innovationen').expect(200);
      expect(text(de.text)).toContain('Qualität und Innovationen');
      const [deCategory] = options(de.text, 'category');
      expect(deCategory.value).toBe('forschung');
      const deFiltered = await get(t, DE, `/qualitat-innovationen/1/${deCategory.value}`).expect(200);
      expect(cardLinks(deFiltered.text, '/qualitat-innovation/')).toHaveLength(Math.min(9, deCategory.count));
      const [deNeed] = options(de.text, 'filter');
      const deByNeed = await get(t, DE, `/qualitat-innovationen/1/alle/${deNeed.value}`).expect(200);
      expect(cardLinks(deByNeed.text, '/qualitat-innovation/')).toHaveLength(Math.min(9, deNeed.count));
    });

    it.each([
      [FR, '/qualite-innovations', 'tous'],
      [DE, '/qualitat-innovationen', 'alle'],
    ])(
      "on %s answers 404 'page missing' for an unknown category or need, a page that is not digits, an empty list",
      async (host, list, all) => {
        const pagesCount = Math.ceil(innovation.length / 9);
        for (const path of [
          `${list}/1/inconnue`,
          `${list}/1/${all}/besoin-inconnu`,
          `${list}/abc`,
          `${list}/1x`,
          `${list}/${pagesCount + 1}`,
          `${list}/0`,
        ])
          await missing(host, path);
      },
    );
  });

  describe('article page', () => {
    it('shows the title, introduction, tags, table of contents, paragraphs and the related articles', async () => {
      const res = await get(t, FR, `/conseil/${ballonnements.texts.fr.slug}`).expect(200);
      expect(decodeHtml(res.text)).toContain(`<h1 class="editorial-title">${ballonnements.texts.fr.title}</h1>`);
      const body = text(res.text);
      expect(body).toContain('Accueil Nos conseils');
      expect(body).toContain('Ces conseils peuvent vous intéresser');
      expect(body).toContain('Voir tous nos conseils');
      for (const key of ballonnements.toc) {
        expect(res.text).toContain(`id="paragraph-${key}"`);
        expect(res.text).toContain(`href="#paragraph-${key}"`);
      }
      expect(res.text).toContain('href="/conseils/1/tous/ballonnements"');
      expect(res.text).toContain('"@type":"Article"');
      expect(res.text).toContain(
        `hreflang="de-CH" href="http://produkte.localhost/ratschlag/${ballonnements.texts.de.slug}"`,
      );
    });

    it('has the breadcrumb of its type and its BreadcrumbList, on both hosts', async () => {
      for (const [host, path, list, listHref, title] of [
        [FR, `/conseil/${ballonnements.texts.fr.slug}`, 'Nos conseils', '/conseils', ballonnements.texts.fr.title],
        [
          DE,
          `/ratschlag/${ballonnements.texts.de.slug}`,
          'Unsere Ratschläge',
          '/ratschlage',
          ballonnements.texts.de.title,
        ],
      ]) {
        const res = await get(t, host, path).expect(200);
        const crumbs = jsonLd(res.text).find((d) => d['@type'] === 'BreadcrumbList')!;
        expect(crumbs.itemListElement!.map((c) => [c.name, c.item ?? null])).toEqual([
          [host === FR ? 'Accueil' : 'Startseite', `http://${host}/`],
          [list, `http://${host}${listHref}`],
          [title, null],
        ]);
        expect(res.text).toContain(`<a href="${listHref}">${list}</a>`);
      }
      const innovation = byKey('innov-emballages');
      const res = await get(t, DE, `/qualitat-innovation/${innovation.texts.de.slug}`).expect(200);
      expect(
        jsonLd(res.text)
          .find((d) => d['@type'] === 'BreadcrumbList')!
          .itemListElement!.map((c) => c.name),
      ).toEqual(['Startseite', 'Qualität und Innovationen', innovation.texts.de.title]);
    });

    it('answers the German twin on the German host, and 404 "page missing" on the other host or an unknown slug', async () => {
      const de = await get(t, DE, `/ratschlag/${ballonnements.texts.de.slug}`).expect(200);
      expect(decodeHtml(de.text)).toContain(ballonnements.texts.de.title);
      expect(text(de.text)).toContain('Diese Ratschläge könnten Sie interessieren');
      await missing(FR, `/conseil/${ballonnements.texts.de.slug}`);
      await missing(FR, '/conseil/cette-page-nexiste-pas');
      await missing(DE, '/ratschlag/diese-seite-gibt-es-nicht');
      await missing(DE, '/qualitat-innovation/diese-seite-gibt-es-nicht');
      await missing(FR, '/qualite-innovation/cette-page-nexiste-pas');
    });

    it('redirects an old slug (301) to the current one, keeping the query, on both hosts and every route family', async () => {
      const innovation = byKey('innov-emballages');
      const privacy = byKey('cms-data-protection');
      for (const [host, from, to] of [
        [
          DE,
          '/ratschlag/blahungen-was-tun?utm_source=mail',
          `/ratschlag/${ballonnements.texts.de.slug}?utm_source=mail`,
        ],
        [
          FR,
          '/qualite-innovation/emballages-eco-concus?x=1&y=2',
          `/qualite-innovation/${innovation.texts.fr.slug}?x=1&y=2`,
        ],
        [DE, '/qualitat-innovation/oko-verpackungen?x=1', `/qualitat-innovation/${innovation.texts.de.slug}?x=1`],
        [FR, '/politique-de-confidentialite?ref=footer', `/${privacy.texts.fr.slug}?ref=footer`],
        [DE, '/datenschutzerklarung?ref=footer', `/${privacy.texts.de.slug}?ref=footer`],
      ]) {
        const res = await get(t, host, from);
        expect({ from, status: res.status, location: res.headers.location }).toEqual({
          from,
          status: 301,
          location: to,
        });
        expect(res.headers['cache-control']).toMatch(/no-cache|no-store/);
      }
      // An old slug of one family is nothing in another.
      await missing(FR, '/conseil/emballages-eco-concus');
      // Inserted history (a slug renamed after loading) answers the same way.
      await t.db
        .insertInto('slug_history')
        .values({
          entity_type: 'page:advice',
          locale: 'fr',
          old_slug: 'ancien-ventre-gonfle',
          entity_id: await idOf(ballonnements.key),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const res = await get(t, FR, '/conseil/ancien-ventre-gonfle?utm_source=mail').expect(301);
      expect(res.headers.location).toBe(`/conseil/${ballonnements.texts.fr.slug}?utm_source=mail`);
    });

    it('shows the title under the cover when the page asks, and the link button to a paragraph or a path, in both languages', async () => {
      const news = byKey('news-nouveautes-automne');
      expect(news.title_outside_cover).toBe(true);
      for (const [host, slug, title] of [
        [FR, news.texts.fr.slug, news.texts.fr.title],
        [DE, news.texts.de.slug, news.texts.de.title],
      ]) {
        const res = decodeHtml((await get(t, host, `/${slug}`).expect(200)).text);
        expect(res).toContain('class="editorial-header editorial-header--outside"');
        expect(res).not.toContain('editorial-cover-title');
        expect(res).toMatch(
          new RegExp(`</picture></div><h1 class="editorial-title">${title.replace(/[?()]/g, '\\$&')}</h1>`),
        );
      }
      const inCover = decodeHtml((await get(t, FR, `/conseil/${ballonnements.texts.fr.slug}`)).text);
      expect(inCover).toContain(`<div class="editorial-cover-title"><h1 class="editorial-title">`);

      const toParagraph = byKey('advice-phases-insudiet');
      expect(toParagraph.link).toEqual({ paragraph: 'p5' });
      const toPath = byKey('advice-choisir-complement');
      for (const [host, locale, prefix, finder] of [
        [FR, 'fr', '/conseil/', '/trouver-une-pharmacie'],
        [DE, 'de', '/ratschlag/', '/eine-apotheke-finden'],
      ] as const) {
        const one = decodeHtml((await get(t, host, `${prefix}${toParagraph.texts[locale].slug}`).expect(200)).text);
        expect(one).toContain(
          `<p class="editorial-link"><a class="button" href="#paragraph-p5">${toParagraph.texts[locale].link_label}</a></p>`,
        );
        expect(one).toContain('id="paragraph-p5"');
        const two = decodeHtml((await get(t, host, `${prefix}${toPath.texts[locale].slug}`).expect(200)).text);
        expect(two).toContain(
          `<p class="editorial-link"><a class="button" href="${finder}">${toPath.texts[locale].link_label}</a></p>`,
        );
      }
    });
  });

  describe('related pages (SPEC §9: take 3 for innovation, 2 for advice)', () => {
    const slugsOf = (keys: string[], prefix: string) => keys.map((k) => `${prefix}${byKey(k).texts.fr.slug}`);
    /** An advice article with links and at least 3 other articles on its expertise. */
    const populous = advice.find(
      (p) =>
        !p.highlighted &&
        p.key !== 'advice-crampes' &&
        p.linked_pages.length >= 2 &&
        advice.filter((o) => o.expertise === p.expertise && o.key !== p.key).length >= 3,
    )!;

    it('shows the first 2 pages an advice article links to, the first 3 of an innovation article or another page', async () => {
      const threeLinks = advice.find(
        (p) => p.linked_pages.length >= 3 && p.linked_pages.every((k) => byKey(k).type === 'advice'),
      )!;
      expect(threeLinks).toBeDefined();
      const res = await get(t, FR, `/conseil/${threeLinks.texts.fr.slug}`).expect(200);
      expect(cardLinks(relatedOf(res.text), '/')).toEqual(slugsOf(threeLinks.linked_pages.slice(0, 2), '/conseil/'));
      const innovation = published('innovation').find(
        (p) => p.linked_pages.length >= 3 && p.linked_pages.every((k) => byKey(k).type === 'innovation'),
      )!;
      const inno = await get(t, FR, `/qualite-innovation/${innovation.texts.fr.slug}`).expect(200);
      expect(cardLinks(relatedOf(inno.text), '/')).toEqual(
        slugsOf(innovation.linked_pages.slice(0, 3), '/qualite-innovation/'),
      );
      const about = byKey('cms-about');
      expect(about.linked_pages.length).toBeGreaterThanOrEqual(3);
      const cms = await get(t, FR, `/${about.texts.fr.slug}`).expect(200);
      expect(cardLinks(relatedOf(cms.text), '/')).toHaveLength(3);
      // A page that shows quality and innovation articles says so, and links to their list.
      expect(about.linked_pages.every((k) => byKey(k).type === 'innovation')).toBe(true);
      expect(text(relatedOf(cms.text))).toContain('Ces articles peuvent vous intéresser');
      expect(relatedOf(cms.text)).toContain('href="/qualite-innovations"');
      const news = byKey('news-nouveautes-automne');
      expect(news.linked_pages.every((k) => byKey(k).type === 'advice')).toBe(true);
      const newsPage = await get(t, DE, `/${news.texts.de.slug}`).expect(200);
      expect(text(relatedOf(newsPage.text))).toContain('Diese Ratschläge könnten Sie interessieren');
      expect(relatedOf(newsPage.text)).toContain('href="/ratschlage"');
    });

    it('completes an article that links to fewer with the latest of its kind (advice: on its expertise)', async () => {
      const id = await idOf(populous.key);
      const links = await t.db.selectFrom('page_link').selectAll().where('page_id', '=', id).execute();
      const sameExpertise = advice
        .filter((p) => p.expertise === populous.expertise && p.key !== populous.key)
        .map((p) => `/conseil/${p.texts.fr.slug}`);
      expect(sameExpertise.length).toBeGreaterThanOrEqual(2);
      const innovation = byKey('innov-stabilite');
      const innovationId = await idOf(innovation.key);
      const innovationLinks = await t.db
        .selectFrom('page_link')
        .selectAll()
        .where('page_id', '=', innovationId)
        .execute();
      try {
        // One link left: it comes first, then one of the same expertise.
        await t.db.deleteFrom('page_link').where('page_id', '=', id).where('position', '>', 0).execute();
        await forget();
        let related = cardLinks(relatedOf((await get(t, FR, `/conseil/${populous.texts.fr.slug}`)).text), '/');
        const first = `/conseil/${byKey(populous.linked_pages[0]).texts.fr.slug}`;
        expect(related).toHaveLength(2);
        expect(related[0]).toBe(first);
        expect(sameExpertise).toContain(related[1]);
        expect(related[1]).not.toBe(first);
        // None: two of the same expertise.
        await t.db.deleteFrom('page_link').where('page_id', '=', id).execute();
        await t.db.deleteFrom('page_link').where('page_id', '=', innovationId).execute();
        await forget();
        related = cardLinks(relatedOf((await get(t, FR, `/conseil/${populous.texts.fr.slug}`)).text), '/');
        expect(related).toHaveLength(2);
        for (const link of related) expect(sameExpertise).toContain(link);
        const inno = cardLinks(
          relatedOf((await get(t, FR, `/qualite-innovation/${innovation.texts.fr.slug}`)).text),
          '/',
        );
        expect(inno).toHaveLength(3);
        expect(inno).not.toContain(`/qualite-innovation/${innovation.texts.fr.slug}`);
        for (const link of inno) expect(link).toMatch(/^\/qualite-innovation\//);
      } finally {
        await t.db.deleteFrom('page_link').where('page_id', 'in', [id, innovationId]).execute();
        await t.db
          .insertInto('page_link')
          .values([...links, ...innovationLinks])
          .execute();
        await forget();
      }
    });

    it('SPEC §8: a failing lookup of linked pages or of the pages a paragraph shows is logged, and the page goes on', async () => {
      const repository = t.app.get(CmsRepository);
      const listPages = repository.listPages.bind(repository);
      const page = byKey('news-journees-microbiote');
      const paragraphPage = page.paragraphs.find((p) => p.type === 'advice' || p.type === 'advice_pages_group');
      expect(paragraphPage).toBeDefined();
      const spy = jest.spyOn(repository, 'listPages').mockImplementation(async (q) => {
        if (q.linkedFrom !== undefined) throw new Error('linked pages down');
        return listPages(q);
      });
      const cards = jest.spyOn(repository, 'cardsByKeys').mockRejectedValue(new Error('cards down'));
      try {
        await forget();
        const logged = t.logs.length;
        const advicePage = await get(t, FR, `/conseil/${populous.texts.fr.slug}`).expect(200);
        // The linked pages failed: the latest of the expertise stand in.
        const related = cardLinks(relatedOf(advicePage.text), '/');
        expect(related).toHaveLength(2);
        expect(related).not.toEqual(slugsOf(populous.linked_pages.slice(0, 2), '/conseil/'));
        const news = await get(t, FR, `/${page.texts.fr.slug}`).expect(200);
        expect(decodeHtml(news.text)).toContain(page.texts.fr.title);
        expect(news.text).not.toContain(`id="paragraph-${paragraphPage!.key}"`);
        expect(relatedOf(news.text)).toBe('');
        const lines = t.logs.slice(logged).join('\n');
        expect(lines).toContain('linked pages failed, the page goes on without them: linked pages down');
        expect(lines).toContain('paragraph pages failed, the page goes on without them: cards down');
        // Every list query down: no related section at all, the article still answers.
        spy.mockRejectedValue(new Error('lists down'));
        await forget();
        const bare = await get(t, FR, `/conseil/${populous.texts.fr.slug}`).expect(200);
        expect(relatedOf(bare.text)).toBe('');
        expect(bare.text).toContain(`id="paragraph-${populous.toc[0]}"`);
      } finally {
        spy.mockRestore();
        cards.mockRestore();
        await forget();
      }
    });
  });

  describe('news, help, legal and CMS pages (catch-all)', () => {
    const bySlug = (slug: string) => pages.find((p) => p.texts.fr.slug === slug) as EditorialPage;

    it.each([
      ['/a-propos', '/uber-uns'],
      ['/mentions-legales', '/impressum'],
      ['/donnees-personnelles', '/datenschutz'],
      ['/gestion-des-cookies', '/cookie-einstellungen'],
      ['/aide-en-ligne', '/ihre-online-hilfe'],
    ])('%s and %s answer with their title', async (fr, de) => {
      const page = bySlug(fr.slice(1));
      const res = await get(t, FR, fr).expect(200);
      expect(decodeHtml(res.text)).toContain(page.texts.fr.title);
      const german = await get(t, DE, de).expect(200);
      expect(decodeHtml(german.text)).toContain(page.texts.de.title);
    });

    it('puts the parent page in the breadcrumb and its BreadcrumbList, on both hosts', async () => {
      const cookies = byKey('cms-cookies');
      const parent = byKey(cookies.parent!);
      for (const [host, locale, home] of [
        [FR, 'fr', 'Accueil'],
        [DE, 'de', 'Startseite'],
      ] as const) {
        const res = await get(t, host, `/${cookies.texts[locale].slug}`).expect(200);
        expect(decodeHtml(res.text)).toContain(
          `<a href="/${parent.texts[locale].slug}">${parent.texts[locale].title}</a>`,
        );
        const crumbs = jsonLd(res.text).find((d) => d['@type'] === 'BreadcrumbList')!;
        expect(crumbs.itemListElement!.map((c) => [c.name, c.item ?? null])).toEqual([
          [home, `http://${host}/`],
          [parent.texts[locale].title, `http://${host}/${parent.texts[locale].slug}`],
          [cookies.texts[locale].title, null],
        ]);
      }
    });

    it("points the help page's ordering links at the shop of the visitor's country and language", async () => {
      const fr = await get(t, FR, '/aide-en-ligne').expect(200);
      expect(fr.text).toContain('href="https://shop.example.ch/fr/panier"');
      expect(fr.text).not.toContain('/~shop/');
      const de = await get(t, DE, '/ihre-online-hilfe').expect(200);
      expect(de.text).toContain('href="https://shop.example.ch/de/warenkorb"');
      // The same page in France: its own shop.
      const france = await get(t, 'produits.fr.localhost', '/aide-en-ligne').expect(200);
      expect(france.text).toContain('href="https://boutique.example.fr/panier"');
      expect(france.text).not.toContain('shop.example.ch');
    });

    it('shows news pages with their date and a NewsArticle', async () => {
      for (const news of published('actualite')) {
        const res = await get(t, FR, `/${news.texts.fr.slug}`).expect(200);
        expect(res.text).toContain(`dateTime="${news.published_at}"`);
        expect(res.text).toContain('"@type":"NewsArticle"');
      }
    });

    it('answers 404 "page missing" for an unknown slug and for an advice slug under the catch-all, on both hosts', async () => {
      await missing(FR, '/page-inconnue');
      await missing(FR, `/${ballonnements.texts.fr.slug}`);
      await missing(DE, '/unbekannte-seite');
      await missing(DE, `/${ballonnements.texts.de.slug}`);
      // Not even the form of a slug: the catch-all's lookup finds nothing either.
      await missing(FR, '/a/b_c');
    });
  });

  describe('preview (editors only)', () => {
    it('sends an anonymous visitor to the login page with the way back, on both hosts', async () => {
      const id = await idOf(ballonnements.key);
      const fr = await get(t, FR, `/preview/${id}?x=1`).expect(303);
      expect(fr.headers.location).toBe(`/connexion?redirect=${encodeURIComponent(`/preview/${id}?x=1`)}`);
      expect(fr.headers['cache-control']).toMatch(/no-store/);
      const de = await get(t, DE, `/preview/${id}`).expect(303);
      expect(de.headers.location).toMatch(/^\/anmelden\?redirect=/);
    });

    it('shows an editor the latest version of any page, published or not, with a banner, noindex and no caching', async () => {
      const session = await signedInEditor(t, FR, 'fr');
      const id = await idOf('advice-crampes');
      await t.db.updateTable('page').set({ published: false }).where('id', '=', id).execute();
      try {
        const slug = byKey('advice-crampes').texts.fr.slug;
        await missing(FR, `/conseil/${slug}`);
        const res = await get(t, FR, `/preview/${id}`).set('Cookie', session.cookie).expect(200);
        expect(res.text).toContain('class="preview-banner"');
        expect(text(res.text)).toContain('Non publiée');
        expect(res.text).toMatch(/<meta name="robots" content="noindex/);
        expect(res.headers['cache-control']).toMatch(/private.*no-store|no-store.*private/);
        expect(res.text).toContain('action="/deconnexion"');
        // Published again: the public page answers, the preview says so.
        await t.db.updateTable('page').set({ published: true }).where('id', '=', id).execute();
        const again = await get(t, FR, `/preview/${id}`).set('Cookie', session.cookie).expect(200);
        expect(text(again.text)).toContain('Publiée');
        const gone = await get(t, FR, '/preview/2147483647').set('Cookie', session.cookie).expect(404);
        expect(text(gone.text)).toContain(MISSING[FR]);
        await get(t, FR, '/preview/99999999999999').set('Cookie', session.cookie).expect(404);
      } finally {
        await t.db.updateTable('page').set({ published: true }).where('id', '=', id).execute();
      }
    });
  });

  describe('product page', () => {
    it("shows the 'our advices' tab when the product has associated pages, and not otherwise", async () => {
      const products = contentProducts().filter((p) => p.published);
      const associated = new Set(pages.filter((p) => p.published).flatMap((p) => p.products ?? []));
      const withPages = products.find((p) => associated.has(p.reference))!;
      const without = products.find((p) => !associated.has(p.reference))!;
      const articles = pages.filter((p) => p.published && (p.products ?? []).includes(withPages.reference));
      for (const [host, locale, prefix, tab] of [
        [FR, 'fr', '/produit/', 'Nos conseils'],
        [DE, 'de', '/produkt/', 'Unsere Ratschläge'],
      ] as const) {
        const res = await get(t, host, `${prefix}${withPages.texts[locale].slug}`).expect(200);
        expect(decodeHtml(res.text)).toMatch(new RegExp(`href="#advices"[^>]*>${tab}<`));
        const panel = res.text.slice(res.text.indexOf('id="advices"'));
        const shown = cardLinks(panel, '/');
        expect(shown.length).toBe(Math.min(4, articles.length));
        for (const link of shown)
          expect(articles.map((a) => a.texts[locale].slug)).toContain(link.slice(link.lastIndexOf('/') + 1));
        const none = await get(t, host, `${prefix}${without.texts[locale].slug}`).expect(200);
        expect(none.text).not.toContain('href="#advices"');
        expect(none.text).not.toContain('id="advices"');
      }
    });
  });

  describe('pages API', () => {
    const api = (path: string, host = FR) =>
      request(t.server).get(`/api/v1${path}`).set('Host', host).set('Accept', 'application/json');
    type Item = {
      id: number;
      slug: string;
      title: string;
      published_at: string;
      expertise: { id: number } | null;
      need: { id: number } | null;
      innovation_category: { id: number } | null;
    };
    const items = async (path: string): Promise<Item[]> => (await api(path).expect(200)).body.data.items;

    it('lists pages with type, paging and total', async () => {
      const res = await api('/page?type=advice&perPage=5&page=2&lang=fr&shop_id=1').expect(200);
      expect(res.body.data.items).toHaveLength(5);
      expect(res.body.data.total).toBe(advice.length);
      expect(res.body.data.items[0]).toMatchObject({
        id: expect.any(Number),
        type: { technical_name: 'advice', label: 'Conseil' },
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        url: expect.stringMatching(/^\/conseil\//),
        cover: { url: expect.stringMatching(/^\/media\/editorial\//), webp: expect.stringMatching(/\.webp$/) },
      });
      const take = await api('/page?type=innovation,advice&take=3&order_by=published_at&order=desc').expect(200);
      expect(take.body.data.items).toHaveLength(3);
      const dates = take.body.data.items.map((i: { published_at: string }) => i.published_at);
      expect(dates).toEqual([...dates].sort().reverse());
      const highlightedOnly = await api('/page?type=advice&highlighted=1').expect(200);
      expect(highlightedOnly.body.data.items.map((i: { slug: string }) => i.slug)).toEqual([highlighted.texts.fr.slug]);
    });

    it('narrows the list by exclude, innovationCategories, product_list_display, expertise, need and associated_to, and orders it', async () => {
      const all = await items('/page?type=advice&take=100');
      expect(all).toHaveLength(advice.length);
      const [a, b] = all;
      const excluded = await items(`/page?type=advice&take=100&exclude=${a.id},${b.id}`);
      expect(excluded).toHaveLength(advice.length - 2);
      expect(excluded.map((i) => i.id)).not.toEqual(expect.arrayContaining([a.id]));
      expect(excluded.map((i) => i.id)).not.toContain(b.id);

      const innovation = await items('/page?type=innovation&take=100');
      const categoryId = innovation.find((i) => i.innovation_category)!.innovation_category!.id;
      const inCategory = await items(`/page?type=innovation&take=100&innovationCategories=${categoryId}`);
      expect(inCategory.length).toBe(innovation.filter((i) => i.innovation_category?.id === categoryId).length);
      expect(inCategory.length).toBeGreaterThan(0);
      expect(inCategory.length).toBeLessThan(innovation.length);

      const withProducts = await items('/page?take=100&product_list_display=1');
      const associatedKeys = pages.filter((p) => p.published && (p.products ?? []).length > 0).map((p) => p.key);
      expect(withProducts.length).toBe(Math.min(100, associatedKeys.length));
      const ids = await t.db.selectFrom('page').select(['id', 'key']).execute();
      const keyOf = new Map(ids.map((r) => [r.id, r.key]));
      for (const item of withProducts) expect(associatedKeys).toContain(keyOf.get(item.id));

      const expertiseId = all.find((i) => i.expertise)!.expertise!.id;
      const byExpertise = await items(`/page?type=advice&take=100&expertise=${expertiseId}`);
      expect(byExpertise.length).toBe(all.filter((i) => i.expertise?.id === expertiseId).length);
      expect(byExpertise.every((i) => i.expertise?.id === expertiseId)).toBe(true);
      const needId = all.find((i) => i.need)!.need!.id;
      const byNeed = await items(`/page?take=100&need=${needId}`);
      expect(byNeed.length).toBeGreaterThan(0);
      expect(byNeed.every((i) => i.need?.id === needId)).toBe(true);

      const products = await api('/product?perPage=100').expect(200);
      const lac = products.body.data.items.find((p: { reference: string }) => p.reference === 'LAC-004');
      const associated = await items(`/page?take=100&associated_to=${lac.id}`);
      const expected = pages.filter((p) => p.published && (p.products ?? []).includes('LAC-004')).map((p) => p.key);
      expect(associated.map((i) => keyOf.get(i.id)).sort()).toEqual(expected.sort());

      const asc = await items('/page?type=advice&take=100&order_by=title&order=asc');
      const desc = await items('/page?type=advice&take=100&order_by=title&order=DESC');
      expect(desc.map((i) => i.id)).toEqual(asc.map((i) => i.id).reverse());
      const titles = asc.map((i) => i.title);
      expect(titles).toEqual([...titles].sort((x, y) => x.localeCompare(y, 'fr')));
      const byId = await items('/page?type=advice&take=100&order_by=id&order=desc');
      expect(byId.map((i) => i.id)).toEqual(all.map((i) => i.id).sort((x, y) => y - x));
    });

    it('shows one page with every field of a CMS page, its switch and its paragraphs; 404 for an unknown id', async () => {
      const list = await api(`/page?type=advice&take=100`).expect(200);
      const id = list.body.data.items.find((i: { slug: string }) => i.slug === ballonnements.texts.fr.slug).id;
      const res = await api(`/page/${id}`).expect(200);
      expect(res.body.data).toMatchObject({
        id,
        vid: expect.any(Number),
        title: ballonnements.texts.fr.title,
        switch: { fr: ballonnements.texts.fr.slug, de: ballonnements.texts.de.slug },
        paragraphs_display: ballonnements.toc.map((key) => ({ id: `paragraph-${key}`, title: expect.any(String) })),
        metas: { title: expect.any(String), description: expect.any(String) },
        need: { slug: 'ballonnements' },
      });
      expect(res.body.data.linked_pages.map((p: { slug: string }) => p.slug)).toEqual(
        ballonnements.linked_pages.map((k) => byKey(k).texts.fr.slug),
      );
      const associate = await api(`/page/${id}/associate`).expect(200);
      expect(associate.body.data.items).toHaveLength(ballonnements.linked_pages.length);
      // API messages are language-neutral, on either host (the pages say it in the visitor's language).
      for (const host of [FR, DE]) {
        const gone = await api('/page/2147483647?lang=de', host).expect(404);
        expect(gone.body).toMatchObject({ statusCode: 404, error: 'NOT_FOUND', message: 'Page not found' });
        const noLinks = await api('/page/2147483647/associate', host).expect(404);
        expect(noLinks.body.message).toBe('Page not found');
      }
    });

    it('answers the pages of a product (our advices)', async () => {
      const products = await api('/product?perPage=100').expect(200);
      const lac = products.body.data.items.find((p: { reference: string }) => p.reference === 'LAC-004');
      const res = await api(`/products/${lac.id}/pages?per_page=4`).expect(200);
      expect(res.body.data.items.length).toBeGreaterThan(0);
      expect(res.body.data.items.length).toBeLessThanOrEqual(4);
    });

    it('finds pages by type and slug through /url/entity, with the 301 of an old slug and 404 otherwise', async () => {
      const res = await api(`/url/entity?entity_type=advice&slug=${ballonnements.texts.fr.slug}&parents=true`).expect(
        200,
      );
      expect(res.body.data.items[0]).toMatchObject({
        slug: ballonnements.texts.fr.slug,
        type: 'advice',
        url: `/conseil/${ballonnements.texts.fr.slug}`,
        parent: null,
      });
      const corner = pages.find((p) => p.type === 'brand_corner_page')!;
      const child = await api(
        `/url/entity?entity_type=brand_corner_page&slug=${corner.texts.de.slug}&parents=1&lang=de`,
        DE,
      ).expect(200);
      expect(child.body.data.items[0].parent).toMatchObject({ type: 'brand_corner_main' });
      const moved = await api('/url/entity?entity_type=advice&slug=blahungen-was-tun&lang=de', DE).expect(200);
      expect(moved.body.data).toEqual({ code: 301, slug: ballonnements.texts.de.slug });
      await api(`/url/entity?entity_type=innovation&slug=${ballonnements.texts.fr.slug}`).expect(404);
      await api('/url/entity?entity_type=blog&slug=x').expect(400);
    });

    it('lists innovation categories with their slugs in the language asked', async () => {
      const res = await api('/innovation-categories?page_type=innovation&lang=de').expect(200);
      expect(res.body.data.items[0]).toMatchObject({ id: expect.any(Number), slug: 'forschung', name: 'Forschung' });
    });

    it('refuses bad parameters with a 400 naming each', async () => {
      for (const [query, field] of [
        ['type=blog', 'type'],
        ['published=0', 'published'],
        ['order_by=random', 'order_by'],
        ['order=sideways', 'order'],
        ['perPage=1000', 'perPage'],
        ['exclude=1,abc', 'exclude'],
        ['innovationCategories=1e300', 'innovationCategories'],
        ['product_list_display=maybe', 'product_list_display'],
        ['expertise=-1', 'expertise'],
        ['need=99999999999', 'need'],
        ['associated_to=x', 'associated_to'],
        ['colour=red', 'colour'],
      ]) {
        const res = await api(`/page?${query}`).expect(400);
        expect(JSON.stringify(res.body)).toContain(field);
      }
    });
  });
});
