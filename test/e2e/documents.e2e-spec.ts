import request from 'supertest';
import { PDFDocument } from 'pdf-lib';
import deShell from '../../i18n/de/shell.json';
import frShell from '../../i18n/fr/shell.json';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { pick, textOf } from '../support/content';
import { PDFTOTEXT, pdfLibText, pdftotext } from '../support/pdf-text';

const APP_TITLE = { fr: frShell.app_title, de: deShell.app_title };

/** Texts of a served PDF: what pdf-lib reads of it, and poppler's reading when installed. */
async function textsOfPdf(pdf: Buffer): Promise<string[]> {
  const texts = [(await pdfLibText(pdf)).text];
  if (PDFTOTEXT) texts.push(pdftotext(pdf));
  return texts.map((text) => text.replace(/\s+/g, ' '));
}

describe('product documents as PDF (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.app.close());

  it.each([
    ['fr', FR],
    ['de', DE],
  ] as const)('serves the %s document: a valid PDF with the product texts, accents included', async (locale, host) => {
    const product = pick((p) => p.documents.length > 0 && /[à-ÿ]/i.test(p.texts.fr.name), 'product with documents');
    const document = product.documents[0];
    const res = await request(t.server)
      .get(`/documents/${document.file}`)
      .set('Host', host)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200)
      .expect('Content-Type', 'application/pdf');
    const pdf = res.body as Buffer;
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);
    const texts = product.texts[locale];
    // The first words of the legal denomination, as the product page shows them.
    const denomination = textOf(texts.legal_denomination ?? '')
      .split(' ')
      .slice(0, 4)
      .join(' ');
    expect(denomination.length).toBeGreaterThan(10);
    for (const text of await textsOfPdf(pdf)) {
      expect(text).toContain(texts.name);
      expect(text).toContain(`${document.title[locale]} - ${product.reference} - ${APP_TITLE[locale]}`);
      expect(text).toContain(denomination);
    }
  });
});
