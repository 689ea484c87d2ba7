import { PDFDocument } from 'pdf-lib';
import { PDFTOTEXT, pdfLibText, pdftotext } from '../../../test/support/pdf-text';
import { simplePdf } from './pdf';

const TITLE = 'Lactibiane Référence – 30 gélules';
const SUBTITLE = 'Fiche produit - LAC30 - Laboratoire';
const BODY = [
  'Dénomination légale : complément alimentaire à base de ferments lactiques, 10¹⁰ UFC × 2 par jour.',
  'Zutaten: Maltodextrin, Bakterienkulturen (Müller, Straße), Preis 12,50 € … „Zitat“ “citation” l’œuf — Œ.',
  'Caractères hors police : ✓ 漢字.',
].join('\n');
/**
 * What the body reads as once drawn: ¹ ² ³ are in the font, other superscript digits become digits,
 * characters outside the font "?" (as the hand-written writer did).
 */
const DRAWN = [
  'complément alimentaire à base de ferments lactiques, 10¹0 UFC × 2 par jour.',
  'Preis 12,50 € …',
  '“citation” l’œuf — Œ.',
  'Caractères hors police : ? ??.',
];

/** Lines joined back into one text with single spaces (the layout wraps them). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('simplePdf (pdf-lib)', () => {
  it('writes a valid A4 PDF with the title, subtitle and body, accents included', async () => {
    const pdf = await simplePdf(TITLE, SUBTITLE, BODY);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getTitle()).toBe(TITLE);
    const { text } = await pdfLibText(pdf);
    for (const expected of [TITLE, SUBTITLE, 'Dénomination légale', 'Straße', ...DRAWN]) {
      expect(flat(text)).toContain(expected);
    }
  });

  (PDFTOTEXT ? it : it.skip)('reads the same with poppler (pdftotext)', async () => {
    const text = flat(pdftotext(await simplePdf(TITLE, SUBTITLE, BODY)));
    for (const expected of [TITLE, SUBTITLE, 'Dénomination légale', 'Straße', ...DRAWN]) {
      expect(text).toContain(expected);
    }
  });

  it('wraps long paragraphs within the page and continues on a new page, losing no word', async () => {
    const words = Array.from({ length: 1500 }, (_, i) => `mot${i}`);
    const pdf = await simplePdf(
      'Titre',
      'Sous-titre',
      `${words.slice(0, 700).join(' ')}\n${words.slice(700).join(' ')}`,
    );
    const { pages, text } = await pdfLibText(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(
      flat(text)
        .split(' ')
        .filter((word) => word.startsWith('mot')),
    ).toEqual(words);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(pages);
  });
});
