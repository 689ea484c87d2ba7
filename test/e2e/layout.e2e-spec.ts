import request from 'supertest';
import deShell from '../../i18n/de/shell.json';
import frShell from '../../i18n/fr/shell.json';
import itShell from '../../i18n/it/shell.json';
import nlShell from '../../i18n/nl/shell.json';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { decodeHtml, linkTexts } from '../support/http';

/** SPEC §2.2 layout shell, as the server sends it (what works before and without JavaScript). */
describe('layout shell (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  const get = (host: string, path = '/') => request(t.server).get(path).set('Host', host);

  it.each([
    [FR, frShell, '/interlocuteur', '/resultats', 'https://pro.example.ch/fr'],
    [DE, deShell, '/ansprechpartner', '/ergebnisse', 'https://pro.example.ch/de'],
  ])(
    'on %s: skip links, header, menu and footer in the visitor language',
    async (host, texts, advice, results, pro) => {
      const res = await get(host).expect(200);
      const html = res.text;
      const text = decodeHtml(html);
      expect(linkTexts(html, '#main-content')).toEqual([texts.skip_to_content]);
      expect(linkTexts(html, '#main-menu')).toEqual([texts.skip_to_menu]);
      expect(linkTexts(html, '#header-search')).toEqual([texts.skip_to_search]);
      expect(html).toContain('id="main-content"');
      expect(html).toContain('id="main-menu"');
      expect(html).toContain('id="header-search"');
      expect(linkTexts(html, advice)).toContain(texts.who_can_advise);
      expect(linkTexts(html, pro)).toContain(`${texts.pro_area} ${texts.external_site}`);
      // The search box GETs the results page with the text in q.
      expect(html).toMatch(new RegExp(`<form[^>]*role="search"[^>]*action="${results}" method="get"`));
      expect(html).toMatch(/<input[^>]*id="header-search"[^>]*name="q"/);
      // Main menu: needs, products, brands, advice, quality and innovation, about.
      expect((html.match(/class="main-nav__item/g) ?? []).length).toBe(6);
      // Footer: rotating text (first one server-side), copyright, photos note, social links.
      expect(text).toMatch(/©\s2026 Laboratoire Santé Nature/);
      expect(html).toContain('class="footer-social__link"');
      expect(html).toContain('data-island="RotatingText"');
      // No breadcrumb on home; no QR modal without utm_medium=QRcode.
      expect(html).not.toContain('class="breadcrumb"');
      expect(html).not.toContain('qr-modal');
      // The CSP has style-src 'self': no inline style attribute anywhere.
      expect(html).not.toMatch(/\sstyle="/);
    },
  );

  it('links the language switch to the same page on the other host', async () => {
    const res = await get(FR).expect(200);
    expect(res.text).toMatch(/<a[^>]*href="http:\/\/produkte\.localhost\/"[^>]*hrefLang="de"[^>]*>Deutsch<\/a>/);
    expect(res.text).toMatch(/href="http:\/\/prodotti\.it\.localhost\/"[^>]*hrefLang="it-IT"/);
  });

  it('offers every language in a modal after a QR-code scan', async () => {
    const res = await get(DE, '/?utm_medium=QRcode').expect(200);
    const html = res.text;
    expect(html).toContain('data-island="QrLanguageModal"');
    expect(html).toMatch(/<dialog class="qr-modal"/);
    expect(decodeHtml(html)).toContain(deShell.qr_title);
    // Each choice in its own language, without the utm query (the modal must not come back).
    expect(decodeHtml(html)).toContain(frShell.qr_continue);
    expect(decodeHtml(html)).toContain(deShell.qr_continue);
    expect(html).toMatch(/<a class="button qr-modal__choice" href="http:\/\/produits\.localhost\/"/);
    expect(html).not.toMatch(/qr-modal__choice" href="[^"]*utm_medium/);
  });

  it('renders the hidden old-browser notice and the remembered-dismissal hooks', async () => {
    const res = await get(FR).expect(200);
    expect(res.text).toContain('class="old-browser-notice"');
    expect(res.text).toMatch(/<script noModule="" defer="" src="\/old-browser.js">/);
    expect(res.text).toContain("'old-browser-notice-dismissed'");
    expect(res.text).toContain("'discount-banner-hidden'");
    expect(res.text).toContain('data-island="DiscountBanner"');
  });

  it.each([
    ['produits.fr.localhost', 'fr-FR', frShell.skip_to_content, 'Laboratoire Santé Nature France SAS'],
    ['prodotti.it.localhost', 'it-IT', itShell.skip_to_content, 'Laboratoire Santé Nature Italia S.r.l.'],
    ['producten.be.localhost', 'nl-BE', nlShell.skip_to_content, 'Laboratoire Santé Nature Belgium BV'],
  ])('serves the %s site in its own language with its own content', async (host, lang, skip, company) => {
    const res = await get(host).expect(200);
    expect(res.text).toContain(`<html lang="${lang}"`);
    expect(linkTexts(res.text, '#main-content')).toEqual([skip]);
    expect(decodeHtml(res.text)).toContain(company);
  });
});
