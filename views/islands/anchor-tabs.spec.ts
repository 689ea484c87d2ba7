import { activeAnchor, anchorScrollTarget } from './anchor-tabs';
import { sliderButtons, visibleSlides } from './brand-slider';

describe('anchor tabs (SPEC §4)', () => {
  it('makes active the last section whose top is at most 135 px', () => {
    expect(activeAnchor([400, 900, 1500])).toBe(0);
    expect(activeAnchor([-300, 135, 700])).toBe(1);
    expect(activeAnchor([-900, -300, 136])).toBe(1);
    expect(activeAnchor([-900, -300, 10])).toBe(2);
  });

  it('scrolls to a section with an offset of 85 px, 110 px once the tabs are fixed', () => {
    expect(anchorScrollTarget(500, 0, false)).toBe(415);
    expect(anchorScrollTarget(500, 1000, true)).toBe(1390);
    expect(anchorScrollTarget(20, 0, true)).toBe(0);
  });
});

describe('brand slider (SPEC §4 "Home slider")', () => {
  it('shows 1 slide on a phone, 2 on a tablet, 3 on a desktop', () => {
    expect(visibleSlides(390)).toBe(1);
    expect(visibleSlides(767)).toBe(1);
    expect(visibleSlides(768)).toBe(2);
    expect(visibleSlides(1024)).toBe(2);
    expect(visibleSlides(1366)).toBe(3);
  });

  it('has buttons only when the brands exceed the visible slides, each hidden at its end', () => {
    expect(sliderButtons(0, 3, 3)).toEqual({ previous: false, next: false });
    expect(sliderButtons(0, 5, 3)).toEqual({ previous: false, next: true });
    expect(sliderButtons(1, 5, 3)).toEqual({ previous: true, next: true });
    expect(sliderButtons(2, 5, 3)).toEqual({ previous: true, next: false });
    expect(sliderButtons(0, 1, 1)).toEqual({ previous: false, next: false });
  });
});
