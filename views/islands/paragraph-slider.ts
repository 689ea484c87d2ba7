/** How many slides a slider shows (SPEC §9), by the width the page is laid out at. */
export type SliderPreset = 'solutions' | 'essentials';

/**
 * SPEC §9, the two slide counts it gives:
 * - "Solutions slider slides: 1.2 phone, 2.2 from 568, 3.2 from 768, 4.2 from 1024, 5 from 1280":
 *   the `our_solutions` paragraph (product cards);
 * - "home essentials slider 1, 2 (768), 3 (1024)": every other slider paragraph (`slider`,
 *   `horizontal_slider`, `steps_slider`: pictures or steps with text, which need a whole card's width).
 */
export const SLIDES_PER_VIEW: Record<SliderPreset, Array<[minWidth: number, slides: number]>> = {
  solutions: [
    [0, 1.2],
    [568, 2.2],
    [768, 3.2],
    [1024, 4.2],
    [1280, 5],
  ],
  essentials: [
    [0, 1],
    [768, 2],
    [1024, 3],
  ],
};

export function slidesPerView(preset: SliderPreset, width: number): number {
  let slides = SLIDES_PER_VIEW[preset][0][1];
  for (const [min, count] of SLIDES_PER_VIEW[preset]) if (width >= min) slides = count;
  return slides;
}

/** Swiper's `breakpoints` option for a preset (Swiper applies a breakpoint from its width up). */
export function swiperBreakpoints(preset: SliderPreset): Record<number, { slidesPerView: number }> {
  return Object.fromEntries(SLIDES_PER_VIEW[preset].slice(1).map(([min, slides]) => [min, { slidesPerView: slides }]));
}
