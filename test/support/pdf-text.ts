import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFRawStream,
  StandardFonts,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';

/** Poppler's pdftotext (Debian's poppler-utils), when installed. */
export const PDFTOTEXT = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((path) => existsSync(path));

export function pdftotext(pdf: Buffer): string {
  const run = spawnSync(PDFTOTEXT as string, ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

/**
 * The text a PDF of ours draws, read without poppler: pdf-lib parses the file (a broken one throws),
 * then every `<hex> Tj` of the pages' content streams is decoded from WinAnsi (the standard fonts'
 * encoding), one line per Tj.
 */
export async function pdfLibText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await PDFDocument.load(pdf);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const unicodeOf = new Map<number, string>();
  for (const code of font.getCharacterSet()) {
    const ch = String.fromCodePoint(code);
    const hex = /^<([0-9A-F]{2})>$/i.exec(font.encodeText(ch).toString())?.[1];
    if (hex) unicodeOf.set(parseInt(hex, 16), ch);
  }
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    for (const stream of contentStreams(page)) {
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        let line = '';
        for (let i = 0; i < hex.length; i += 2) line += unicodeOf.get(parseInt(hex.slice(i, i + 2), 16)) ?? '\ufffd';
        lines.push(line);
      }
    }
  }
  return { pages: doc.getPageCount(), text: lines.join('\n') };
}

function contentStreams(page: PDFPage): PDFRawStream[] {
  const contents: PDFObject | undefined = page.node.Contents();
  const items = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return items
    .map((item) => page.doc.context.lookup(item))
    .filter((item): item is PDFRawStream => item instanceof PDFRawStream);
}
