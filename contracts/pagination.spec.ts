import { pageWindow } from './pagination';

describe(pageWindow.name, () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows the first, the last and two pages either side of the current one', () => {
    expect(pageWindow(1, 839)).toEqual([1, 2, 3, 4, 5, 839]);
    expect(pageWindow(400, 839)).toEqual([1, 398, 399, 400, 401, 402, 839]);
    expect(pageWindow(839, 839)).toEqual([1, 835, 836, 837, 838, 839]);
  });

  it('fills a gap of one page with that page instead of a "…"', () => {
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 20]);
    expect(pageWindow(16, 20)).toEqual([1, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('never shows more than nine numbers, in order and without repeats', () => {
    for (let pages = 1; pages <= 60; pages++)
      for (let current = 1; current <= pages; current++) {
        const shown = pageWindow(current, pages);
        expect(shown.length).toBeLessThanOrEqual(9);
        expect(shown).toContain(current);
        expect(shown[0]).toBe(1);
        expect(shown[shown.length - 1]).toBe(pages);
        expect([...shown].sort((a, b) => a - b)).toEqual(shown);
        expect(new Set(shown).size).toBe(shown.length);
      }
  });
});
