import { autoplayNext, clampIndex, indexForKey, indexFromScroll, navigationAt } from './slider';

describe('header slider index logic', () => {
  it('reads the shown slide from the scroll position', () => {
    expect(indexFromScroll(0, 1000, 3)).toBe(0);
    expect(indexFromScroll(990, 1000, 3)).toBe(1);
    expect(indexFromScroll(1600, 1000, 3)).toBe(2);
    expect(indexFromScroll(9000, 1000, 3)).toBe(2);
    expect(indexFromScroll(500, 0, 3)).toBe(0);
  });

  it('clamps indexes into the slides', () => {
    expect(clampIndex(-2, 3)).toBe(0);
    expect(clampIndex(7, 3)).toBe(2);
    expect(clampIndex(1, 0)).toBe(0);
  });

  it('autoplays round', () => {
    expect([0, 1, 2].map((i) => autoplayNext(i, 3))).toEqual([1, 2, 0]);
    expect(autoplayNext(0, 1)).toBe(0);
  });

  it('hides previous on the first slide and next on the last', () => {
    expect(navigationAt(0, 3)).toEqual({ previous: false, next: true });
    expect(navigationAt(1, 3)).toEqual({ previous: true, next: true });
    expect(navigationAt(2, 3)).toEqual({ previous: true, next: false });
    expect(navigationAt(0, 1)).toEqual({ previous: false, next: false });
  });

  it('moves with arrow keys, Home and End, never past the ends', () => {
    expect(indexForKey('ArrowRight', 0, 3)).toBe(1);
    expect(indexForKey('ArrowRight', 2, 3)).toBeNull();
    expect(indexForKey('ArrowLeft', 0, 3)).toBeNull();
    expect(indexForKey('ArrowLeft', 2, 3)).toBe(1);
    expect(indexForKey('End', 0, 3)).toBe(2);
    expect(indexForKey('Home', 2, 3)).toBe(0);
    expect(indexForKey('Enter', 1, 3)).toBeNull();
  });
});
