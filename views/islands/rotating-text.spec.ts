import { nextTextIndex, parseRotatingTexts } from './rotating-text';

describe('rotating text', () => {
  it('reads the JSON array setting', () => {
    expect(parseRotatingTexts('["Un","Deux"]')).toEqual(['Un', 'Deux']);
  });

  it.each([undefined, '', 'Un texte', '{"a":"b"}', '[1, null, " "]'])('yields no text for %p', (setting) => {
    expect(parseRotatingTexts(setting)).toEqual([]);
  });

  it('cycles through the texts', () => {
    expect([0, 1, 2].map((i) => nextTextIndex(i, 3))).toEqual([1, 2, 0]);
    expect(nextTextIndex(0, 1)).toBe(0);
    expect(nextTextIndex(3, 0)).toBe(0);
  });
});
