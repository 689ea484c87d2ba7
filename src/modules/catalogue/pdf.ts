import type { PDFFont, PDFPage } from 'pdf-lib';

/** A4 in points. */
const [PAGE_WIDTH, PAGE_HEIGHT] = [595.28, 841.89];
const MARGIN = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * Text a standard PDF font can draw: Helvetica is encoded in WinAnsi (Latin-1 plus € … ’ “ ” – — œ
 * Œ and the like), which covers French and German; superscript digits become digits, anything else
 * outside the font becomes "?".
 */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) as number;
    if (known.has(code)) out += ch;
    else if (SUPERSCRIPT_DIGITS.includes(ch)) out += String(SUPERSCRIPT_DIGITS.indexOf(ch));
    else if (/\s/.test(ch)) out += ' ';
    else out += '?';
  }
  return out;
}

/** Lines no wider than `width` at `size`: words kept whole unless one alone is too wide. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const ch of word) {
      if (fits(line + ch)) line += ch;
      else {
        lines.push(line);
        line = ch;
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A product document (the demo pack ships titles but no files): A4, the title in Helvetica Bold, a
 * subtitle, then the body's paragraphs, continued on further pages when they do not fit one.
 */
export async function simplePdf(title: string, subtitle: string, body: string): Promise<Buffer> {
  // Loaded on the first document: pdf-lib weighs about 5 MB of memory that most processes never use.
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(drawable(regular, title));
  doc.setSubject(drawable(regular, subtitle));

  let page: PDFPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - 62;
  const write = (text: string, font: PDFFont, size: number, leading: number) => {
    for (const line of wrap(drawable(font, text), font, size, TEXT_WIDTH)) {
      if (y < MARGIN) {
        page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
        y = PAGE_HEIGHT - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y, size, font });
      y -= leading;
    }
  };

  write(title, bold, 18, 22);
  write(subtitle, regular, 11, 28);
  for (const paragraph of body.split(/\n+/).filter((p) => p.trim())) {
    write(paragraph, regular, 10, 14);
    y -= 14;
  }
  return Buffer.from(await doc.save());
}
