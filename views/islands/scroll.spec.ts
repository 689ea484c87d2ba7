import { lastReached, linearScroll, SCROLL_TO_MS } from './scroll';
import { activeTocAnchor, READING_LINE, tocScrollTarget } from './toc';

describe('in-page scroll (SPEC §9 "scroll-to 500 ms linear")', () => {
  it('takes 500 ms and moves the same distance in each equal slice of time', () => {
    expect(SCROLL_TO_MS).toBe(500);
    expect(linearScroll(0, 1000, 0)).toBe(0);
    expect(linearScroll(0, 1000, 125)).toBe(250);
    expect(linearScroll(0, 1000, 250)).toBe(500);
    expect(linearScroll(1000, 0, 400)).toBe(200);
    expect(linearScroll(0, 1000, 499)).toBe(998);
    expect(linearScroll(0, 1000, 500)).toBe(1000);
    expect(linearScroll(0, 1000, 600)).toBe(1000);
    expect(linearScroll(300, 1300, -20)).toBe(300);
  });

  it('tells the section being read: the last one whose top reached the line, the first by default', () => {
    expect(lastReached([400, 900], 135)).toBe(0);
    expect(lastReached([-300, 135, 700], 135)).toBe(1);
    expect(lastReached([-900, -300, 10], 135)).toBe(2);
    expect(lastReached([], 135)).toBe(0);
  });
});

describe('table of contents', () => {
  it('marks the paragraph whose top passed the reading line, none without entries', () => {
    const at = (tops: number[]) => activeTocAnchor(tops.map((top, i) => ({ anchor: `p${i + 1}`, top })));
    expect(at([300, 900, 1500])).toBe('p1');
    expect(at([-400, READING_LINE, 900])).toBe('p2');
    expect(at([-400, READING_LINE + 1, 900])).toBe('p1');
    expect(at([])).toBeNull();
  });

  it('stops a paragraph 120 px below the viewport top, never above the page', () => {
    expect(tocScrollTarget(800, 200)).toBe(880);
    expect(tocScrollTarget(50, 0)).toBe(0);
  });
});
