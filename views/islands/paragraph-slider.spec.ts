import { slidesPerView, swiperBreakpoints } from './paragraph-slider';

describe('paragraph sliders (SPEC §9 slide counts)', () => {
  it('solutions: 1.2 on a phone, 2.2 from 568, 3.2 from 768, 4.2 from 1024, 5 from 1280', () => {
    const at = (width: number) => slidesPerView('solutions', width);
    expect([320, 567, 568, 767, 768, 1023, 1024, 1279, 1280, 1920].map(at)).toEqual([
      1.2, 1.2, 2.2, 2.2, 3.2, 3.2, 4.2, 4.2, 5, 5,
    ]);
    expect(swiperBreakpoints('solutions')).toEqual({
      568: { slidesPerView: 2.2 },
      768: { slidesPerView: 3.2 },
      1024: { slidesPerView: 4.2 },
      1280: { slidesPerView: 5 },
    });
  });

  it('the other sliders, as the home essentials: 1, 2 from 768, 3 from 1024', () => {
    const at = (width: number) => slidesPerView('essentials', width);
    expect([320, 390, 767, 768, 1023, 1024, 1366].map(at)).toEqual([1, 1, 1, 2, 2, 3, 3]);
    expect(swiperBreakpoints('essentials')).toEqual({ 768: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } });
  });
});
