/**
 * The part of Swiper the slider islands use: the core and the three modules they take (A11y,
 * Keyboard, Navigation), imported by name so that the bundler keeps only those. Islands load this
 * module with `import()` once hydrated: `import('swiper/modules')` itself would bring all of Swiper's
 * modules (virtual slides, zoom, effects…), about 25 KB of compressed JavaScript no page uses.
 */
export { default as Swiper } from 'swiper';
export { A11y, Keyboard, Navigation } from 'swiper/modules';
