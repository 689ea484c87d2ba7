import { canPrefetch } from './platform';

/** SPEC §4: link prefetching is skipped on 2g, with data saver, or offline. */
describe('link prefetching', () => {
  const navigatorWith = (onLine: boolean, connection?: { saveData?: boolean; effectiveType?: string }) =>
    ({ onLine, connection }) as unknown as Navigator;

  it('prefetches online on a fast or unknown connection', () => {
    expect(canPrefetch(navigatorWith(true))).toBe(true);
    expect(canPrefetch(navigatorWith(true, { effectiveType: '4g', saveData: false }))).toBe(true);
    expect(canPrefetch(navigatorWith(true, { effectiveType: '3g' }))).toBe(true);
  });

  it('not offline', () => {
    expect(canPrefetch(navigatorWith(false))).toBe(false);
    expect(canPrefetch(navigatorWith(false, { effectiveType: '4g' }))).toBe(false);
  });

  it('not with data saver', () => {
    expect(canPrefetch(navigatorWith(true, { saveData: true, effectiveType: '4g' }))).toBe(false);
  });

  it('not on 2g or slow-2g', () => {
    expect(canPrefetch(navigatorWith(true, { effectiveType: '2g' }))).toBe(false);
    expect(canPrefetch(navigatorWith(true, { effectiveType: 'slow-2g' }))).toBe(false);
  });
});
