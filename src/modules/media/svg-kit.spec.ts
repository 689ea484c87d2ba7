import { contrast, escapeXml, parseColour, readableOn, textWidth, toHex, wrapText } from './svg-kit';

describe('svg-kit', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it('parses hex colours and vocabulary names, with a neutral default', () => {
    expect(toHex(parseColour('#0B7A75'))).toBe('#0b7a75');
    expect(toHex(parseColour('#fff'))).toBe('#ffffff');
    expect(toHex(parseColour('navy'))).toBe('#1b2a5c');
    expect(toHex(parseColour('url(#x)'))).toBe('#5b6b7a');
    expect(toHex(parseColour(undefined))).toBe('#5b6b7a');
  });

  it('darkens a colour until it reads on white', () => {
    const yellow = parseColour('#d4a017');
    expect(contrast(yellow, parseColour('#ffffff'))).toBeLessThan(4.5);
    expect(contrast(readableOn(yellow), parseColour('#ffffff'))).toBeGreaterThanOrEqual(4.5);
  });

  it('measures wider text as wider', () => {
    expect(textWidth('WWW', { size: 100 })).toBeGreaterThan(textWidth('iii', { size: 100 }));
    expect(textWidth('é', { size: 100 })).toBe(textWidth('e', { size: 100 }));
  });

  it('wraps on spaces, keeps no-break spaces, cuts an overlong word and ends cut text with an ellipsis', () => {
    const style = { size: 100, bold: true };
    expect(wrapText('Magnésium marin', 700, 3, style)).toEqual({ lines: ['Magnésium', 'marin'], overflow: false });
    expect(wrapText('500\u00a0mg', 400, 3, style).lines).toEqual(['500\u00a0mg']);
    const cut = wrapText('Supercalifragilisticexpialidocious', 600, 2, style);
    expect(cut.overflow).toBe(true);
    expect(cut.lines).toHaveLength(2);
    expect(cut.lines[0].endsWith('-')).toBe(true);
    expect(cut.lines[1].endsWith('…')).toBe(true);
    for (const line of cut.lines) expect(textWidth(line, style)).toBeLessThanOrEqual(600);
  });
});
